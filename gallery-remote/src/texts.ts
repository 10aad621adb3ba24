// Every Portuguese string of the gallery remote. Spec texts are copied exactly; the few labels the
// spec leaves open (accessible names, the processing badge) are marked "not in the spec".
export const texts = {
  galleryTitle: 'Galeria de fotos',
  backToAlbums: 'Listar álbuns',
  presentationMode: 'Modo Apresentação',
  newPhotosAvailable: 'Novas fotos disponíveis! Clique para atualizar',
  empty: 'Nenhuma foto encontrada',
  loadError: 'Erro ao carregar as fotos. Tente novamente.',
  processingError: 'Erro ao processar',
  newPhotosToast: 'Novas fotos foram adicionadas!',

  // Lightbox (spec §2: the download button is titled 'Baixar imagem').
  downloadImage: 'Baixar imagem',

  // Filter dialog.
  filterBy: 'Filtrar por quem enviou:',
  filterAll: 'Todos',
  filterNoGuests: 'Nenhum convidado encontrado',
  cancel: 'Cancelar',
  filter: 'Filtrar',

  // Presentation mode.
  faster: 'Mais rápido',
  slower: 'Mais lento',
  noImages: 'Nenhuma imagem disponível',
  close: 'Fechar',
  position: '{n} / {total}',

  // Bottom navigation (spec §2, as on the album list).
  navAlbum: 'Álbum',
  navNewPhoto: 'Nova foto',
  navFilter: 'Filtrar',
  navShare: 'Compartilhar',

  // Invite dialog ('Compartilhar convite', 'Copiar link' and 'Link copiado com sucesso' are spec texts).
  inviteTitle: 'Compartilhar convite',
  inviteCopy: 'Copiar link',
  inviteCopied: 'Link copiado com sucesso',

  // Tour wording reused by the presentation controls ('Anterior', 'Próximo' are spec texts).
  previous: 'Anterior',
  next: 'Próximo',

  // Not in the spec: accessible names and small labels.
  loading: 'Carregando fotos',
  processing: 'Processando…',
  noThumbnail: 'Sem miniatura',
  photoBy: 'Foto enviada por {name}',
  videoBy: 'Vídeo enviado por {name}',
  photos: 'Fotos do álbum',
  navigation: 'Navegação da galeria',
  pause: 'Pausar',
  resume: 'Retomar',
  interval: 'Intervalo: {seconds} s',
  presentationProgress: 'Progresso da apresentação',
  presentation: 'Apresentação',
  inviteQr: 'QR code do convite',
  inviteLink: 'Link do convite',
  lightbox: 'Visualizador de fotos',
  lightboxPrevious: 'Anterior',
  lightboxNext: 'Próximo',
  zoomIn: 'Aumentar zoom',
  zoomOut: 'Diminuir zoom',
  enterFullscreen: 'Tela cheia',
  exitFullscreen: 'Sair da tela cheia',
  showThumbnails: 'Mostrar miniaturas',
  hideThumbnails: 'Ocultar miniaturas',
} as const;
