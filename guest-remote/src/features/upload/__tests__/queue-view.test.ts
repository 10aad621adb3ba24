import { progressText } from '../queue-view';

// Issue 24: the queue says which request is under way; the upload screen words it (spec §4).
test("the request under way in the spec's words", () => {
  expect(progressText({ kind: 'batch', batch: 2, batches: 3, files: 10 })).toBe('Enviando lote 2 de 3 (10 arquivos)...');
  expect(progressText({ kind: 'chunk', chunk: 4, chunks: 9, percent: 37 })).toBe('Enviando parte 4 de 9 (37%)');
  expect(progressText(null)).toBeNull();
});
