// The welcome's Portuguese strings: its own chunk carries only these (the first visit's budget).
// Spec texts exactly as the specification writes them; where it elides a sentence's end ('...'), the
// ending is ours; `{x}` placeholders are filled with formatText from design-kit.
export const texts = {
  loading: 'Carregando...',

  // Welcome and album list (spec §2 'Guest event screen')
  welcomeFallbackTitle: 'Bem-vindo!',
  welcomeMessage: 'Ajude os noivos a reviver este dia: registre os seus momentos e compartilhe as suas fotos e vídeos.',
  registerMoment: 'Registrar um momento',
  shareInvite: 'Compartilhar convite',
  albumsTitle: 'Álbuns de Fotos',
  noAlbums: 'Nenhum álbum encontrado',
  navigationLabel: 'Navegação do evento',
  navAlbum: 'Álbum',
  navNewPhoto: 'Nova foto',
  navShare: 'Compartilhar',
  /** Issue 26: the guestbook's entry point. */
  leaveMessage: 'Deixar um recado',

  // Invite dialog
  inviteDialogTitle: 'Compartilhar convite',
  close: 'Fechar',
  copyLink: 'Copiar link',
  linkCopied: 'Link copiado com sucesso',
  inviteQrLabel: 'QR code do convite',
  inviteLinkLabel: 'Link do convite',
  inviteNote: 'Qualquer pessoa com este link pode enviar fotos para o evento.',
} as const;
