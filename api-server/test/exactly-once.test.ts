import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { backfillContentHashes } from '../src/services/content-backfill';
import { sameNameMessage } from '../src/services/ingest';
import { chunkCalls, createAlbum, createEvent, expectError, organiserSession, readJson, startServer, storedKeys, type TestServer } from './helpers';

// Issue 10: the same bytes are stored once per album, a guest removes their own upload with the
// delete key of its answer, and a chunked upload resumes from the session's status.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

const jpeg = (seed: number, size = 40) =>
  sharp({ create: { width: size + seed, height: size, channels: 3, background: { r: (seed * 37) % 255, g: 80, b: 120 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
    .jpeg()
    .toBuffer();

type Uploaded = { id: string; original_photo: string; file_name: string | null; duplicate: boolean; delete_key?: string };

/** A fresh client key, as the guest's queue makes one per file (issue 23). */
const clientKey = () => randomBytes(32).toString('base64url');

/** A one-request upload; each file with its client key (`key`, a fresh one unless given) just before it. */
async function sendRaw(server: TestServer, albumId: string, files: Array<{ name: string; bytes: Buffer; key?: string }>, userId = 'Tia Rosa') {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', userId);
  for (const file of files) {
    form.append('client_key', file.key ?? clientKey());
    form.append('images', new Blob([file.bytes], { type: 'image/jpeg' }), file.name);
  }
  return fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
}

async function send(server: TestServer, albumId: string, files: Array<{ name: string; bytes: Buffer; key?: string }>, userId = 'Tia Rosa') {
  const response = await sendRaw(server, albumId, files, userId);
  expect(response.status).toBe(201);
  return (await readJson(response)).photos as Uploaded[];
}

function listen(server: TestServer, albumId: string): Promise<{ socket: { close(): void }; messages: Array<{ type: string; payload: unknown }> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}`);
    const messages: Array<{ type: string; payload: unknown }> = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
// Originals only: the renditions (`-grid`, `-display`) appear whenever processing ends, which a
// test cannot time, and are derived from the original anyway.
const originalKeys = async (server: TestServer) =>
  (await storedKeys(server)).filter((key) => !/-(grid|display|thumb|tile)\.webp$/.test(key));
const photoCount = async (server: TestServer, albumId: string) => (await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`))).length as number;
const removeWithKey = (server: TestServer, photoId: string, key?: string) =>
  fetch(`${server.url}/api/events/photos/${photoId}`, { method: 'DELETE', headers: key === undefined ? {} : { 'x-delete-key': key } });

// The uploads' announcements (the first photo's renditions also announce `photos_updated`, issue 24).
const newPhotoMessages = (socket: { messages: Array<{ type: string }> }) => socket.messages.filter((message) => message.type === 'new_photos');

describe('content identity, delete keys and resumable chunk sessions', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let albumId: string;
  let otherAlbumId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CHUNK_MAX_BYTES: String(16 * 1024), CHUNK_SESSION_TTL: '1h' } });
    ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { is_public: true, is_available: true })).id;
    otherAlbumId = (await createAlbum(server, ana.token, event.id, { name: 'Outro', is_public: true, is_available: true })).id;
  });
  afterAll(() => server.close());

  test('the same bytes under another name are answered as a duplicate of the stored photo: same status, no key, no announcement, one file', async () => {
    const bytes = await jpeg(1);
    const gallery = await listen(server, albumId);
    const [first] = await send(server, albumId, [{ name: 'a1b2.jpg', bytes }]);
    expect(first).toMatchObject({ file_name: 'a1b2.jpg', duplicate: false, delete_key: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    await settle();
    expect(newPhotoMessages(gallery)).toHaveLength(1);
    const filesBefore = (await originalKeys(server)).length;

    // Another guest forwards the same picture: the existing photo, flagged, without its key.
    const [again] = await send(server, albumId, [{ name: 'zz99.jpg', bytes }], 'Tio Juca');
    expect(again).toMatchObject({ id: first.id, file_name: 'zz99.jpg', duplicate: true, user_id: 'Tia Rosa' });
    expect(again).not.toHaveProperty('delete_key');
    await settle();
    expect(newPhotoMessages(gallery)).toHaveLength(1);
    expect((await originalKeys(server)).length).toBe(filesBefore);
    expect(await photoCount(server, albumId)).toBe(1);

    // Another album is another collection: the bytes are stored there too.
    const [elsewhere] = await send(server, otherAlbumId, [{ name: 'zz99.jpg', bytes }]);
    expect(elsewhere).toMatchObject({ duplicate: false, delete_key: expect.any(String) });
    expect(elsewhere.id).not.toBe(first.id);
    gallery.socket.close();
  });

  test('a batch mixing new files, a duplicate and a retried name answers each in order', async () => {
    const [a, b, c] = await Promise.all([jpeg(2), jpeg(3), jpeg(4)]);
    const keyOfA = clientKey();
    const [storedA] = await send(server, albumId, [{ name: 'keep-a.jpg', bytes: a, key: keyOfA }]);
    const answer = await send(server, albumId, [
      { name: 'new-b.jpg', bytes: b },
      { name: 'copy-of-a.jpg', bytes: a },
      { name: 'keep-a.jpg', bytes: a, key: keyOfA },
      { name: 'new-c.jpg', bytes: c },
    ]);
    expect(answer.map((item) => [item.file_name, item.duplicate])).toEqual([
      ['new-b.jpg', false],
      ['copy-of-a.jpg', true],
      ['keep-a.jpg', false],
      ['new-c.jpg', false],
    ]);
    expect(answer[1].id).toBe(storedA.id);
    // The retry of the same file (its random name and size) is its sender's: a new key replaces the old.
    expect(answer[2].id).toBe(storedA.id);
    expect(answer[2].delete_key).toEqual(expect.any(String));
    expect(answer[2].delete_key).not.toBe(storedA.delete_key);
    await expectError(await removeWithKey(server, storedA.id, storedA.delete_key), 403);

    // Issue 23: the same name and size without the first copy's client key is not its sender: the
    // same bytes are a duplicate (no key); other bytes are refused, and the sender's key still works.
    const [stranger] = await send(server, albumId, [{ name: 'keep-a.jpg', bytes: a }], 'Estranho');
    expect(stranger).toMatchObject({ id: storedA.id, duplicate: true });
    expect(stranger).not.toHaveProperty('delete_key');
    const other = Buffer.concat([c.subarray(0, a.length), Buffer.alloc(Math.max(0, a.length - c.length))]);
    expect(other.length).toBe(a.length);
    expect((await expectError(await sendRaw(server, albumId, [{ name: 'keep-a.jpg', bytes: other }]), 409)).message).toBe(sameNameMessage);
    expect((await removeWithKey(server, storedA.id, answer[2].delete_key)).status).toBe(200);
  });

  test('concurrent uploads of the same bytes store one photo; the loser answers the winner as a duplicate', async () => {
    const bytes = await jpeg(5, 400);
    const before = await photoCount(server, albumId);
    const originalsBefore = await originalKeys(server);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send(server, albumId, [{ name: `race-${n}.jpg`, bytes }], `Convidado ${n}`)),
    );
    const items = answers.map(([item]) => item);
    expect(new Set(items.map((item) => item.id)).size).toBe(1);
    expect(items.filter((item) => !item.duplicate)).toHaveLength(1);
    expect(items.filter((item) => item.delete_key)).toHaveLength(1);
    expect(await photoCount(server, albumId)).toBe(before + 1);
    // One original more, the winner's: no loser left its bytes behind under its own id.
    const added = (await originalKeys(server)).filter((key) => !originalsBefore.includes(key));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(items[0].id);
  });

  test('the delete key removes the photo and its files and open galleries hear it; a wrong, missing or other key removes nothing', async () => {
    const mineBytes = await jpeg(6);
    const [mine, theirs] = await send(server, albumId, [
      { name: 'mine.jpg', bytes: mineBytes },
      { name: 'theirs.jpg', bytes: await jpeg(7) },
    ]);
    await server.app.media.idle();
    const keysBefore = await storedKeys(server);
    const gallery = await listen(server, albumId);

    for (const wrong of ['forjada', '', theirs.delete_key!]) {
      const refused = await expectError(await removeWithKey(server, mine.id, wrong), 403);
      expect(refused.message).toBe('Chave de remoção inválida. Só quem enviou a foto pode removê-la.');
    }
    const missing = await expectError(await removeWithKey(server, mine.id), 403);
    expect(missing.message).toBe('Só quem enviou a foto ou o organizador do evento pode removê-la.');
    await expectError(await removeWithKey(server, 'pho_00000000-0000-0000-0000-000000000000', mine.delete_key), 404);
    expect(await storedKeys(server)).toEqual(keysBefore);

    const removed = await removeWithKey(server, mine.id, mine.delete_key);
    expect(removed.status).toBe(200);
    expect(await readJson(removed)).toEqual({ status: 200, message: 'Foto excluída.' });
    const left = await storedKeys(server);
    expect(left.filter((key) => key.includes(mine.id))).toEqual([]);
    expect(left.filter((key) => key.includes(theirs.id)).length).toBeGreaterThan(0);
    for (let i = 0; i < 50 && gallery.messages.length === 0; i++) await settle();
    expect(gallery.messages).toEqual([{ type: 'photos_removed', payload: { albumId, ids: [mine.id] } }]);
    gallery.socket.close();

    // Gone means gone: the same bytes may be sent again and are stored anew.
    const [back] = await send(server, albumId, [{ name: 'mine-again.jpg', bytes: mineBytes }]);
    expect(back).toMatchObject({ duplicate: false, delete_key: expect.any(String) });
    expect(back.id).not.toBe(mine.id);
  });

  test('a batch that failed part-way asks which of its files are stored, with a new key for each; unknown names are not answered', async () => {
    const [one, two] = await Promise.all([jpeg(13), jpeg(14)]);
    const key = clientKey();
    const [stored] = await send(server, albumId, [{ name: 'part-1.jpg', bytes: one, key }]);
    const lookup = (body: unknown) =>
      fetch(`${server.url}/api/events/photos/stored`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const response = await lookup({
      album_id: albumId,
      files: [
        { name: 'part-1.jpg', size: one.length, client_key: key },
        { name: 'part-2.jpg', size: two.length, client_key: clientKey() },
        { name: 'part-1.jpg', size: one.length + 1, client_key: key },
      ],
    });
    expect(response.status).toBe(200);
    const { photos, withheld } = await readJson(response);
    expect(photos).toEqual([expect.objectContaining({ id: stored.id, file_name: 'part-1.jpg', duplicate: false, delete_key: expect.any(String) })]);
    expect(withheld).toEqual([]);
    expect(photos[0].delete_key).not.toBe(stored.delete_key);
    await expectError(await lookup({ album_id: 'alb_00000000-0000-0000-0000-000000000000', files: [] }), 404);
    await expectError(await lookup({ album_id: albumId, files: [{ name: '', size: 1, client_key: key }] }), 400);
    expect((await removeWithKey(server, stored.id, photos[0].delete_key)).status).toBe(200);
  });

  test("issue 23: /stored answers only the sender (its client key); hidden and pending photos as stored without their data; the sender's key keeps working", async () => {
    const [one, two] = await Promise.all([jpeg(15), jpeg(16)]);
    const key = clientKey();
    const [stored] = await send(server, albumId, [{ name: 'IMG_0001.jpg', bytes: one, key }]);
    const lookup = (files: unknown[]) =>
      fetch(`${server.url}/api/events/photos/stored`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ album_id: albumId, files }) });
    // Someone who knows the name and size: without the key the contract refuses, with another key nothing is answered.
    await expectError(await lookup([{ name: 'IMG_0001.jpg', size: one.length }]), 400);
    expect(await readJson(await lookup([{ name: 'IMG_0001.jpg', size: one.length, client_key: clientKey() }]))).toEqual({ photos: [], withheld: [] });
    // The stranger's lookup did not replace the sender's delete key.
    const { photos: own } = await readJson(await lookup([{ name: 'IMG_0001.jpg', size: one.length, client_key: key }]));
    expect(own).toEqual([expect.objectContaining({ id: stored.id, delete_key: expect.any(String) })]);

    // Hidden by the organiser: answered as stored, without URLs or a key.
    const hideKey = clientKey();
    const [hidden] = await send(server, albumId, [{ name: 'IMG_0002.jpg', bytes: two, key: hideKey }]);
    const hide = await fetch(`${server.url}/api/events/photos/${hidden.id}`, {
      method: 'PATCH',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    const answer = await readJson(await lookup([{ name: 'IMG_0002.jpg', size: two.length, client_key: hideKey }]));
    expect(answer).toEqual({ photos: [], withheld: [{ file_name: 'IMG_0002.jpg', pending: false }] });
    expect(JSON.stringify(answer)).not.toContain(hidden.id);
  });

  describe('a chunk session', () => {
    const init = (fields: Record<string, unknown>) => chunkCalls(server.url).init(fields);
    const status = (sessionId: string, query = '') => chunkCalls(server.url).status(sessionId, query);
    const finalize = (sessionId: string) => chunkCalls(server.url).finalize(sessionId);
    const sendChunk = (sessionId: string, index: number, total: number, bytes: Buffer) => chunkCalls(server.url).sendChunk(sessionId, index, total, bytes);
    const chunkSize = 16 * 1024;

    test('answers which chunks it holds, so a resumed upload sends only the others; finalize stores the exact bytes once', async () => {
      const file = await jpeg(8, 600);
      const total = Math.ceil(file.length / chunkSize);
      expect(total).toBeGreaterThan(4);
      const { sessionId } = await readJson(await init({ fileName: 'video-1.jpg', fileSize: file.length, fileType: 'image/jpeg', albumId, userId: 'Lia' }));
      expect(await readJson(await status(sessionId))).toEqual({ sessionId, fileSize: file.length, totalChunks: null, receivedChunks: [], photoId: null });

      const piece = (index: number) => file.subarray(index * chunkSize, (index + 1) * chunkSize);
      for (const index of [0, 1, 3]) expect((await sendChunk(sessionId, index, total, piece(index))).status).toBe(200);
      // The page reloads here: the queue asks where the session stands.
      const halfway = await readJson(await status(sessionId, `?albumId=${albumId}`));
      expect(halfway).toEqual({ sessionId, fileSize: file.length, totalChunks: total, receivedChunks: [0, 1, 3], photoId: null });
      await expectError(await finalize(sessionId), 400);

      const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !halfway.receivedChunks.includes(i));
      for (const index of missing) expect((await sendChunk(sessionId, index, total, piece(index))).status).toBe(200);
      expect((await readJson(await status(sessionId))).receivedChunks).toEqual(Array.from({ length: total }, (_, i) => i));

      const done = await readJson(await finalize(sessionId));
      expect(done.photos).toEqual([expect.objectContaining({ file_name: 'video-1.jpg', duplicate: false, delete_key: expect.any(String) })]);
      const stored = Buffer.from(await (await fetch(`${server.url}${done.photos[0].original_photo}`)).arrayBuffer());
      expect(stored.equals(file)).toBe(true);
      expect(await readJson(await status(sessionId))).toMatchObject({ photoId: done.photos[0].id, totalChunks: total });

      // The finalize answer got lost: finalizing again answers the same photo with a new key.
      const again = await readJson(await finalize(sessionId));
      expect(again.photos[0]).toMatchObject({ id: done.photos[0].id, duplicate: false, delete_key: expect.any(String) });
      expect(again.photos[0].delete_key).not.toBe(done.photos[0].delete_key);

      // The same bytes sent in one request by someone else: a duplicate of the chunked photo.
      const [copy] = await send(server, albumId, [{ name: 'forwarded.jpg', bytes: file }]);
      expect(copy).toMatchObject({ id: done.photos[0].id, duplicate: true });
    });

    test('a chunked file whose bytes the album has is a duplicate: no second file, no key, and a repeated finalize says so too', async () => {
      const file = await jpeg(9, 300);
      const [original] = await send(server, albumId, [{ name: 'first.jpg', bytes: file }]);
      const total = Math.ceil(file.length / chunkSize);
      const { sessionId } = await readJson(await init({ fileName: 'second.jpg', fileSize: file.length, albumId, userId: 'Lia' }));
      for (let index = 0; index < total; index++) await sendChunk(sessionId, index, total, file.subarray(index * chunkSize, (index + 1) * chunkSize));
      const done = await readJson(await finalize(sessionId));
      expect(done.photos).toEqual([expect.objectContaining({ id: original.id, file_name: 'second.jpg', duplicate: true })]);
      expect(done.photos[0]).not.toHaveProperty('delete_key');
      const repeated = await readJson(await finalize(sessionId));
      expect(repeated.photos[0]).toMatchObject({ id: original.id, duplicate: true });
      expect(repeated.photos[0]).not.toHaveProperty('delete_key');
    });

    test('bad input: unknown, malformed, expired or another album\'s session is 404 JSON; an index out of range is 400; nothing changes', async () => {
      const file = await jpeg(10, 200);
      const total = Math.ceil(file.length / chunkSize);
      const { sessionId } = await readJson(await init({ fileName: 'x.jpg', fileSize: file.length, albumId, userId: 'Lia' }));
      await sendChunk(sessionId, 0, total, file.subarray(0, chunkSize));

      const unknown = await expectError(await status('ups_00000000-0000-0000-0000-000000000000'), 404);
      expect(unknown.message).toBe('Sessão de upload não encontrada ou expirada.');
      await expectError(await status('nada'), 404);
      await expectError(await status(sessionId, `?albumId=${otherAlbumId}`), 404);
      const outOfRange = await expectError(await sendChunk(sessionId, total, total, file.subarray(0, 10)), 400);
      expect(outOfRange.message).toBe("O campo 'chunkIndex' é inválido.");
      await expectError(await sendChunk(sessionId, -1, total, file.subarray(0, 10)), 400);
      expect((await readJson(await status(sessionId))).receivedChunks).toEqual([0]);

      // Idle past CHUNK_SESSION_TTL (1 h here): gone for the status call and the chunk calls.
      await server.app.db.updateTable('upload_sessions').set({ updated_at: new Date(Date.now() - 2 * 3600_000).toISOString() }).where('id', '=', sessionId).execute();
      await expectError(await status(sessionId), 404);
      await expectError(await sendChunk(sessionId, 1, total, file.subarray(chunkSize, 2 * chunkSize)), 404);
      await expectError(await finalize(sessionId), 404);
    });
  });

  test('photos stored before hashes existed get theirs at start (and then take part in dedupe); the walk resumes where it stands', async () => {
    const oldB = await jpeg(12);
    const [a, b] = await send(server, albumId, [
      { name: 'old-a.jpg', bytes: await jpeg(11) },
      { name: 'old-b.jpg', bytes: oldB },
    ]);
    const hashes = await server.app.db.selectFrom('photos').select(['id', 'content_sha256']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    await server.app.db.updateTable('photos').set({ content_sha256: null }).where('id', 'in', [a.id, b.id]).execute();

    // Stopped after the first photo (a restart mid-way), then run again: every hash as it was.
    let seen = 0;
    const deps = { db: server.app.db, storage: server.app.storage, warn: () => undefined };
    await backfillContentHashes({ ...deps, stopped: () => seen++ > 0 }, 1);
    await server.restart();
    for (let i = 0; i < 100; i++) {
      const left = await server.app.db.selectFrom('photos').select('id').where('content_sha256', 'is', null).execute();
      if (left.length === 0) break;
      await settle();
    }
    const after = await server.app.db.selectFrom('photos').select(['id', 'content_sha256']).where('id', 'in', [a.id, b.id]).orderBy('id').execute();
    expect(after).toEqual(hashes);
    const [copy] = await send(server, albumId, [{ name: 'copy-old-b.jpg', bytes: oldB }]);
    expect(copy).toMatchObject({ id: b.id, duplicate: true });
  });
});
