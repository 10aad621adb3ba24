// The upload screen's Portuguese strings.
// Spec texts exactly as the specification writes them; where it elides a sentence's end ('...'), the
// ending is ours; `{x}` placeholders are filled with formatText from design-kit.
export const texts = {
  // Upload screen (spec §2 'Upload screen')
  uploadTitle: 'Registrar momento',
  close: 'Fechar',
  whoIsSending: 'Quem está enviando as fotos?',
  namePlaceholder: 'Digite seu nome',
  continue: 'Continuar',
  sendingAs: 'Enviando como:',
  change: 'Alterar',
  album: 'Álbum',
  albumChoiceLabel: 'Álbum de destino',
  noUploadAlbums: 'Nenhum álbum disponível para envio neste evento.',
  openCamera: 'Abrir câmera',
  selectPhoto: 'Selecionar foto',
  send: 'Enviar arquivos',
  preparing: 'Processando arquivos...',
  /** Spec §4: the request under way (the queue says which; the words are ours). */
  batchProgress: 'Enviando lote {x} de {y} ({n} arquivos)...',
  chunkProgress: 'Enviando parte {x} de {y} ({p}%)',
  nothingSent: 'Nenhum arquivo enviado :(',
  removeFile: 'Remover {name}',
  selectedFiles: 'Arquivos selecionados',
  helpLabel: 'Ajuda',
  helpTooltip: 'Iniciar tour de ajuda',
  progressLabel: 'Progresso do envio',
  backToAlbums: 'Voltar para os álbuns',
  chooseAlbum: 'Escolha o álbum',

  // The queue on the device (issue 10)
  stateWaiting: 'Aguardando',
  stateSending: 'Enviando {p}%',
  stateStored: 'Enviada',
  stateDuplicate: 'Já enviada',
  stateFailed: 'Falhou',
  retry: 'Tentar novamente',
  allSent: 'Tudo enviado! Você já pode fechar esta página.',
  /** Issue 26: after 'Tudo enviado!', the guestbook. */
  leaveMessage: 'Deixar um recado',
  // Issue 11: an album whose photos wait for the organiser's approval.
  awaitingApproval: 'Sua foto foi recebida e aparecerá após aprovação.',
  offline: 'Sem conexão. O envio continua quando a internet voltar.',
  myPhotos: 'Minhas fotos',
  // Issue 25: videos' durations and the event's length limit.
  videoDuration: 'Vídeo de {duration}',
  videoTooLongTitle: 'Vídeo longo demais',
  remove: 'Remover',
  removeTitle: 'Remover foto',
  removeQuestion: 'Deseja remover esta foto do álbum? Ela deixará de aparecer na galeria para todos.',
  cancel: 'Cancelar',

  // Guest name (spec §5)
  nameMissingTitle: 'Nome não informado',
  nameMissingMessage: 'Por favor, informe seu nome para continuar.',

  // Selection rules (spec §5, in order)
  selectionErrorTitle: 'Erro na seleção',
  noFilesSelected: 'Nenhum arquivo selecionado.',
  invalidFiles:
    '{n} arquivo(s) inválido(s) detectado(s). Verifique se os arquivos não estão corrompidos e tente novamente.',
  filesTooLargeTitle: 'Arquivos muito grandes',
  filesTooLargeMessage: 'Os arquivos a seguir passam do limite e não foram adicionados: {files}.',
  limitPerVideo: 'Limite: 1GB por vídeo',
  limitPerImage: 'Limite: 1GB por imagem',
  invalidTypeTitle: 'Tipo de arquivo inválido',
  invalidTypeMessage: 'Apenas imagens e vídeos são permitidos. Arquivos inválidos: {files}.',
  tooManyTitle: 'Muitos arquivos para sua conexão {speed}',
  tooManyMessage: 'Selecione no máximo {max} arquivos por vez e envie o restante em seguida.',
  speedFast: 'rápida',
  speedMedium: 'média',
  speedSlow: 'lenta',
  selectionLimitTitle: 'Limite de arquivos para conexão {speed}',
  selectionLimitMessage:
    'Você já tem {n} arquivos selecionados. Com a sua conexão, envie no máximo {max} por vez: envie estes primeiro ou remova alguns.',
  sendErrorTitle: 'Erro no envio',
  nothingToSend: 'Nenhum arquivo encontrado para envio.',
  sizeLimitTitle: 'Limite de tamanho excedido',
  totalTooLarge:
    'Os arquivos somam {size}, acima do limite de {limit} para a sua conexão (tempo estimado de envio: {time}). Envie menos arquivos por vez.',
  tipTitle: 'Dica para upload',
  tipMessage:
    'Você selecionou {size} MB. Para um envio mais seguro, envie lotes de no máximo 10 fotos por vez.',

  // Result (spec §8)
  sentTitle: 'Arquivos enviados',
  sentMessage: '{n} arquivos foram enviados com sucesso. Você poderá visualizá-los pela galeria.',

  // Connection banner (spec §2, §8)
  slowConnectionTitle: 'Conexão lenta detectada',
  mobileConnectionTitle: 'Conexão móvel detectada',
  connectionWarning: 'O envio pode demorar. Mantenha esta tela aberta até o fim.',
  batchAdvice: 'Envie no máximo {max} arquivos por vez.',
  estimatedTime: 'Tempo estimado para os arquivos selecionados: {time}.',
  estimatedTimePerPhoto: 'Tempo estimado por foto de 3 MB: {time}.',
  dismiss: 'Dispensar aviso',

  // Upload tour (ours: the spec leaves the steps out)
  tourWhoTitle: 'Quem está enviando',
  tourWho: 'Seu nome aparece junto das fotos na galeria. Toque em Alterar para trocar.',
  tourAlbumTitle: 'Álbum',
  tourAlbum: 'Escolha em qual álbum do evento as fotos vão aparecer.',
  tourCameraTitle: 'Câmera',
  tourCamera: 'Tire uma foto ou grave um vídeo agora mesmo.',
  tourGalleryTitle: 'Galeria do celular',
  tourGallery: 'Escolha fotos e vídeos que já estão no seu celular.',
  tourSendTitle: 'Enviar',
  tourSend: 'Quando estiver tudo pronto, toque aqui para enviar. Se a conexão cair, tentamos de novo sozinhos.',

  // Tour wording (spec §8)
  tourBack: 'Anterior',
  tourClose: 'Fechar',
  tourLast: 'Finalizar',
  tourNext: 'Próximo',
  tourSkip: 'Pular',
  tourProgress: 'Passo {n} de {total}',
  tourFirstStepHint: "Clique em 'Próximo' para continuar. Se o tour não avançar, clique novamente.",
} as const;
