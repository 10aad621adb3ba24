import { localNow } from '../src/domain/visibility';
import { chunkCalls, createAlbum, createEvent, expectError, organiserSession, PNG_BYTES, readJson, startServer, type TestServer } from './helpers';

// Issue 24 item 2: one admission ("may this guest upload here") for a one-request upload and a chunk
// session, at its start and again before anything is stored. Each refusal on each path.

const minutesFromNow = (minutes: number) => localNow(new Date(Date.now() + minutes * 60_000));

describe('one admission for every upload path', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let calls: ReturnType<typeof chunkCalls>;
  beforeAll(async () => {
    server = await startServer({ env: { UPLOAD_RATE_LIMIT: '0' } });
    ana = await organiserSession(server, 'ana@example.com');
    calls = chunkCalls(server.url);
  });
  afterAll(() => server.close());

  async function eventWith(fields: Record<string, string> = {}) {
    const event = await createEvent(server, ana.token, fields);
    const album = await createAlbum(server, ana.token, event.id);
    return { event, albumId: album.id };
  }

  const upload = (albumId: string, headers: Record<string, string> = {}, name = `f-${Math.random()}.png`) => {
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([PNG_BYTES], { type: 'image/png' }), name);
    return fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form, headers });
  };
  const initFor = (albumId: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/events/photos/chunk/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ fileName: `c-${Math.random()}.png`, fileSize: PNG_BYTES.length, fileType: 'image/png', albumId, userId: 'Zé' }),
    });
  /** A session opened while everything allowed it, its one chunk in: only its finalize is left. */
  async function openedSession(albumId: string) {
    const { sessionId } = (await readJson(await initFor(albumId))) as { sessionId: string };
    expect((await calls.sendChunk(sessionId, 0, 1, PNG_BYTES)).status).toBe(200);
    return sessionId;
  }
  const photosOf = async (albumId: string) => (await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`, { headers: ana.headers }))) as unknown[];

  test('an unknown album: 404 on a one-request upload and on a chunk session', async () => {
    const missing = 'alb_00000000-0000-4000-8000-000000000000';
    expect((await expectError(await upload(missing), 404)).message).toBe('Álbum não encontrado.');
    expect((await expectError(await initFor(missing), 404)).message).toBe('Álbum não encontrado.');
  });

  test('an album closed to uploads: 403 on each path, the finalize of a session opened before it closed too; nothing stored', async () => {
    const { event, albumId } = await eventWith();
    const sessionId = await openedSession(albumId);
    const close = await fetch(`${server.url}/api/albums/${albumId}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cerimônia', description: 'Fotos da cerimônia', is_public: true, is_available: false }),
    });
    expect(close.status).toBe(200);
    for (const answer of [await upload(albumId), await initFor(albumId), await calls.finalize(sessionId)]) {
      expect((await expectError(answer, 403)).message).toBe('Este álbum não está aberto para envio de fotos.');
    }
    expect(await photosOf(albumId)).toEqual([]);
    expect(event.id).toMatch(/^evt_/);
  });

  test('the upload window closed after a session opened: its finalize is refused like a new upload (403)', async () => {
    const { event, albumId } = await eventWith();
    const sessionId = await openedSession(albumId);
    const put = await fetch(`${server.url}/api/events/${event.id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: event.name, date: event.date, location: event.location, contact: event.contact, uploads_close_at: minutesFromNow(-1) }),
    });
    expect(put.status).toBe(200);
    for (const answer of [await upload(albumId), await initFor(albumId), await calls.finalize(sessionId)]) {
      expect((await expectError(answer, 403)).message).toBe('O envio de fotos para este evento foi encerrado.');
    }
    expect(await photosOf(albumId)).toEqual([]);
  });

  test("the event's PIN: asked when an upload or a session opens (403 without it), not again of the same request", async () => {
    const { albumId } = await eventWith({ pin: '4821' });
    const pin = { 'x-event-pin': '4821' };
    expect((await expectError(await upload(albumId), 403)).message).toBe('Digite o PIN do evento.');
    expect((await expectError(await initFor(albumId), 403)).message).toBe('Digite o PIN do evento.');
    expect((await expectError(await upload(albumId, { 'x-event-pin': '0000' }), 403)).message).toBe('PIN incorreto. Confira com quem organiza o evento.');
    expect((await upload(albumId, pin)).status).toBe(201);
    const { sessionId } = (await readJson(await initFor(albumId, pin))) as { sessionId: string };
    expect(sessionId).toMatch(/^ups_/);
    expect(await photosOf(albumId)).toHaveLength(1);
  });
});

describe('one admission: the quota, on each path', () => {
  let server: TestServer;
  afterAll(() => server.close());

  test('a full event refuses a one-request upload and a new session (413); a session opened with room finalizes', async () => {
    server = await startServer({ env: { UPLOAD_RATE_LIMIT: '0', EVENT_MAX_FILES: '2' } });
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const calls = chunkCalls(server.url);
    const own = Buffer.concat([PNG_BYTES, Buffer.from([1, 2, 3])]);
    const { sessionId } = (await readJson(await calls.init({ fileName: 'c.png', fileSize: own.length, fileType: 'image/png', albumId: album.id, userId: 'Zé' }))) as { sessionId: string };
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([PNG_BYTES], { type: 'image/png' }), 'um.png');
    expect((await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form })).status).toBe(201);
    // One photo stored, one held by the open session: the event is full for anything new.
    const again = new FormData();
    again.append('album_id', album.id);
    again.append('user_id', 'Tia Rosa');
    again.append('images', new Blob([Buffer.concat([PNG_BYTES, Buffer.from([0])])], { type: 'image/png' }), 'dois.png');
    expect((await expectError(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: again }), 413)).message).toContain('limite de 2 fotos');
    expect((await expectError(await calls.init({ fileName: 'd.png', fileSize: 10, fileType: 'image/png', albumId: album.id, userId: 'Zé' }), 413)).message).toContain('limite de 2 fotos');
    // The session's own reservation is not counted against it at finalize.
    expect((await calls.sendChunk(sessionId, 0, 1, own)).status).toBe(200);
    const done = await calls.finalize(sessionId);
    expect(done.status).toBe(201);
    expect(await readJson(done)).toMatchObject({ photos: [expect.objectContaining({ duplicate: false })] });
  });
});
