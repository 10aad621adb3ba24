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

  // The organiser's photo screen (issue 11; not in the spec).
  eventPhotosTitle: 'Fotos do evento',
  backToEvents: 'Voltar para eventos',
  albumScope: 'Álbum',
  allAlbums: 'Todos os álbuns',
  privateAlbum: '{name} (privado)',
  filterGuest: 'Convidado: {name}',
  filterGuests: 'Filtrar por convidado',
  downloadAll: 'Baixar tudo',
  preparingDownload: 'Preparando download…',
  downloadError: 'Não foi possível iniciar o download. Tente novamente.',
  select: 'Selecionar',
  cancelSelection: 'Cancelar seleção',
  selectAll: 'Selecionar todas',
  selectedCount: '{n} selecionada(s)',
  selectionActions: 'Ações das fotos selecionadas',
  hide: 'Ocultar',
  show: 'Mostrar',
  approve: 'Aprovar',
  deletePhoto: 'Excluir foto',
  deleteTitle: 'Excluir foto',
  deleteQuestion: 'Excluir {n} foto(s) do evento? O arquivo original e as miniaturas serão apagados. Esta ação não pode ser desfeita.',
  markHidden: 'Oculta',
  markPending: 'Aguardando aprovação',
  moderationError: 'Não foi possível alterar {n} foto(s). Tente novamente.',
  moderationDone: '{n} foto(s) atualizada(s).',
  deleted: '{n} foto(s) excluída(s).',
  ownerPhotos: 'Fotos do evento',
  pendingCount: '{n} aguardando aprovação',
} as const;
