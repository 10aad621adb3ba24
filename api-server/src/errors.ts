/** An error that the API answers as `{ status, message }` with a Portuguese message. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const messages = {
  unexpected: 'Um erro inesperado ocorreu. Por favor, se persistir contate o suporte',
  notFound: 'Recurso não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  eventNotFound: 'Evento não encontrado.',
  albumNotFound: 'Álbum não encontrado.',
  photoNotFound: 'Foto não encontrada.',
  photoRemoved: 'Foto excluída.',
  wrongDeleteKey: 'Chave de remoção inválida. Só quem enviou a foto pode removê-la.',
  removalNotAllowed: 'Só quem enviou a foto ou o organizador do evento pode removê-la.',
  fileNotFound: 'Arquivo não encontrado.',
  invalidPath: 'Caminho de arquivo inválido.',
  rangeNotSatisfiable: 'O intervalo de bytes pedido está fora do arquivo.',
  unauthorized: 'Autenticação necessária. Faça login novamente.',
  invalidToken: 'Sessão inválida ou expirada. Faça login novamente.',
  badCredentials: 'Por favor, verifique se o e-mail e/ou senha estão corretos.',
  tooManyLogins: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  tooManyRequests: 'Muitas requisições. Aguarde um momento e tente novamente.',
  invalidRequest: 'Requisição inválida.',
  uriTooLong: 'O endereço da requisição é longo demais.',
  headersTooLarge: 'O endereço ou os cabeçalhos da requisição são grandes demais.',
  requestTimeout: 'A requisição demorou demais para chegar.',
  malformedJson: 'O corpo da requisição não é um JSON válido.',
  unsupportedMediaType: 'Tipo de conteúdo não suportado.',
  payloadTooLarge: 'O corpo da requisição é muito grande.',
  imageTooLarge: 'A imagem excede o tamanho máximo de 5 MB.',
  notAnImage: 'O arquivo enviado não é uma imagem válida (JPEG, PNG, GIF, WebP, AVIF ou HEIC).',
  malformedMultipart: 'O corpo multipart/form-data está malformado.',
  multipartExpected: 'Envie os dados como multipart/form-data.',
  tooManyParts: 'A requisição tem campos ou arquivos demais.',
  frontEndNotBuilt: 'O front-end ainda não foi compilado. Execute `npm run build` na raiz do repositório.',
  methodNotAllowed: 'Método não permitido.',
  albumNotAvailable: 'Este álbum não está aberto para envio de fotos.',
  noFiles: 'Nenhum arquivo selecionado para upload',
  uploadStored: 'Arquivos enviados com sucesso.',
  /** Issue 11: an album that asks for approval. */
  uploadPending: 'Sua foto foi recebida e aparecerá após aprovação.',
  photoHidden: 'Foto ocultada.',
  photoShown: 'Foto visível novamente.',
  photoApproved: 'Foto aprovada.',
  ticketInvalid: 'Link de download inválido ou expirado. Peça o download novamente.',
  userIdRequired: "O campo 'user_id' é obrigatório.",
  sessionNotFound: 'Sessão de upload não encontrada ou expirada.',
  processingFailed: 'Erro ao processar',
  /** Spec §8's 408 message: an upload body that stopped moving (BODY_IDLE_TIMEOUT). */
  uploadAborted: 'O tempo limite para upload foi excedido. Tente enviar menos fotos por vez ou use uma conexão mais rápida.',
  diskFull: 'O servidor está sem espaço para novos arquivos no momento. Tente novamente mais tarde.',
  shuttingDown: 'O servidor está reiniciando. Tente novamente em instantes.',
  uploadTooSlow: 'O envio chegou lento demais e foi interrompido. Verifique a conexão e tente de novo: o envio continua de onde parou.',
  requestTooSlow: 'A requisição chegou lenta demais e foi interrompida. Tente novamente.',
  requestIdle: 'A requisição ficou parada por tempo demais e foi interrompida. Tente novamente.',
} as const;

export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
