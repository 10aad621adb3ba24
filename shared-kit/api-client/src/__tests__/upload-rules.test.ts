import { connectionProfiles } from '../upload/connection-profile';
import { TransportError, UploadError, describeUploadFailure } from '../upload/upload-errors';
import { backoffDelay, splitIntoBatches } from '../upload/upload-engine';
import { uniqueUploadName } from '../upload-queue/queue-entry';

const serverError = (status: number, message?: string) => new TransportError('response', status, message);

describe('renaming and batching (spec §4)', () => {
  it('names a file with a random unique id plus its original extension, lower-cased', () => {
    expect(uniqueUploadName('IMG_2041.JPG', () => 'f3a9')).toBe('f3a9.jpg');
    expect(uniqueUploadName('sem-extensao', () => 'f3a9')).toBe('f3a9');
    expect(uniqueUploadName('a.jpg')).not.toBe(uniqueUploadName('a.jpg'));
  });

  it('splits into batches of 10', () => {
    expect(splitIntoBatches(Array.from({ length: 23 }, (_, n) => n)).map((batch) => batch.length)).toEqual([10, 10, 3]);
  });
});

describe('error mapping (spec §8)', () => {
  it.each([
    [serverError(400), 'Erro no envio', 'Nenhum arquivo selecionado para upload'],
    [serverError(400, 'O arquivo "vazio.jpg" está vazio.'), 'Erro no envio', 'O arquivo "vazio.jpg" está vazio.'],
    [serverError(413), 'Limite de tamanho excedido', 'Muitos arquivos para sua conexão. Envie menos arquivos por vez.'],
    [
      serverError(413, 'O servidor recusou o upload porque o tamanho total do arquivo é muito grande (limite de 200MB).'),
      'Limite de tamanho excedido',
      'O servidor recusou o upload porque o tamanho total do arquivo é muito grande (limite de 200MB).',
    ],
    [serverError(408), 'Problema de conexão', 'O tempo limite para upload foi excedido. Tente enviar menos fotos por vez ou use uma conexão mais rápida.'],
    [new TransportError('timeout'), 'Problema de conexão', 'O tempo limite para upload foi excedido. Tente enviar menos fotos por vez ou use uma conexão mais rápida.'],
    [serverError(415, 'Apenas imagens e vídeos são permitidos: nota.txt'), 'Erro no envio', 'Apenas imagens e vídeos são permitidos: nota.txt'],
    [serverError(422), 'Erro no envio', 'Erro ao enviar as fotos. Por favor, tente novamente.'],
    [new Error('boom'), 'Erro no envio', 'Erro desconhecido ao enviar arquivos. Por favor, tente novamente.'],
  ])('maps %p to "%s"', (error, title, message) => {
    const described = describeUploadFailure(error);
    expect(described).toBeInstanceOf(UploadError);
    expect(described.title).toBe(title);
    expect(described.message).toBe(message);
  });
});

describe('backoffDelay', () => {
  it('doubles the profile delay after each failed try', () => {
    expect([1, 2, 3].map((n) => backoffDelay(connectionProfiles.slow, n))).toEqual([3000, 6000, 12000]);
  });
});
