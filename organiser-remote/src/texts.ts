// Every Portuguese string of the organiser remote, exactly as the specification writes it.
export const texts = {
  entryTitle: 'Momentos',
  entryWelcome: 'Reúna as fotos e os vídeos do seu evento em um só lugar.',
  eventListTitle: 'Gerenciar eventos',
  eventFormTitle: 'Dados gerais',
  comingSoon: 'Esta tela está em construção.',
} as const;
