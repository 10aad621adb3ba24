import { IDBFactory } from 'fake-indexeddb';
import { createStore } from 'idb-keyval';
import type { ChunkStatus, StoredLookupBody, UploadedPhoto } from '@momentos/api-contract';
import { connectionProfiles, type ConnectionProfile } from '../upload/connection-profile';
import { TransportError } from '../upload/upload-errors';
import type { ChunkSessionFields, RequestControl, UploadTransport } from '../upload/upload-transport';
import { indexedDbQueueStore, type QueueStore } from '../upload-queue/queue-store';
import { UploadQueue, type UploadQueueOptions } from '../upload-queue/upload-queue';
import type { QueueEntry } from '../upload-queue/queue-entry';

const MB = 1024 * 1024;
const target = { eventId: 'evt_1', albumId: 'alb_1', userId: 'Ana' };

function image(name: string, bytes = 1000, type = 'image/jpeg', fill = 1): File {
  return new File([new Uint8Array(bytes).fill(fill)], name, { type });
}

/** A server in memory: stores files under the names they were sent with, once; records every call. */
class FakeServer implements UploadTransport {
  stored = new Map<string, { id: string; bytes: Uint8Array; deleteKey: string; clientKey: string | null }>();
  batches: string[][] = [];
  /** Issue 28: the `place` field of each batch, null without one. */
  batchPlaces: Array<string | null> = [];
  lookups: StoredLookupBody[] = [];
  chunks: Array<{ session: string; index: number }> = [];
  sessions = new Map<string, { fields: ChunkSessionFields; parts: Map<number, Uint8Array>; photoId: string | null }>();
  inFlight = 0;
  maxInFlight = 0;
  /** Scripted failures: a batch may store its first `storeFirst` files, then fail. */
  batchFailures: Array<{ error: TransportError; storeFirst?: number }> = [];
  chunkFailures = new Map<number, TransportError[]>();
  /** Called as each batch request arrives. */
  onBatch: (() => void) | null = null;
  /** Holds each request until the test releases it. */
  gate: Promise<void> | null = null;
  /** Issue 29: the files a preview part followed in their request (the server shows it at once). */
  previewed = new Set<string>();
  private next = 0;

  private item(name: string, duplicate = false): UploadedPhoto {
    const photo = this.stored.get(name)!;
    return {
      id: photo.id,
      original_photo: `/api/files?path=${photo.id}`,
      compressed_photo: this.previewed.has(name) ? `/api/files?path=${photo.id}-preview-0a1b2c3d.webp` : null,
      user_id: 'Ana',
      processing: !this.previewed.has(name),
      error: false,
      file_type: /\.mp4$/.test(name) ? 'video' : 'image',
      created_at: '2026-11-23T10:00:00.000Z',
      file_name: name,
      duplicate,
      ...(duplicate ? {} : { delete_key: photo.deleteKey }),
    };
  }

  private store(name: string, bytes: Uint8Array, clientKey: string | null = null): UploadedPhoto {
    if (!this.stored.has(name)) this.stored.set(name, { id: `pho_${(this.next += 1)}`, bytes, deleteKey: `key-${name}`, clientKey });
    // Same bytes under another name: a duplicate of the first.
    const same = [...this.stored.entries()].find(([other, photo]) => other !== name && Buffer.from(photo.bytes).equals(Buffer.from(bytes)));
    if (same) {
      this.stored.delete(name);
      return { ...this.item(same[0], true), file_name: name };
    }
    return this.item(name);
  }

  private async enter() {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await this.gate;
  }

  async sendPhotos(form: FormData, control: RequestControl) {
    await this.enter();
    try {
      const files = form.getAll('images') as File[];
      // Issue 23: each file's client key is the field just before it.
      const keys = form.getAll('client_key') as string[];
      this.batches.push(files.map((file) => file.name));
      this.batchPlaces.push(form.get('place') as string | null);
      const parts = [...form.entries()];
      parts.forEach(([name, value], n) => {
        if (name === 'images' && parts[n + 1]?.[0] === 'preview') this.previewed.add((value as File).name);
      });
      this.onBatch?.();
      const failure = this.batchFailures.shift();
      const answers: UploadedPhoto[] = [];
      for (const [n, file] of files.entries()) {
        if (failure && n >= (failure.storeFirst ?? 0)) throw failure.error;
        answers.push(this.store(file.name, new Uint8Array(await file.arrayBuffer()), keys[n] ?? null));
      }
      if (failure) throw failure.error;
      control.onProgress?.(files.reduce((sum, file) => sum + file.size, 0));
      return answers;
    } finally {
      this.inFlight -= 1;
    }
  }

  async lookupStored(body: StoredLookupBody) {
    this.lookups.push(body);
    // As the server does: only a file sent with the same client key is answered.
    return { photos: body.files.filter((file) => this.stored.get(file.name)?.clientKey === file.client_key).map((file) => this.item(file.name)) };
  }

  async initChunkSession(fields: ChunkSessionFields) {
    const id = `ups_${this.sessions.size + 1}`;
    this.sessions.set(id, { fields, parts: new Map(), photoId: null });
    return id;
  }

  async chunkStatus(sessionId: string): Promise<ChunkStatus | null> {
    const session = this.sessions.get(sessionId);
    if (!session) return null;
    return { sessionId, fileSize: session.fields.fileSize, totalChunks: null, receivedChunks: [...session.parts.keys()].sort((a, b) => a - b), photoId: session.photoId };
  }

  async sendChunk(form: FormData, control: RequestControl) {
    await this.enter();
    try {
      const index = Number(form.get('chunkIndex'));
      const session = String(form.get('sessionId'));
      this.chunks.push({ session, index });
      const failure = this.chunkFailures.get(index)?.shift();
      if (failure) throw failure;
      const chunk = form.get('chunk') as File;
      this.sessions.get(session)!.parts.set(index, new Uint8Array(await chunk.arrayBuffer()));
      control.onProgress?.(chunk.size);
    } finally {
      this.inFlight -= 1;
    }
  }

  async finalizeChunkSession(sessionId: string) {
    const session = this.sessions.get(sessionId)!;
    const parts = [...session.parts.entries()].sort(([a], [b]) => a - b).map(([, bytes]) => bytes);
    const bytes = new Uint8Array(Buffer.concat(parts));
    const answer = this.store(session.fields.fileName, bytes);
    session.photoId = answer.id;
    return [answer];
  }
}

/** The browser's connectivity: `online` and `offline` events and navigator.onLine. */
class Connectivity extends EventTarget {
  online = true;
  set(online: boolean) {
    this.online = online;
    this.dispatchEvent(new Event(online ? 'online' : 'offline'));
  }
}

let store: QueueStore;
let connectivity: Connectivity;
const queues: UploadQueue[] = [];

beforeEach(() => {
  // A fresh IndexedDB for every test: the device's storage.
  globalThis.indexedDB = new IDBFactory();
  store = indexedDbQueueStore(createStore('momentos-uploads', 'queue'));
  connectivity = new Connectivity();
  localStorage.clear();
  ids = 0;
});
afterEach(() => queues.splice(0).forEach((queue) => queue.dispose()));

let ids = 0;
function openQueue(server: UploadTransport, profile: ConnectionProfile = connectionProfiles.fast, options: Partial<UploadQueueOptions> = {}) {
  const queue = new UploadQueue({
    store,
    transport: server,
    profile,
    sleep: async () => undefined,
    isOnline: () => connectivity.online,
    connectivity,
    newId: () => `u${(ids += 1)}`,
    ...options,
  });
  queues.push(queue);
  return queue;
}

/** Resolves once every entry reached a final state (stored, duplicate or failed). */
function settled(queue: UploadQueue): Promise<readonly QueueEntry[]> {
  return new Promise((resolve) => {
    const check = () => {
      const { entries } = queue.getSnapshot();
      if (entries.length > 0 && entries.every((entry) => entry.state !== 'waiting' && entry.state !== 'sending')) {
        unsubscribe();
        resolve(entries);
      }
    };
    const unsubscribe = queue.subscribe(check);
    check();
  });
}

/**
 * The device's copy follows each change a moment later (its writes are not awaited by the queue): an
 * assertion on it is tried again until it holds, for 5 s at most (a busy machine runs the writes late).
 */
async function onDevice(assertion: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const states = (entries: readonly QueueEntry[]) => entries.map((entry) => entry.state);

describe('the queue on the device', () => {
  test('keeps each selected file in IndexedDB with a unique name made once, and a reload finds them all', async () => {
    const server = new FakeServer();
    server.gate = new Promise(() => undefined); // the page closes before anything is answered
    const first = openQueue(server);
    const added = await first.add(target, [image('IMG_2041.JPG'), image('festa.heic', 500, 'image/heic', 2)]);
    expect(added.map((entry) => entry.id)).toEqual(['u1.jpg', 'u2.heic']);
    expect(added.map((entry) => [entry.name, entry.albumId, entry.userId, entry.eventId])).toEqual([
      ['IMG_2041.JPG', 'alb_1', 'Ana', 'evt_1'],
      ['festa.heic', 'alb_1', 'Ana', 'evt_1'],
    ]);
    expect(localStorage.getItem('upload-queue-pending')).toBe('1');

    // The tab is closed and opened again: a new queue over the same IndexedDB.
    first.dispose();
    const again = new FakeServer();
    const second = openQueue(again);
    await second.start();
    const entries = await settled(second);
    expect(states(entries)).toEqual(['stored', 'stored']);
    expect(again.batches).toEqual([['u1.jpg', 'u2.heic']]);
    expect(entries.map((entry) => [entry.photoId, entry.deleteKey])).toEqual([
      ['pho_1', 'key-u1.jpg'],
      ['pho_2', 'key-u2.heic'],
    ]);
    expect(Buffer.from(again.stored.get('u2.heic')!.bytes).equals(Buffer.alloc(500, 2))).toBe(true);
    expect(localStorage.getItem('upload-queue-pending')).toBeNull();

    // What was stored is remembered (for 'Minhas fotos') without its bytes.
    await onDevice(async () => {
      const kept = await store.load();
      expect(kept.map(({ entry, file }) => [entry.id, entry.state, file])).toEqual([
        ['u1.jpg', 'stored', undefined],
        ['u2.heic', 'stored', undefined],
      ]);
    });
  });

  test("held files wait on the device until 'Enviar arquivos' releases them, across a reload", async () => {
    const server = new FakeServer();
    const first = openQueue(server);
    await first.add(target, [image('a.jpg', 100, 'image/jpeg', 1)], { hold: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.batches).toEqual([]);
    expect(first.getSnapshot().entries).toEqual([expect.objectContaining({ state: 'waiting', held: true })]);
    expect(localStorage.getItem('upload-queue-pending')).toBeNull();
    first.dispose();

    const second = openQueue(server);
    await second.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.batches).toEqual([]);
    expect(await second.release('evt_other')).toBe(0);
    expect(await second.release('evt_1')).toBe(1);
    const entries = await settled(second);
    expect(states(entries)).toEqual(['stored']);
    expect(server.batches).toEqual([['u1.jpg']]);
  });

  test('sends 10 files per request, up to 3 requests at once on the fast profile, 2 on medium, 1 on slow', async () => {
    for (const [profile, expected] of [
      [connectionProfiles.fast, 3],
      [connectionProfiles.medium, 2],
      [connectionProfiles.slow, 1],
    ] as const) {
      globalThis.indexedDB = new IDBFactory();
      store = indexedDbQueueStore(createStore('momentos-uploads', 'queue'));
      const server = new FakeServer();
      let release!: () => void;
      server.gate = new Promise((resolve) => (release = resolve));
      const queue = openQueue(server, profile);
      await queue.add(target, Array.from({ length: 35 }, (_, n) => image(`f${n}.jpg`, 100, 'image/jpeg', n + 1)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(server.inFlight).toBe(expected);
      release();
      const entries = await settled(queue);
      expect(states(entries).every((state) => state === 'stored')).toBe(true);
      expect(server.batches.map((batch) => batch.length).sort((a, b) => b - a)).toEqual([10, 10, 10, 5]);
      expect(server.maxInFlight).toBe(expected);
    }
  });

  test('a batch that failed part-way asks what was stored and sends only the rest', async () => {
    const server = new FakeServer();
    server.batchFailures.push({ error: new TransportError('network'), storeFirst: 3 });
    const queue = openQueue(server);
    await queue.add(target, Array.from({ length: 5 }, (_, n) => image(`p${n}.jpg`, 100, 'image/jpeg', n + 1)));
    const entries = await settled(queue);
    expect(states(entries)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    expect(server.batches).toEqual([
      ['u1.jpg', 'u2.jpg', 'u3.jpg', 'u4.jpg', 'u5.jpg'],
      ['u4.jpg', 'u5.jpg'],
    ]);
    // Each file is asked about with the client key it was sent with (issue 23): 43 random base64url characters, one per file.
    expect(server.lookups).toEqual([
      { album_id: 'alb_1', files: ['u1.jpg', 'u2.jpg', 'u3.jpg', 'u4.jpg', 'u5.jpg'].map((name) => ({ name, size: 100, client_key: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) })) },
    ]);
    const keys = server.lookups[0].files.map((file) => file.client_key);
    expect(new Set(keys).size).toBe(5);
    expect(keys).toEqual(entries.map((entry) => entry.clientKey));
    expect(entries.every((entry) => entry.deleteKey)).toBe(true);
  });

  test("bytes the album already has end 'Já enviada' without a delete key", async () => {
    const server = new FakeServer();
    const queue = openQueue(server);
    await queue.add(target, [image('a.jpg', 100, 'image/jpeg', 7)]);
    await settled(queue);
    await queue.add(target, [image('a-de-novo.jpg', 100, 'image/jpeg', 7), image('b.jpg', 100, 'image/jpeg', 8)]);
    const entries = await settled(queue);
    expect(states(entries)).toEqual(['stored', 'duplicate', 'stored']);
    expect(entries[1]).toMatchObject({ photoId: entries[0].photoId, deleteKey: undefined });
  });

  test('offline pauses without spending the retry budget and resumes when the connection is back', async () => {
    const server = new FakeServer();
    // More failures than the fast profile's 2 tries: only an offline pause lets it through.
    for (let n = 0; n < 4; n++) server.batchFailures.push({ error: new TransportError('network') });
    const queue = openQueue(server);
    connectivity.set(false);
    await queue.add(target, [image('x.jpg')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.getSnapshot()).toMatchObject({ offline: true });
    expect(server.batches).toHaveLength(0); // nothing starts while offline

    // The connection comes back but drops again as the first request goes out: the queue waits, no try counted.
    server.onBatch = () => {
      connectivity.online = false;
    };
    connectivity.set(true);
    for (let i = 0; i < 40 && !(server.batches.length > 0 && queue.getSnapshot().offline); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(queue.getSnapshot()).toMatchObject({ offline: true, entries: [expect.objectContaining({ state: 'sending' })] });
    server.onBatch = null;
    server.batchFailures.splice(0); // the network is healthy once back
    connectivity.set(true);
    const entries = await settled(queue);
    expect(states(entries)).toEqual(['stored']);
    expect(server.batches).toHaveLength(2);
    expect(queue.getSnapshot().offline).toBe(false);
  });

  test("after the profile's tries a file shows 'Falhou' with the reason; 'Tentar novamente' sends it", async () => {
    const server = new FakeServer();
    server.batchFailures.push({ error: new TransportError('response', 503) }, { error: new TransportError('response', 503) });
    const queue = openQueue(server, connectionProfiles.fast);
    await queue.add(target, [image('y.jpg')]);
    let [entry] = await settled(queue);
    expect(entry).toMatchObject({ state: 'failed', error: 'Falha no upload após 2 tentativas. Verifique sua conexão e tente novamente.' });
    await queue.retry(entry.id);
    [entry] = await settled(queue);
    expect(entry.state).toBe('stored');
  });

  test('told to slow down (429), it waits and tries again; past the tries the file stays queued for later with the server message', async () => {
    const slowDown = () => new TransportError('response', 429, 'Muitos envios deste aparelho em pouco tempo. Aguarde um minuto: o envio continua sozinho.');
    const server = new FakeServer();
    server.batchFailures.push({ error: slowDown() });
    const queue = openQueue(server, connectionProfiles.fast);
    await queue.add(target, [image('r1.jpg', 900, 'image/jpeg', 7)]);
    expect(states(await settled(queue))).toEqual(['stored']);
    expect(server.batches).toHaveLength(2);

    server.batchFailures.push({ error: slowDown() }, { error: slowDown() });
    await queue.add(target, [image('r2.jpg', 900, 'image/jpeg', 8)]);
    const kept = (await settled(queue)).find((entry) => entry.state !== 'stored')!;
    expect(kept).toMatchObject({ state: 'failed', error: 'Muitos envios deste aparelho em pouco tempo. Aguarde um minuto: o envio continua sozinho.', retryable: true });
  });

  test('a refusal (4xx) fails at once with the server message', async () => {
    const server = new FakeServer();
    server.batchFailures.push({ error: new TransportError('response', 403, 'Este álbum não está aberto para envio de fotos.') });
    const queue = openQueue(server);
    await queue.add(target, [image('z.jpg')]);
    const [entry] = await settled(queue);
    expect(entry).toMatchObject({ state: 'failed', error: 'Este álbum não está aberto para envio de fotos.' });
    expect(server.batches).toHaveLength(1);
  });

  test('an entry whose bytes the browser lost fails asking to select it again, and never blocks the rest', async () => {
    const server = new FakeServer();
    server.gate = new Promise(() => undefined);
    const first = openQueue(server);
    await first.add(target, [image('lost.jpg', 100, 'image/jpeg', 1), image('kept.jpg', 100, 'image/jpeg', 2)]);
    first.dispose();
    await onDevice(async () => expect((await store.load()).map(({ entry }) => entry.id)).toEqual(['u1.jpg', 'u2.jpg']));
    await store.dropFile('u1.jpg'); // storage evicted

    const again = new FakeServer();
    const queue = openQueue(again);
    await queue.start();
    const entries = await settled(queue);
    expect(entries.map((entry) => [entry.name, entry.state, entry.error])).toEqual([
      ['lost.jpg', 'failed', 'Não foi possível ler este arquivo no aparelho. Selecione-o novamente.'],
      ['kept.jpg', 'stored', undefined],
    ]);
    await queue.retry('u1.jpg'); // nothing to send: it must be picked again
    expect(queue.getSnapshot().entries[0].state).toBe('failed');
    await queue.forget('u1.jpg');
    expect(queue.getSnapshot().entries.map((entry) => entry.name)).toEqual(['kept.jpg']);
  });

  test('a large file goes in chunks; after a reload only the chunks the server lacks are sent', async () => {
    const server = new FakeServer();
    const video = image('video.mp4', 23 * MB, 'video/mp4', 9); // slow threshold 10 MB, 5 MB chunks: 5 chunks
    // Chunk 3 fails, then the page is closed while it waits to try again.
    server.chunkFailures.set(2, [new TransportError('network')]);
    let sleeping!: () => void;
    const slept = new Promise<void>((resolve) => (sleeping = resolve));
    const first = openQueue(server, connectionProfiles.slow, {
      sleep: () => {
        sleeping();
        return new Promise(() => undefined);
      },
    });
    await first.add(target, [video]);
    await slept;
    expect(server.chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2]);
    expect((await store.load())[0].entry.chunkSessionId).toBe('ups_1');
    first.dispose();

    const second = openQueue(server, connectionProfiles.slow);
    await second.start();
    const [entry] = await settled(second);
    expect(entry).toMatchObject({ state: 'stored', deleteKey: 'key-u1.mp4' });
    expect(server.chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2, 2, 3, 4]);
    expect(server.sessions.size).toBe(1);
    expect(Buffer.from(server.stored.get('u1.mp4')!.bytes).equals(Buffer.alloc(23 * MB, 9))).toBe(true);
  });

  test("issue 28: a place travels with its files, kept on the device across a reload; files of different places never share a request", async () => {
    const server = new FakeServer();
    server.gate = new Promise(() => undefined);
    const first = openQueue(server);
    await first.add({ ...target, place: 'Mesa 5' }, [image('a.jpg', 100, 'image/jpeg', 1), image('b.jpg', 100, 'image/jpeg', 2)], { hold: true });
    await first.add({ ...target, place: null }, [image('c.jpg', 100, 'image/jpeg', 3)], { hold: true });
    await first.add(target, [image('big.mp4', 23 * MB, 'video/mp4', 4)], { hold: true });
    await first.add({ ...target, place: 'Pista' }, [image('d.mp4', 23 * MB, 'video/mp4', 5)], { hold: true });
    await onDevice(async () => expect((await store.load()).map(({ entry }) => entry.place ?? null).sort()).toEqual(['Mesa 5', 'Mesa 5', 'Pista', null, null]));
    first.dispose();

    const after = new FakeServer();
    const second = openQueue(after, connectionProfiles.slow);
    await second.release('evt_1');
    const entries = await settled(second);
    expect(states(entries)).toEqual(['stored', 'stored', 'stored', 'stored', 'stored']);
    const batches = after.batches.map((names, n) => ({ names: names.map((name) => name.replace(/^u\d+/, '')).sort(), place: after.batchPlaces[n] }));
    expect(batches).toEqual(
      expect.arrayContaining([
        { names: ['.jpg', '.jpg'], place: 'Mesa 5' },
        { names: ['.jpg'], place: null },
      ]),
    );
    expect(batches).toHaveLength(2);
    expect([...after.sessions.values()].map((session) => session.fields.place ?? null).sort()).toEqual(['Pista', null]);
  });

  test('a chunk session the server forgot (expired) starts again', async () => {
    const server = new FakeServer();
    const first = openQueue(server, connectionProfiles.slow);
    server.gate = new Promise(() => undefined);
    await first.add(target, [image('video.mp4', 12 * MB, 'video/mp4', 3)]);
    for (let i = 0; i < 50 && !(await store.load())[0].entry.chunkSessionId; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    first.dispose();

    const fresh = new FakeServer(); // knows no session
    const queue = openQueue(fresh, connectionProfiles.slow);
    await queue.start();
    const [entry] = await settled(queue);
    expect(entry.state).toBe('stored');
    expect(fresh.chunks.map((chunk) => chunk.index)).toEqual([0, 1, 2]);
  });

  test("'Remover' removes the photo with its delete key, then the entry", async () => {
    const server = new FakeServer();
    const removed: Array<[string, string]> = [];
    const queue = openQueue(server, connectionProfiles.fast, {
      removePhoto: async (photoId, key) => {
        removed.push([photoId, key]);
        return { ok: true, status: 200 };
      },
    });
    await queue.add(target, [image('m.jpg')]);
    const [entry] = await settled(queue);
    expect(await queue.removeUploaded(entry.id)).toEqual({ ok: true });
    expect(removed).toEqual([['pho_1', 'key-u1.jpg']]);
    expect(queue.getSnapshot().entries).toEqual([]);
    await onDevice(async () => expect(await store.load()).toEqual([]));
  });

  test('issue 29: a preview made by the time its photo is sent goes right after it in the request; none is sent again', async () => {
    const server = new FakeServer();
    const made: string[] = [];
    const later: string[] = [];
    const queue = openQueue(server, connectionProfiles.fast, {
      makePreview: async (file) => {
        made.push((file as File).name);
        return new Blob(['webp'], { type: 'image/webp' });
      },
      sendPreview: async (photoId) => later.push(photoId),
    });
    // Held for 'Enviar arquivos': the previews are made meanwhile, one at a time.
    await queue.add(target, [image('a.jpg', 1000, 'image/jpeg', 1), image('b.jpg', 1000, 'image/jpeg', 2), image('clip.mp4', 2000, 'video/mp4', 3)], { hold: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(made).toEqual(['a.jpg', 'b.jpg']);
    await queue.release(target.eventId);
    const entries = await settled(queue);
    expect(entries.map((entry) => entry.state)).toEqual(['stored', 'stored', 'stored']);
    expect([...server.previewed]).toEqual(['u1.jpg', 'u2.jpg']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later).toEqual([]);
  });

  test("issue 29: a photo stored before its preview was made gets it sent after the answer, with its delete key; duplicates and videos get none", async () => {
    const server = new FakeServer();
    let finish: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const later: Array<[string, string, Blob]> = [];
    const preview = new Blob(['webp'], { type: 'image/webp' });
    const queue = openQueue(server, connectionProfiles.fast, {
      makePreview: async () => {
        await slow;
        return preview;
      },
      sendPreview: async (photoId, key, blob) => later.push([photoId, key, blob]),
    });
    await queue.add(target, [image('a.jpg', 1000, 'image/jpeg', 1), image('again.jpg', 1000, 'image/jpeg', 1), image('clip.mp4', 2000, 'video/mp4', 2)]);
    const entries = await settled(queue);
    expect(entries.map((entry) => entry.state)).toEqual(['stored', 'duplicate', 'stored']);
    expect(server.previewed.size).toBe(0);
    expect(later).toEqual([]);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(later).toEqual([['pho_1', 'key-u1.jpg', preview]]);
  });
});
