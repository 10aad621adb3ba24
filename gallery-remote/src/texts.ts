// Every Portuguese string of the gallery remote, exactly as the specification writes it.
export const texts = {
  galleryTitle: 'Galeria de fotos',
  comingSoon: 'Esta tela está em construção.',
} as const;
