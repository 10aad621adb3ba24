// The organiser's event screens: the menu, the event list and its tour, sharing, the printable kit,
// deleting, the event form and its albums (spec §2, §5, §8). Quoted spec texts are copied exactly;
// lines the spec leaves open are marked "(not in the spec)".
export const eventTexts = {
  menu: {
    label: 'Menu principal', // (not in the spec)
    events: 'Eventos',
    create: 'Novo',
    account: 'Conta', // issue 27: 'Minha conta'
    signOut: 'Sair',
  },

  eventList: {
    header: 'Gerenciar eventos',
    title: 'Meus eventos', // (not in the spec)
    subtitle: 'Tudo o que você organiza, em um só lugar', // (not in the spec)
    description: 'Compartilhe o convite, edite ou exclua cada evento pelo menu de opções.', // (not in the spec)
    help: 'Ajuda',
    helpTooltip: 'Iniciar tour de ajuda',
    upcoming: 'Próximos',
    finished: 'Finalizados',
    listLabel: 'Lista de eventos', // (not in the spec)
    loading: 'Carregando eventos…', // (not in the spec)
    empty: 'Nenhum evento encontrado :(',
    imageOf: 'Imagem do evento {name}', // (not in the spec)
    options: 'Opções do evento {name}', // (not in the spec)
    share: 'Compartilhar',
    photos: 'Fotos', // (issue 11)
    wall: 'Telão', // (issue 12)
    print: 'Imprimir QR', // (issue 28)
    edit: 'Editar',
    remove: 'Excluir',
    // The event's counts (issue 11): each part only when it is not zero, '·' between them.
    photoCount: '{n} fotos',
    onePhoto: '1 foto',
    videoCount: '{n} vídeos',
    oneVideo: '1 vídeo',
    guestCount: '{n} convidados',
    oneGuest: '1 convidado',
    noPhotos: 'Nenhuma foto ainda',
  },

  // The printable QR kit (issue 28).
  printKit: {
    title: 'Imprimir QR',
    description: 'Cartões, cartaz ou adesivos com o QR code do convite, prontos para imprimir.',
    kindLabel: 'Modelo',
    kinds: {
      cards: { name: 'Cartões de mesa', detail: 'A6, quatro por folha A4, com marcas de corte' },
      poster: { name: 'Cartaz', detail: 'Uma folha A4 por código' },
      stickers: { name: 'Adesivos', detail: '5 × 5 cm, quinze por folha A4' },
    },
    placesLabel: 'Locais',
    placesHint: 'Cada local recebe o seu QR code: as fotos enviadas por ele chegam marcadas com o local.',
    tables: 'Mesas numeradas',
    tablesFrom: 'Da mesa',
    tablesTo: 'até a mesa',
    named: 'Locais com nome',
    namedPlaceholder: 'Pista, Bar, Cabine de fotos',
    namedHint: 'Separe os nomes por vírgula.',
    preview: 'Pré-visualização',
    previewOf: 'Página {n} de {total}',
    summaryOne: '1 código em {pages}',
    summary: '{n} códigos em {pages}',
    onePage: '1 página',
    pages: '{n} páginas',
    noPlace: 'Sem local',
    instruction: 'Aponte a câmera do celular para o QR code e envie suas fotos e vídeos',
    qrOf: 'QR code de {place}',
    qrOfEvent: 'QR code do convite',
    download: 'Baixar PDF',
    preparing: 'Preparando o PDF…',
    downloadError: 'Não foi possível gerar o PDF. Tente novamente.',
    back: 'Voltar para os eventos',
    loadFailed: 'Evento não encontrado.',
    errors: {
      tablesRange: 'Informe um intervalo de mesas válido, por exemplo de 1 a 20.',
      tooMany: 'No máximo {max} locais por arquivo.',
      tooLong: "O nome do local '{place}' passa de {max} caracteres.",
    },
  },

  tour: {
    back: 'Anterior',
    close: 'Fechar',
    last: 'Finalizar',
    next: 'Próximo',
    skip: 'Pular',
    progress: 'Passo {n} de {total}',
    firstStepHint: "Clique em 'Próximo' para continuar. Se o tour não avançar, clique novamente.", // (wording not in the spec)
    steps: {
      header: { title: 'Gerenciamento de Eventos', content: 'Aqui você gerencia todos os seus eventos.' },
      upcoming: { title: 'Próximos Eventos', content: 'Quantos eventos ainda vão acontecer.' },
      finished: { title: 'Eventos Finalizados', content: 'Quantos eventos já aconteceram.' },
      list: { title: 'Lista de Eventos', content: 'Seus eventos, com imagem, nome, data e horário.' },
      options: { title: 'Opções do Evento', content: 'Abra este menu para compartilhar, editar ou excluir o evento.' },
    },
  },

  share: {
    title: 'Compartilhar evento',
    close: 'Fechar',
    qrAlt: 'QR code do convite do evento {name}', // (not in the spec)
    loadingQr: 'Carregando QR code…', // (not in the spec)
    download: 'Baixar',
    share: 'Compartilhar',
    copy: 'Copiar link',
    copied: 'Link copiado com sucesso',
    linkLabel: 'Link do convite', // (not in the spec)
    invitation: 'Você está convidado(a) para o evento {name}! Envie suas fotos e vídeos pelo link: {link}', // (not in the spec)
    warning: 'Atenção: qualquer pessoa com este link pode enviar fotos para o evento.', // (wording not in the spec)
  },

  deleteEvent: {
    title: 'Excluir evento',
    text: 'Você deseja realmente excluir este evento? Lembre-se que esta ação é irreversível.',
    cancel: 'Cancelar',
    confirm: 'Excluir',
    working: 'Excluindo…', // (not in the spec)
    successTitle: 'Evento excluído',
    successMessage: 'O evento foi excluído com sucesso.',
    errorTitle: 'Erro na exclusão',
    errorMessage: 'Um erro inesperado ocorreu na exclusão do evento. Por favor, contate o suporte.',
  },

  eventForm: {
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
  },

  albums: {
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
  },
} as const;
