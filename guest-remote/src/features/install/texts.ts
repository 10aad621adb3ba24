// The installable app's texts (issue 28; not in the spec).
export const texts = {
  title: 'Instalar o app',
  why: 'Tenha o Momentos na tela inicial: abre mesmo sem internet e envia fotos direto da galeria do celular.',
  install: 'Instalar o app',
  iphone: 'No iPhone: toque em Compartilhar e depois em “Adicionar à Tela de Início”.',
  later: 'Agora não',
} as const;
