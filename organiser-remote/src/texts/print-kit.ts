// The printable QR kit (issue 28). Spec texts exactly; lines the spec leaves open say "(not in the
// spec)".

// The printable QR kit (issue 28).
export const printKit = {
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
} as const;
