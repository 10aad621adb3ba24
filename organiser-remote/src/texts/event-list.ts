// The menu, the list of events, sharing, deleting and the tour. Spec texts exactly; lines the spec
// leaves open say "(not in the spec)".

export const menu = {
  label: 'Menu principal', // (not in the spec)
  events: 'Eventos',
  create: 'Novo',
  account: 'Conta', // issue 27: 'Minha conta'
  signOut: 'Sair',
} as const;

export const eventList = {
  header: 'Gerenciar eventos',
  title: 'Meus eventos', // (not in the spec)
  subtitle: 'Tudo o que você organiza, em um só lugar', // (not in the spec)
  description: 'Compartilhe o convite, edite ou exclua cada evento pelo menu de opções.', // (not in the spec)
  help: 'Ajuda',
  helpTooltip: 'Iniciar tour de ajuda',
  upcoming: 'Próximos',
  finished: 'Finalizados',
  listLabel: 'Lista de eventos', // (not in the spec)
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
} as const;

export const share = {
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
} as const;

export const deleteEvent = {
  title: 'Excluir evento',
  text: 'Você deseja realmente excluir este evento? Lembre-se que esta ação é irreversível.',
  cancel: 'Cancelar',
  confirm: 'Excluir',
  working: 'Excluindo…', // (not in the spec)
  successTitle: 'Evento excluído',
  successMessage: 'O evento foi excluído com sucesso.',
  errorTitle: 'Erro na exclusão',
  errorMessage: 'Um erro inesperado ocorreu na exclusão do evento. Por favor, contate o suporte.',
} as const;

export const tour = {
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
} as const;
