// Portuguese copy of the API client, exactly as spec §8 writes it.
export const texts = {
  unexpectedError: 'Um erro inesperado ocorreu. Por favor, se persistir contate o suporte',
} as const;
