import sharp from 'sharp';
import { processPhoto } from '../src/services/media/media-job';
import { createAlbum, createEvent, expectError, organiserSession, readJson, readStored, listenToSocket, startServer, storedKeys, type TestServer } from './helpers';

// Issue 29 item 7: the guest's preview of a photo still being processed (PUT
// /api/events/photos/{id}/preview) is shown as its grid copies at once, to every viewer; the server's
// own copies replace it when its job has made them, and the preview's file is removed (its URL then
// answers with the copy that replaced it).

type Item = { id: string; processing: boolean; error: string | false; compressed_photo: string | null; display_photo: string | null; thumb_photo?: string | null };
type Message = { type: string; payload: { photos?: Item[] } };

const photo = (width: number, height: number, seed = 1) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30 * seed, g: 120, b: 200 } } }).jpeg().toBuffer();
const webp = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).webp().toBuffer();

const keyOf = (url: string) => decodeURIComponent(url.replace(/^\/api\/files\?path=/, '').replace(/&.*$/, ''));

async function upload(server: TestServer, albumId: string, name: string, bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Tia Rosa');
  form.append('images', new Blob([bytes], { type }), name);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await readJson(response)).photos[0] as Item & { delete_key: string };
}

function sendPreview(server: TestServer, id: string, key: string | null, bytes: Buffer, type = 'image/webp') {
  const form = new FormData();
  form.append('preview', new Blob([bytes], { type }), 'preview');
  return fetch(`${server.url}/api/events/photos/${id}/preview`, { method: 'PUT', body: form, headers: key === null ? {} : { 'x-delete-key': key } });
}

async function listed(server: TestServer, albumId: string, id: string): Promise<Item> {
  const [item] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${id}`));
  return item as Item;
}

const listen = (url: string) => listenToSocket<Message>(url);

const until = async (check: () => boolean | Promise<boolean>, tries = 500) => {
  for (let i = 0; i < tries && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await check()).toBe(true);
};

describe("the guest's preview of a photo (issue 29)", () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let albumId: string;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { name: 'Festa' })).id;
  });
  afterAll(() => server.close());

  test('shown as the grid copies while the job waits, to lists and sockets; replaced by the server’s copies, its file removed', async () => {
    // The photo's job waits (a burst's queue): nothing makes its copies until the restart below.
    await server.app.media.pause();
    const sent = await upload(server, albumId, 'bolo.jpg', await photo(1600, 1200));
    expect(sent.processing).toBe(true);
    const guest = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}`);

    const preview = await webp(640, 480);
    const response = await sendPreview(server, sent.id, sent.delete_key, preview);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 200, message: 'Prévia recebida.' });

    const shown = await listed(server, albumId, sent.id);
    expect(shown).toMatchObject({ processing: false, error: false, display_photo: null });
    expect(keyOf(shown.compressed_photo!)).toMatch(new RegExp(`${sent.id}-preview-[0-9a-f]{8}\\.webp$`));
    expect(shown.thumb_photo).toBe(shown.compressed_photo);
    // The guests' socket heard it as a job's first copies would be announced.
    await until(() => guest.messages.some((message) => message.type === 'photos_updated' && message.payload.photos?.[0]?.compressed_photo === shown.compressed_photo));
    guest.close();
    // The file a guest's grid loads is the preview's bytes.
    const file = await fetch(`${server.url}${shown.compressed_photo}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(preview)).toBe(true);

    // A second preview is too late: the photo shows one already.
    await expectError(await sendPreview(server, sent.id, sent.delete_key, preview), 409);

    // The job runs after a restart (SQLite: the start's backfill finds it; PostgreSQL: its queued job).
    await server.restart();
    await until(async () => (await listed(server, albumId, sent.id)).display_photo !== null);
    const made = await listed(server, albumId, sent.id);
    expect(keyOf(made.compressed_photo!)).toMatch(/-grid\.webp$/);
    expect(keyOf(made.thumb_photo!)).toMatch(/-tile\.webp$/);
    const grid = await sharp(Buffer.from(await (await fetch(`${server.url}${made.compressed_photo}`)).arrayBuffer())).metadata();
    expect([grid.width, grid.height]).toEqual([640, 480]);
    await server.app.media.idle();
    const keys = await storedKeys(server);
    expect(keys).toEqual(expect.arrayContaining([keyOf(made.compressed_photo!), keyOf(made.thumb_photo!), keyOf(made.display_photo!)]));
    expect(keys.some((key) => key.includes('-preview-'))).toBe(false);
    // A wall told of the preview may ask for it after the job: its URL answers with the grid copy
    // that replaced it, while the photo may be seen, and nothing once it is hidden.
    const replaced = await fetch(`${server.url}${shown.compressed_photo}`);
    expect(replaced.status).toBe(200);
    const gridBytes = Buffer.from(await (await fetch(`${server.url}${made.compressed_photo}`)).arrayBuffer());
    expect(Buffer.from(await replaced.arrayBuffer()).equals(gridBytes)).toBe(true);
    const hide = await fetch(`${server.url}/api/events/photos/${sent.id}`, {
      method: 'PATCH',
      headers: { authentication: ana.token, 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);
    expect((await fetch(`${server.url}${shown.compressed_photo}`)).status).toBe(404);
    // Another photo's preview name in the same album is no file of this one.
    expect((await fetch(`${server.url}${shown.compressed_photo!.replace(sent.id, 'pho_00000000-0000-4000-8000-000000000000')}`)).status).toBe(404);
  });

  test('after the job: 409, and no file is kept', async () => {
    const sent = await upload(server, albumId, 'mesa.jpg', await photo(800, 600, 2));
    await until(async () => !(await listed(server, albumId, sent.id)).processing);
    await expectError(await sendPreview(server, sent.id, sent.delete_key, await webp(640, 480)), 409);
    expect((await storedKeys(server)).some((key) => key.includes('-preview-'))).toBe(false);
  });

  test('two previews at once: one is shown, the other refused, and the shown one keeps its file', async () => {
    await server.app.media.pause();
    const sent = await upload(server, albumId, 'dança.jpg', await photo(1200, 1600, 3));
    const preview = await webp(480, 640);
    const answers = await Promise.all([0, 1, 2].map(() => sendPreview(server, sent.id, sent.delete_key, preview)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const shown = await listed(server, albumId, sent.id);
    expect((await fetch(`${server.url}${shown.compressed_photo}`)).status).toBe(200);
    expect((await storedKeys(server)).filter((key) => key.includes(`${sent.id}-preview-`))).toEqual([keyOf(shown.compressed_photo!)]);
    await server.restart();
    await until(async () => (await listed(server, albumId, sent.id)).display_photo !== null);
  });

  test('refusals: who sends it, what it is, how large; none changes the photo', async () => {
    await server.app.media.pause();
    const sent = await upload(server, albumId, 'brinde.jpg', await photo(1600, 1200, 4));
    const preview = await webp(640, 480);
    expect((await expectError(await sendPreview(server, sent.id, null, preview), 403)).message).toBe('Só quem enviou a foto pode enviar a prévia dela.');
    await expectError(await sendPreview(server, sent.id, 'x'.repeat(32), preview), 403);
    // An organiser is no sender: the preview is the phone's.
    const asOrganiser = new FormData();
    asOrganiser.append('preview', new Blob([preview], { type: 'image/webp' }), 'preview');
    await expectError(await fetch(`${server.url}/api/events/photos/${sent.id}/preview`, { method: 'PUT', body: asOrganiser, headers: ana.headers }), 403);
    await expectError(await sendPreview(server, 'pho_00000000-0000-4000-8000-000000000000', sent.delete_key, preview), 404);

    const notPreview = 'A prévia deve ser uma imagem WebP ou JPEG de até 640 px.';
    expect((await expectError(await sendPreview(server, sent.id, sent.delete_key, Buffer.from('não é imagem')), 415)).message).toBe(notPreview);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } }).png().toBuffer();
    await expectError(await sendPreview(server, sent.id, sent.delete_key, png, 'image/png'), 415);
    await expectError(await sendPreview(server, sent.id, sent.delete_key, await webp(1024, 768)), 415);
    // Metadata a canvas never writes: an orientation that would turn it on screens, a location.
    const turned = await sharp(await photo(640, 480)).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    await expectError(await sendPreview(server, sent.id, sent.delete_key, turned, 'image/jpeg'), 415);
    const located = await sharp(await photo(640, 480)).withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '22/1 54/1 1000/100' } }).webp().toBuffer();
    await expectError(await sendPreview(server, sent.id, sent.delete_key, located), 415);
    // A WebP header glued to garbage.
    await expectError(await sendPreview(server, sent.id, sent.delete_key, Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(64, 7)])), 415);
    const large = await sharp(Buffer.alloc(640 * 640 * 3).map(() => Math.floor(Math.random() * 256)), { raw: { width: 640, height: 640, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
    expect(large.length).toBeGreaterThan(200 * 1024);
    expect((await expectError(await sendPreview(server, sent.id, sent.delete_key, large, 'image/jpeg'), 413)).message).toBe('A prévia é grande demais.');
    await expectError(await fetch(`${server.url}/api/events/photos/${sent.id}/preview`, { method: 'PUT', body: 'x', headers: { 'x-delete-key': sent.delete_key, 'content-type': 'text/plain' } }), 400);
    const empty = new FormData();
    empty.append('other', new Blob([preview], { type: 'image/webp' }), 'preview');
    await expectError(await fetch(`${server.url}/api/events/photos/${sent.id}/preview`, { method: 'PUT', body: empty, headers: { 'x-delete-key': sent.delete_key } }), 400);

    expect(await listed(server, albumId, sent.id)).toMatchObject({ processing: true, compressed_photo: null });
    expect((await storedKeys(server)).some((key) => key.includes('-preview-'))).toBe(false);
    // A JPEG preview (Safari's canvas makes no WebP) is taken.
    const jpegPreview = await photo(640, 480, 5);
    expect((await sendPreview(server, sent.id, sent.delete_key, jpegPreview, 'image/jpeg')).status).toBe(200);
    expect(keyOf((await listed(server, albumId, sent.id)).compressed_photo!)).toMatch(/-preview-[0-9a-f]{8}\.jpg$/);
    await server.restart();
    await until(async () => (await listed(server, albumId, sent.id)).display_photo !== null);
    await server.app.media.idle();
    expect((await storedKeys(server)).some((key) => key.includes('-preview-'))).toBe(false);
  });

  test('sent in the upload itself, right after its photo: the answer and the announcement show it; the job replaces it', async () => {
    await server.app.media.pause();
    const guest = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}`);
    const preview = await webp(640, 480);
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([await photo(1600, 1200, 6)], { type: 'image/jpeg' }), 'com-previa.jpg');
    form.append('preview', new Blob([preview], { type: 'image/webp' }), 'preview.webp');
    // A second photo whose preview does not fit (a PNG): left out, the photo waits for its job.
    form.append('images', new Blob([await photo(1600, 1200, 7)], { type: 'image/jpeg' }), 'sem-previa.jpg');
    form.append('preview', new Blob([await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fff' } }).png().toBuffer()], { type: 'image/png' }), 'preview.png');
    const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const [withPreview, without] = (await readJson(response)).photos as Array<Item & { file_name: string }>;
    expect(withPreview).toMatchObject({ file_name: 'com-previa.jpg', processing: false, display_photo: null });
    expect(keyOf(withPreview.compressed_photo!)).toMatch(new RegExp(`${withPreview.id}-preview-[0-9a-f]{8}\\.webp$`));
    expect(without).toMatchObject({ file_name: 'sem-previa.jpg', processing: true, compressed_photo: null });
    await until(() => guest.messages.some((message) => message.type === 'new_photos' && message.payload.photos?.some((item) => item.id === withPreview.id && item.compressed_photo === withPreview.compressed_photo)));
    guest.close();
    expect(Buffer.from(await (await fetch(`${server.url}${withPreview.compressed_photo}`)).arrayBuffer()).equals(preview)).toBe(true);

    // The file route's state of the preview's key is read before its job runs (held for the next
    // minute here, a few seconds in use); the job then replaces the preview and removes its file. A
    // wall asking for the preview after that gets the grid copy, not a 404.
    await server.app.fileAccess.lookUp(keyOf(withPreview.compressed_photo!), Date.now() + 60_000);
    const jobDeps = { db: server.app.db, storage: server.app.storage, temp: server.app.temp, media: server.config.media, log: server.app.log };
    await processPhoto(jobDeps, withPreview.id, new AbortController().signal);
    const grid = keyOf((await listed(server, albumId, withPreview.id)).compressed_photo!);
    expect(grid).toMatch(/-grid\.webp$/);
    const late = await fetch(`${server.url}${withPreview.compressed_photo}`);
    expect(late.status).toBe(200);
    expect(Buffer.from(await late.arrayBuffer()).equals((await readStored(server, grid))!)).toBe(true);

    await server.restart();
    await until(async () => (await listed(server, albumId, withPreview.id)).display_photo !== null && (await listed(server, albumId, without.id)).display_photo !== null);
    expect(keyOf((await listed(server, albumId, withPreview.id)).compressed_photo!)).toMatch(/-grid\.webp$/);
    await server.app.media.idle();
    expect((await storedKeys(server)).some((key) => key.includes('-preview-'))).toBe(false);
  });

  test('replaced between the file route’s look at it and the reading of its bytes: answered with the grid copy', async () => {
    await server.app.media.pause();
    const sent = await upload(server, albumId, 'brinde.jpg', await photo(1600, 1200, 8));
    expect((await sendPreview(server, sent.id, sent.delete_key, await webp(640, 480))).status).toBe(200);
    const previewUrl = (await listed(server, albumId, sent.id)).compressed_photo!;
    const previewKey = keyOf(previewUrl);
    expect(previewKey).toMatch(/-preview-[0-9a-f]{8}\.webp$/);

    // The job runs at the worst moment: the route has found the preview's file, and asks for its bytes.
    const storage = server.app.storage;
    const get = storage.get.bind(storage);
    const jobDeps = { db: server.app.db, storage, temp: server.app.temp, media: server.config.media, log: server.app.log };
    let raced = false;
    storage.get = async (key, range) => {
      if (key === previewKey && !raced) {
        raced = true;
        await processPhoto(jobDeps, sent.id, new AbortController().signal);
      }
      return get(key, range);
    };
    try {
      const late = await fetch(`${server.url}${previewUrl}`);
      expect(raced).toBe(true);
      expect(late.status).toBe(200);
      const grid = keyOf((await listed(server, albumId, sent.id)).compressed_photo!);
      expect(grid).toMatch(/-grid\.webp$/);
      expect(Buffer.from(await late.arrayBuffer()).equals((await readStored(server, grid))!)).toBe(true);
    } finally {
      storage.get = get;
    }
  });

  test('a video takes no preview', async () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42', 'latin1'), Buffer.alloc(2048)]);
    const sent = await upload(server, albumId, 'video.mp4', mp4, 'video/mp4');
    expect((await expectError(await sendPreview(server, sent.id, sent.delete_key, await webp(640, 360)), 400)).message).toBe('Só fotos recebem prévia.');
  });
});
