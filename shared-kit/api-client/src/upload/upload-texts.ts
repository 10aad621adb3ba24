// Portuguese copy of the upload engine, exactly as spec §4 and §8 write it. `{x}` placeholders are
// filled with formatUploadText. The spec elides the end of some sentences ('...'); those endings are
// ours and say what the guest can do next.
export const uploadTexts = {
  noFilesSelected: 'Nenhum arquivo selecionado para upload',
  tooManyForConnection: 'Muitos arquivos para sua conexão. Envie menos arquivos por vez.',
  serverTotalTooLarge:
    'O servidor recusou o upload porque o tamanho total do arquivo é muito grande (limite de 200MB). Envie menos arquivos por vez.',
  timeout:
    'O tempo limite para upload foi excedido. Tente enviar menos fotos por vez ou use uma conexão mais rápida.',
  serverError: 'Erro ao enviar as fotos. Por favor, tente novamente.',
  unknownError: 'Erro desconhecido ao enviar arquivos. Por favor, tente novamente.',
  retriesExhausted: 'Falha no upload após {n} tentativas. Verifique sua conexão e tente novamente.',
  chunkFailed: 'Falha ao enviar parte {x} de {y}',
  chunkInitFailed: 'Erro ao iniciar upload',
  chunkFinalizeFailed: 'Erro ao finalizar upload',
  /** Issue 10: the queue's copy of the file is gone (the browser cleared its storage). */
  unreadableFile: 'Não foi possível ler este arquivo no aparelho. Selecione-o novamente.',
  titleSize: 'Limite de tamanho excedido',
  titleConnection: 'Problema de conexão',
  titleOther: 'Erro no envio',
} as const;

export function formatUploadText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
