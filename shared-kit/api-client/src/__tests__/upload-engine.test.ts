import type { PhotoItem } from '../calls/photos';
import { connectionProfiles } from '../upload/connection-profile';
import { TransportError, UploadError, describeUploadFailure } from '../upload/upload-errors';
import { backoffDelay, renameForUpload, splitIntoBatches, uploadFiles, type UploadProgress } from '../upload/upload-engine';
import type { ChunkSessionFields, RequestControl, UploadTransport } from '../upload/upload-transport';

const MB = 1024 * 1024;

function photo(name: string): PhotoItem {
  return { id: `pho_${name}`, original_photo: `/api/files?path=${name}`, compressed_photo: null, user_id: 'Ana', processing: true, error: false, file_type: 'image', created_at: '2025-01-01T10:00:00.000Z' };
}

function image(name: string, bytes = 1000, type = 'image/jpeg'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** A server in memory: records every call and answers from a script of failures. */
class FakeTransport implements UploadTransport {
  batches: { albumId: string; userId: string; names: string[]; keys: string[] }[] = [];
  chunkCalls: number[] = [];
  inits: ChunkSessionFields[] = [];
  finalized: string[] = [];
  /** Failures to throw before succeeding, per call kind (consumed in order). */
  failures: { photos: unknown[]; chunk: Record<number, unknown[]>; init: unknown[]; finalize: unknown[] } = {
    photos: [],
    chunk: {},
    init: [],
    finalize: [],
  };

  async sendPhotos(form: FormData, control: RequestControl) {
    const names = (form.getAll('images') as File[]).map((file) => file.name);
    this.batches.push({ albumId: String(form.get('album_id')), userId: String(form.get('user_id')), names, keys: [...form.keys()] });
    const failure = this.failures.photos.shift();
    if (failure) throw failure;
    control.onProgress?.(1);
    return names.map(photo);
  }

  async initChunkSession(fields: ChunkSessionFields) {
    this.inits.push(fields);
    const failure = this.failures.init.shift();
    if (failure) throw failure;
    return 'session-1';
  }

  async sendChunk(form: FormData) {
    const index = Number(form.get('chunkIndex'));
    this.chunkCalls.push(index);
    const failure = this.failures.chunk[index]?.shift();
    if (failure) throw failure;
  }

  async finalizeChunkSession(sessionId: string) {
    this.finalized.push(sessionId);
    const failure = this.failures.finalize.shift();
    if (failure) throw failure;
    return [photo(`chunked-${sessionId}`)];
  }
}

const network = () => new TransportError('network');
const serverError = (status: number, message?: string) => new TransportError('response', status, message);

function counter() {
  let next = 0;
  return () => `id${(next += 1)}`;
}

describe('renaming and batching (spec §4)', () => {
  it('renames each file to a random unique id plus its original extension, keeping bytes and type', () => {
    const renamed = renameForUpload(image('IMG_2041.JPG', 321), () => 'f3a9');
    expect(renamed.name).toBe('f3a9.jpg');
    expect(renamed.size).toBe(321);
    expect(renamed.type).toBe('image/jpeg');
    expect(renameForUpload(image('sem-extensao', 1), () => 'x').name).toBe('x');
  });

  it('splits 23 files into requests of 10, 10 and 3', () => {
    expect(splitIntoBatches(Array.from({ length: 23 }, (_, i) => i)).map((batch) => batch.length)).toEqual([10, 10, 3]);
  });

  it('sends the album and the name before the files, 10 files per request, with the batch message', async () => {
    const transport = new FakeTransport();
    const progress: UploadProgress[] = [];
    const files = Array.from({ length: 23 }, (_, i) => image(`foto-${i}.png`, 100, 'image/png'));
    const stored = await uploadFiles({
      files,
      albumId: 'alb_1',
      userId: 'Ana',
      profile: connectionProfiles.fast,
      transport,
      newId: counter(),
      onProgress: (p) => progress.push(p),
    });
    expect(transport.batches.map((batch) => batch.names.length)).toEqual([10, 10, 3]);
    expect(transport.batches[0].keys.slice(0, 2)).toEqual(['album_id', 'user_id']);
    expect(transport.batches[0]).toMatchObject({ albumId: 'alb_1', userId: 'Ana' });
    expect(transport.batches[0].names[0]).toBe('id1.png');
    expect(stored).toHaveLength(23);
    const messages = [...new Set(progress.map((p) => p.message))];
    expect(messages).toEqual([
      'Enviando lote 1 de 3 (10 arquivos)...',
      'Enviando lote 2 de 3 (10 arquivos)...',
      'Enviando lote 3 de 3 (3 arquivos)...',
    ]);
    expect(progress[progress.length - 1].percent).toBe(100);
  });
});

describe('automatic retry with exponential backoff', () => {
  it.each([
    ['slow', [3000, 6000, 12000, 24000]],
    ['medium', [2000, 4000]],
    ['fast', [1000]],
  ] as const)('on a %s connection waits %j between tries, then gives up with the §8 message', async (name, delays) => {
    const profile = connectionProfiles[name];
    const transport = new FakeTransport();
    transport.failures.photos = Array.from({ length: 10 }, network);
    const waits: number[] = [];
    const attempt = uploadFiles({ files: [image('a.jpg')], albumId: 'alb_1', userId: 'Ana', profile, transport, sleep: async (ms) => void waits.push(ms) });
    await expect(attempt).rejects.toMatchObject({
      title: 'Problema de conexão',
      message: `Falha no upload após ${profile.maxRetries} tentativas. Verifique sua conexão e tente novamente.`,
    });
    expect(transport.batches).toHaveLength(profile.maxRetries);
    expect(waits).toEqual(delays);
  });

  it('sends the same renamed files again on a retry, so the server stores them once', async () => {
    const transport = new FakeTransport();
    transport.failures.photos = [serverError(503)];
    await uploadFiles({ files: [image('a.jpg'), image('b.jpg')], albumId: 'alb_1', userId: 'Ana', profile: connectionProfiles.medium, transport, sleep: async () => undefined });
    expect(transport.batches).toHaveLength(2);
    expect(transport.batches[1].names).toEqual(transport.batches[0].names);
  });

  it('waits with real timers too (fake clock): 2 s, then 4 s on a medium connection', async () => {
    jest.useFakeTimers();
    try {
      const transport = new FakeTransport();
      transport.failures.photos = [network(), new TransportError('timeout')];
      const done = uploadFiles({ files: [image('a.jpg')], albumId: 'alb_1', userId: 'Ana', profile: connectionProfiles.medium, transport });
      await jest.advanceTimersByTimeAsync(1999);
      expect(transport.batches).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(transport.batches).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(3999);
      expect(transport.batches).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      await expect(done).resolves.toHaveLength(1);
      expect(transport.batches).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not retry a refusal (4xx other than 408)', async () => {
    const transport = new FakeTransport();
    transport.failures.photos = [serverError(403, 'Este álbum não está disponível para envio.')];
    await expect(
      uploadFiles({ files: [image('a.jpg')], albumId: 'alb_1', userId: 'Ana', profile: connectionProfiles.slow, transport, sleep: async () => undefined }),
    ).rejects.toMatchObject({ title: 'Erro no envio', message: 'Este álbum não está disponível para envio.' });
    expect(transport.batches).toHaveLength(1);
  });

  it('reports exhausted server errors under "Erro no envio"', async () => {
    const transport = new FakeTransport();
    transport.failures.photos = [serverError(500), serverError(502)];
    await expect(
      uploadFiles({ files: [image('a.jpg')], albumId: 'alb_1', userId: 'Ana', profile: connectionProfiles.fast, transport, sleep: async () => undefined }),
    ).rejects.toMatchObject({ title: 'Erro no envio', message: 'Falha no upload após 2 tentativas. Verifique sua conexão e tente novamente.' });
  });

  it('refuses an empty selection before sending anything', async () => {
    const transport = new FakeTransport();
    await expect(uploadFiles({ files: [], albumId: 'a', userId: 'b', profile: connectionProfiles.fast, transport })).rejects.toMatchObject({
      message: 'Nenhum arquivo selecionado para upload',
    });
    expect(transport.batches).toHaveLength(0);
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

describe('chunked upload', () => {
  it('sends a file above the profile threshold through init, every chunk and finalize', async () => {
    const transport = new FakeTransport();
    const progress: string[] = [];
    const big = image('video.mp4', 12 * MB, 'video/mp4'); // slow profile threshold: 10 MB
    const stored = await uploadFiles({
      files: [big, image('small.jpg')],
      albumId: 'alb_1',
      userId: 'Ana',
      profile: connectionProfiles.slow,
      transport,
      newId: counter(),
      onProgress: (p) => progress.push(p.message),
      sleep: async () => undefined,
    });
    expect(transport.batches.map((batch) => batch.names)).toEqual([['id2.jpg']]);
    expect(transport.inits).toEqual([{ fileName: 'id1.mp4', fileSize: 12 * MB, fileType: 'video/mp4', albumId: 'alb_1', userId: 'Ana' }]);
    expect(transport.chunkCalls).toEqual([0, 1, 2]); // 5 MB chunks up to 100 MB
    expect(transport.finalized).toEqual(['session-1']);
    expect(stored).toHaveLength(2);
    expect(progress).toContain('Enviando parte 1 de 3 (0%)');
    expect(progress).toContain('Enviando parte 3 de 3 (83%)');
  });

  it('resumes at the chunk that failed instead of starting the file again', async () => {
    const transport = new FakeTransport();
    transport.failures.chunk[1] = [network()];
    const waits: number[] = [];
    await uploadFiles({
      files: [image('video.mp4', 12 * MB, 'video/mp4')],
      albumId: 'alb_1',
      userId: 'Ana',
      profile: connectionProfiles.slow,
      transport,
      sleep: async (ms) => void waits.push(ms),
    });
    expect(transport.chunkCalls).toEqual([0, 1, 1, 2]);
    expect(waits).toEqual([1000]);
  });

  it('gives up on a chunk after 3 tries, waiting 1 s × the try number, with "Falha ao enviar parte X de Y"', async () => {
    const transport = new FakeTransport();
    transport.failures.chunk[1] = [network(), network(), network()];
    const waits: number[] = [];
    await expect(
      uploadFiles({ files: [image('v.mp4', 12 * MB, 'video/mp4')], albumId: 'a', userId: 'b', profile: connectionProfiles.slow, transport, sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toMatchObject({ message: 'Falha ao enviar parte 2 de 3' });
    expect(waits).toEqual([1000, 2000]);
    expect(transport.finalized).toEqual([]);
  });

  it.each([
    ['init', 'Erro ao iniciar upload'],
    ['finalize', 'Erro ao finalizar upload'],
  ] as const)('reports a %s that keeps failing as "%s"', async (step, message) => {
    const transport = new FakeTransport();
    transport.failures[step] = [network(), network(), network()];
    await expect(
      uploadFiles({ files: [image('v.mp4', 12 * MB, 'video/mp4')], albumId: 'a', userId: 'b', profile: connectionProfiles.slow, transport, sleep: async () => undefined }),
    ).rejects.toMatchObject({ message });
  });

  it('sends large files in a normal request when the chunk switch is off', async () => {
    const transport = new FakeTransport();
    await uploadFiles({ files: [image('v.mp4', 12 * MB, 'video/mp4')], albumId: 'a', userId: 'b', profile: connectionProfiles.slow, transport, chunked: false });
    expect(transport.inits).toHaveLength(0);
    expect(transport.batches).toHaveLength(1);
  });
});

describe('backoffDelay', () => {
  it('doubles the profile delay after each failed try', () => {
    expect([1, 2, 3].map((n) => backoffDelay(connectionProfiles.slow, n))).toEqual([3000, 6000, 12000]);
  });
});
