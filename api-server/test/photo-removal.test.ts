import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, storedKeys, type TestServer } from './helpers';

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

const jpeg = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed * 20, g: 80, b: 120 } } }).jpeg().toBuffer();

async function upload(server: TestServer, albumId: string, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Tia Rosa');
  form.append('images', new Blob([bytes], { type: 'image/jpeg' }), name);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await readJson(response)).photos[0] as { id: string; original_photo: string; compressed_photo: string | null };
}

function listen(url: string): Promise<{ socket: { close(): void }; messages: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: unknown[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}

const keyOf = (url: string) => decodeURIComponent(url.replace('/api/files?path=', ''));

describe('removing a photo (DELETE /api/events/photos/{photoId})', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let bea: Awaited<ReturnType<typeof organiserSession>>;
  let albumId: string;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    bea = await organiserSession(server, 'bea@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { is_public: true, is_available: true })).id;
  });
  afterAll(() => server.close());

  test('the owner removes the row, the original and both renditions, and open galleries hear photos_removed', async () => {
    const kept = await upload(server, albumId, 'kept.jpg', await jpeg(1));
    const doomed = await upload(server, albumId, 'doomed.jpg', await jpeg(2));
    await server.app.media.idle();
    const [withThumb] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${doomed.id}`));
    expect(withThumb.compressed_photo).toEqual(expect.any(String));
    expect(withThumb.display_photo).toEqual(expect.any(String));
    const doomedKeys = [keyOf(doomed.original_photo), keyOf(withThumb.compressed_photo), keyOf(withThumb.display_photo), keyOf(withThumb.thumb_photo)];
    expect(await storedKeys(server)).toEqual(expect.arrayContaining(doomedKeys));

    const gallery = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}`);
    const response = await fetch(`${server.url}/api/events/photos/${doomed.id}`, { method: 'DELETE', headers: ana.headers });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 200, message: 'Foto excluída.' });

    const list = await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`));
    expect(list.map((photo: { id: string }) => photo.id)).toEqual([kept.id]);
    const keys = await storedKeys(server);
    for (const key of doomedKeys) expect(keys).not.toContain(key);
    expect(keys).toContain(keyOf(kept.original_photo));
    for (let i = 0; i < 50 && gallery.messages.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gallery.messages).toEqual([{ type: 'photos_removed', payload: { albumId, ids: [doomed.id] } }]);
    gallery.socket.close();

    await expectError(await fetch(`${server.url}/api/events/photos/${doomed.id}`, { method: 'DELETE', headers: ana.headers }), 404);
  });

  test('nobody else removes it: neither key nor token 403, a bad token 401, another organiser or an unknown photo 404, a malformed id 400', async () => {
    const photo = await upload(server, albumId, 'safe.jpg', await jpeg(3));
    await expectError(await fetch(`${server.url}/api/events/photos/${photo.id}`, { method: 'DELETE' }), 403);
    await expectError(await fetch(`${server.url}/api/events/photos/${photo.id}`, { method: 'DELETE', headers: { authentication: 'not-a-token' } }), 401);
    const other = await expectError(await fetch(`${server.url}/api/events/photos/${photo.id}`, { method: 'DELETE', headers: bea.headers }), 404);
    expect(other.message).toBe('Foto não encontrada.');
    await expectError(await fetch(`${server.url}/api/events/photos/pho_00000000-0000-0000-0000-000000000000`, { method: 'DELETE', headers: ana.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/photos/..%2F..%2Fetc`, { method: 'DELETE', headers: ana.headers }), 400);

    const list = await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`));
    expect(list.map((item: { id: string }) => item.id)).toContain(photo.id);
    expect(await storedKeys(server)).toContain(keyOf(photo.original_photo));
  });
});

describe('deleting an event while its photos are still being processed', () => {
  let server: TestServer;
  afterAll(() => server.close());

  test('the request succeeds and, once the queue is idle, no file of the event is left', async () => {
    server = await startServer();
    const ana = await organiserSession(server, 'ana@example.com');
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg().toBuffer();
    for (let round = 0; round < 3; round++) {
      const event = await createEvent(server, ana.token);
      const album = await createAlbum(server, ana.token, event.id, { is_public: true, is_available: true });
      for (let i = 0; i < 3; i++) await upload(server, album.id, `p${i}.jpg`, photo);
      // Wait until the queue holds a job of this event, then delete while it runs.
      await new Promise((resolve) => setTimeout(resolve, 150 * round));
      const response = await fetch(`${server.url}/api/events/${event.id}`, { method: 'DELETE', headers: ana.headers });
      expect(await readJson(response)).toEqual({ status: 200, message: 'O evento foi excluído com sucesso.' });
      await server.app.media.idle();
      expect(await storedKeys(server, `events/${event.id}`)).toEqual([]);
    }
  }, 60_000);
});
