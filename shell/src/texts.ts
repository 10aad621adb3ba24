// Portuguese copy of the shell.
export const texts = {
  loading: 'Carregando...',
  remoteFailed: 'Não foi possível carregar esta parte do aplicativo.',
  retry: 'Tentar novamente',
  notFoundTitle: 'Página não encontrada',
  notFoundMessage: 'O endereço que você abriu não existe.',
  backToStart: 'Ir para o início',
} as const;
