// The PIN prompt's strings (issue 12): with the prompt's chunk, not the welcome's (the first visit's budget).
export const pinTexts = {
  // 'Digite o PIN do evento' is the text.
  pinTitle: 'Digite o PIN do evento',
  pinLabel: 'PIN do evento',
  pinHint: 'Quem organiza o evento informa o PIN. Você só digita uma vez neste aparelho.',
  pinContinue: 'Continuar',
  pinInvalid: 'O PIN tem de 4 a 8 números.',
} as const;
