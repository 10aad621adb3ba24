// Every Portuguese string of the guest remote, exactly as the specification writes it.
export const texts = {
  resolvingInvite: 'Abrindo convite...',
  albumsTitle: 'Álbuns de Fotos',
  uploadTitle: 'Registrar momento',
  comingSoon: 'Esta tela está em construção.',
} as const;
