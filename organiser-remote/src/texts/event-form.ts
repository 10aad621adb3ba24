// The event form and its albums. Spec texts exactly; lines the spec leaves open say "(not in the
// spec)".

export const eventForm = {
  createTitle: 'Novo evento', // (not in the spec)
  editTitle: 'Editar evento', // (not in the spec)
  tabsLabel: 'Seções do evento', // (not in the spec)
  generalTab: 'Dados gerais',
  albumsTab: 'Álbuns',
  previewAlt: 'Prévia da imagem do evento', // (not in the spec)
  name: 'Nome do evento', // (not in the spec)
  date: 'Data', // (not in the spec)
  time: 'Horário', // (not in the spec)
  location: 'Local', // (not in the spec)
  contact: 'E-mail do contratante', // (not in the spec)
  image: 'Imagem do evento', // (not in the spec)
  imageHint: 'Tamanho máx: 5MB',
  imageTooLarge: 'A imagem escolhida tem {size} MB. Escolha uma imagem de até 5 MB.', // (not in the spec)
  required: 'Campo obrigatório.', // (not in the spec)
  invalidEmail: 'Informe um e-mail válido.', // (not in the spec)
  create: 'Cadastrar',
  update: 'Atualizar',
  saving: 'Salvando…', // (not in the spec)
  loadingEvent: 'Carregando evento…', // (not in the spec)
  closeDialog: 'Fechar',
  createdTitle: 'Evento cadastrado com sucesso',
  createdMessage: 'O evento foi cadastrado com sucesso e agora está disponível.',
  updatedTitle: 'Evento atualizado com sucesso',
  updatedMessage: 'As alterações no evento foram realizadas com sucesso.',
  errorTitle: 'Não foi possível salvar', // (not in the spec)
  errorMessage: 'Um erro inesperado ocorreu. Se persistir, contate o suporte.',
  loadFailed: 'Um erro inesperado ocorreu. Por favor, se persistir contate o suporte',
  // Who sees the photos, and when (issue 12)
  visibilityLegend: 'Quem vê as fotos',
  visibilityOpen: 'Aberto',
  visibilityOpenHint: 'Os convidados veem as fotos dos álbuns públicos.',
  visibilityUploadOnly: 'Só envio',
  visibilityUploadOnlyHint: 'Os convidados enviam fotos, mas só você as vê.',
  visibilityReveal: 'Revelar em',
  visibilityRevealHint: 'As galerias abrem para os convidados na data escolhida.',
  revealAt: 'Data e hora da revelação',
  revealRequired: 'Informe a data e a hora da revelação.',
  uploadsCloseAt: 'Envio de fotos até (opcional)',
  uploadsCloseHint: 'Depois disso, os convidados não conseguem mais enviar fotos.',
  pin: 'PIN para convidados (opcional)',
  pinHint: 'Recomendamos 6 números (aceita de 4 a 8). Os convidados digitam uma vez no aparelho; deixe vazio para não pedir.',
  pinShortHint: 'Um PIN de 4 ou 5 números é mais fácil de adivinhar: recomendamos 6.',
  pinInvalid: 'O PIN deve ter de 4 a 8 números (recomendamos 6).',
  /** Issue 26. */
  messagesRequireApproval: 'Aprovar recados antes de publicar?',
  // Issue 22.
  guestDownloads: 'Convidados podem baixar as fotos',
  guestDownloadsHint: 'Desmarcado, os convidados veem as fotos, mas não baixam os originais. Você sempre pode baixar tudo.',
  // Issue 25.
  videoMax: 'Duração máxima dos vídeos',
  videoMaxHint: 'Em segundos (ex.: 180 para 3 min). Vazio: o limite padrão do servidor.',
  videoMaxInvalid: 'Informe um número inteiro de segundos, de 1 a 86400, ou deixe vazio.',
} as const;

export const albums = {
  listLabel: 'Álbuns do evento', // (not in the spec)
  loading: 'Carregando álbuns…', // (not in the spec)
  create: 'Novo',
  createTitle: 'Novo álbum', // (not in the spec)
  editTitle: 'Editar álbum', // (not in the spec)
  closeModal: 'Fechar modal',
  name: '* Nome do álbum',
  description: '* Descrição',
  isPublic: 'Álbum público?',
  isAvailable: 'Disponível para upload?',
  requiresApproval: 'Aprovar fotos antes de publicar?', // (issue 11)
  viewPhotos: 'Ver fotos', // (issue 11)
  photoCount: '{n} itens', // (issue 11)
  onePhoto: '1 item',
  coverOf: 'Foto mais recente do álbum {name}',
  required: 'Campo obrigatório.', // (not in the spec)
  add: 'Adicionar',
  edit: 'Editar',
  remove: 'Excluir',
  working: 'Salvando…', // (not in the spec)
  removing: 'Excluindo…', // (not in the spec)
  closeDialog: 'Fechar',
  createdTitle: 'Álbum cadastrado com sucesso',
  createdMessage: 'O álbum foi cadastrado com sucesso e agora está disponível.',
  updatedTitle: 'Álbum atualizado com sucesso',
  updatedMessage: 'As alterações no álbum foram realizadas com sucesso.',
  removedTitle: 'Álbum excluído',
  removedMessage: 'O álbum foi excluído com sucesso e agora ele não está mais disponível.',
  errorTitle: 'Não foi possível concluir', // (not in the spec)
  errorMessage: 'Um erro inesperado ocorreu. Se persistir, contate o suporte.',
} as const;
