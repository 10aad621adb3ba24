import { request as httpRequest } from 'node:http';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer, wsTicket } from './helpers';
import { HEIF_ENC, heicWithLocation, jpegWithLocation, locationTagsOf, movWithLocation, tagsOf } from './guest-privacy-fixtures';
import { unzip } from './zip';

// Issue 22: what is hidden stays hidden all the way down. Every guest URL of a photo follows the
// photo's state now; guest sockets follow it too; no guest copy says where it was taken; the
// organiser decides whether guests take originals home.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

interface Photo {
  id: string;
  original_photo: string;
  compressed_photo: string | null;
  display_photo: string | null;
  /** The phone copy (issue 29): the same access as the grid copy. */
  thumb_photo?: string | null;
}

/** A request with exactly these headers (fetch would add its own). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface Listener {
  socket: { close(): void; readyState: number };
  messages: Array<{ type: string; payload: { photos?: Photo[]; ids?: string[] } }>;
  closed: Promise<{ code: number; reason: string }>;
}

function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: Listener['messages'] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => socket.on('close', (code: number, reason: Buffer) => done({ code, reason: reason.toString() })));
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages, closed }));
    socket.on('error', reject);
  });
}

const until = async (check: () => boolean, what = '', tries = 500) => {
  for (let i = 0; i < tries && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect([what, check()]).toEqual([what, true]);
};

const urlsOf = (photo: Photo) => [photo.original_photo, photo.compressed_photo!, photo.display_photo!, ...(photo.thumb_photo ? [photo.thumb_photo] : [])];

describe('issue 22: guest access follows the photo now', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let event: Awaited<ReturnType<typeof createEvent>>;
  let albumId: string;
  let wallToken: string;
  const sent = new Map<string, Buffer>();

  const api = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const upload = async (files: Array<{ name: string; bytes: Buffer; type: string }>, headers: Record<string, string> = {}, into = albumId) => {
    const form = new FormData();
    form.append('album_id', into);
    form.append('user_id', 'Tia Rosa');
    for (const file of files) form.append('images', new Blob([file.bytes], { type: file.type }), file.name);
    const response = await api('/api/events/photos', { method: 'POST', body: form, headers });
    expect(response.status).toBe(201);
    const { photos } = (await readJson(response)) as { photos: Array<Photo & { duplicate: boolean }> };
    photos.forEach((photo, index) => sent.set(photo.id, files[index].bytes));
    return photos;
  };
  const putEvent = async (fields: Record<string, unknown>) => {
    const response = await api(`/api/events/${event.id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: event.name, date: event.date, location: event.location, contact: event.contact, ...fields }),
    });
    expect(response.status).toBe(200);
    return readJson(response);
  };
  const putAlbum = async (fields: Record<string, unknown>, id = albumId) => {
    const response = await api(`/api/albums/${id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Festa', description: 'Fotos da festa', is_public: true, is_available: true, ...fields }),
    });
    expect(response.status).toBe(200);
  };
  const hide = async (id: string, hidden: boolean) => {
    const response = await api(`/api/events/photos/${id}`, { method: 'PATCH', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ hidden }) });
    expect(response.status).toBe(200);
  };
  const guestList = async (headers: Record<string, string> = {}) => (await readJson(await api(`/api/events/photos/${albumId}`, { headers }))) as Photo[];
  const ownerList = async () => (await readJson(await api(`/api/events/photos/${albumId}`, { headers: ana.headers }))) as Photo[];
  const wallList = async () => (await readJson(await api(`/api/events/photos/${event.id}?public_only=true`, { headers: { 'x-wall-token': wallToken } }))) as Photo[];
  const statusOf = async (url: string) => (await get(`${server.url}${url}`)).status;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { name: 'Festa' })).id;
    const { url } = await readJson(await api(`/api/events/${event.id}/wall-link`, { method: 'POST', headers: ana.headers }));
    wallToken = url.split('/wall/')[1];
  }, 60_000);
  afterAll(() => server.close());

  test('every URL kind × guest, organiser and wall link, across Ocultar, Privado, Só envio, Revelar em, a new PIN and deletion; caching per state; ranges and 304', async () => {
    const [photo, video] = await upload([
      { name: 'IMG_0001.jpg', bytes: await jpegWithLocation(), type: 'image/jpeg' },
      { name: 'IMG_0003.MOV', bytes: movWithLocation(), type: 'video/quicktime' },
    ]);
    await server.app.media.idle();
    const guest = (await guestList()).filter((item) => item.id === photo.id || item.id === video.id);
    const owner = (await ownerList()).filter((item) => item.id === photo.id || item.id === video.id);
    const wall = (await wallList()).filter((item) => item.id === photo.id || item.id === video.id);
    expect(guest).toHaveLength(2);
    const guestUrls = guest.flatMap(urlsOf);
    const ownerUrls = owner.flatMap(urlsOf);
    const wallUrls = wall.flatMap(urlsOf);
    // A guest of an open event without a PIN gets plain URLs; the owner's and the wall's are signed for them.
    for (const url of guestUrls) expect(url).toMatch(/^\/api\/files\?path=[^&]+$/);
    for (const url of ownerUrls) expect(url).toMatch(/&scope=o&exp=\d+&sig=[\w-]+$/);
    for (const url of wallUrls) expect(url).toMatch(/&scope=w&exp=\d+&sig=[\w-]+$/);

    const expectAll = async (urls: string[], status: number, cacheControl?: string) => {
      for (const url of urls) {
        const response = await get(`${server.url}${url}`);
        expect([url, response.status]).toEqual([url, status]);
        if (status >= 400) {
          expect(JSON.parse(response.body.toString())).toEqual({ status, message: expect.any(String) });
          expect(String(response.headers['cache-control'] ?? '')).not.toMatch(/public|immutable/);
        }
        if (cacheControl) expect([url, response.headers['cache-control']]).toEqual([url, cacheControl]);
        if (status === 200) expect(String(response.headers['cache-control'])).not.toMatch(/immutable/);
      }
    };
    // Openly public: shared caches may keep it 30 s; the owner's and the wall's: private.
    await expectAll(guestUrls, 200, 'public, max-age=30');
    await expectAll(ownerUrls, 200, 'private, max-age=30');
    await expectAll(wallUrls, 200, 'private, max-age=30');

    // Range, 206 and 304 keep working for a guest and for the owner.
    const videoOf = (list: Photo[]) => list.find((item) => item.id === video.id)!;
    for (const url of [videoOf(guest).original_photo, videoOf(owner).original_photo]) {
      const ranged = await get(`${server.url}${url}`, { range: 'bytes=0-99' });
      expect(ranged.status).toBe(206);
      expect(ranged.body.length).toBe(100);
      const whole = await get(`${server.url}${url}`, {}, 'HEAD');
      expect((await get(`${server.url}${url}`, { 'if-none-match': String(whole.headers.etag) })).status).toBe(304);
    }

    // Each change: guest URLs refused at once, the owner's keep working; the wall's follow guests' rules but the PIN.
    const changes: Array<{ name: string; apply: () => Promise<void>; undo: () => Promise<void>; guest: number; wall: number; message?: string }> = [
      { name: 'Ocultar', apply: () => hide(photo.id, true).then(() => hide(video.id, true)), undo: () => hide(photo.id, false).then(() => hide(video.id, false)), guest: 404, wall: 404 },
      { name: 'Privado', apply: () => putAlbum({ is_public: false }), undo: () => putAlbum({ is_public: true }), guest: 404, wall: 404 },
      {
        name: 'Só envio',
        apply: () => putEvent({ visibility: 'upload_only' }),
        undo: () => putEvent({ visibility: 'open' }),
        guest: 403,
        wall: 403,
        message: 'As fotos serão reveladas pelos anfitriões.',
      },
      {
        name: 'Revelar em (future)',
        apply: () => putEvent({ visibility: 'reveal', reveal_at: '2099-01-01 10:00' }),
        undo: () => putEvent({ visibility: 'open' }),
        guest: 403,
        wall: 403,
        message: 'As fotos serão reveladas em 01/01/2099 10:00',
      },
      { name: 'a new PIN', apply: () => putEvent({ pin: '4821' }), undo: () => putEvent({ pin: '' }), guest: 403, wall: 200, message: 'Digite o PIN do evento.' },
    ];
    for (const change of changes) {
      await change.apply();
      for (const url of guestUrls) {
        const refused = await get(`${server.url}${url}`);
        expect([change.name, url, refused.status]).toEqual([change.name, url, change.guest]);
        if (change.message) expect(JSON.parse(refused.body.toString()).message).toBe(change.message);
        // The download route too.
        expect((await get(`${server.url}${url.replace('/api/files?', '/api/files/download?')}`)).status).toBe(change.guest);
      }
      for (const url of wallUrls) expect([change.name, url, await statusOf(url)]).toEqual([change.name, url, change.wall]);
      for (const url of ownerUrls) expect([change.name, url, await statusOf(url)]).toEqual([change.name, url, 200]);
      // The organiser's auth header works on a plain URL too.
      expect((await get(`${server.url}${guestUrls[0]}`, ana.headers)).status).toBe(200);
      await change.undo();
      await expectAll(guestUrls, 200);
    }

    // A guest of a PIN event gets URLs signed for that PIN; a changed PIN revokes them at once.
    await putEvent({ pin: '4821' });
    const pinned = (await guestList({ 'x-event-pin': '4821' })).find((item) => item.id === photo.id)!;
    expect(pinned.thumb_photo).toMatch(/-tile\.webp&/);
    for (const url of urlsOf(pinned)) expect(url).toMatch(/&scope=g&exp=\d+&sig=[\w-]+$/);
    await expectAll(urlsOf(pinned), 200, 'private, max-age=30');
    // A tampered signature or a URL for another file is refused.
    await expectAll([pinned.original_photo.replace(/sig=.*/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAA'), pinned.display_photo!.replace(photo.id, video.id)], 403);
    await putEvent({ pin: '9999' });
    await expectAll(urlsOf(pinned), 403);
    await putEvent({ pin: '' });
    await expectAll(urlsOf(pinned), 200, 'public, max-age=30');

    // A new wall link revokes the old one's URLs (seen here on a PIN event: without a PIN, the photo is open to anyone anyway).
    await putEvent({ pin: '4821' });
    await expectAll(wallUrls, 200);
    const { url: newWall } = await readJson(await api(`/api/events/${event.id}/wall-link`, { method: 'POST', headers: ana.headers }));
    await expectAll(wallUrls, 403);
    wallToken = newWall.split('/wall/')[1];
    await putEvent({ pin: '' });

    // A download ticket keeps working with hidden photos included.
    await hide(photo.id, true);
    const { url: ticketUrl } = await readJson(
      await api(`/api/events/${event.id}/download-ticket`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ include_hidden: true }) }),
    );
    const zip = await unzip(Buffer.from(await (await api(ticketUrl)).arrayBuffer()));
    expect([...zip.values()].some((bytes) => bytes.equals(sent.get(photo.id)!))).toBe(true);
    await hide(photo.id, false);

    // Deleting the photo: every URL of everyone is gone.
    expect((await api(`/api/events/photos/${photo.id}`, { method: 'DELETE', headers: ana.headers })).status).toBe(200);
    const ofPhoto = (list: Photo[]) => list.find((item) => item.id === photo.id)!;
    await expectAll(urlsOf(ofPhoto(guest)), 404);
    await expectAll(urlsOf(ofPhoto(owner)), 404);
    await expectAll(urlsOf(ofPhoto(wall)), 404);
    // The video stays.
    await expectAll(urlsOf(guest.find((item) => item.id === video.id)!), 200);
  }, 120_000);

  test('the state cache: a change on another instance (written to the database directly) is seen within its few seconds', async () => {
    const [photo] = await upload([{ name: 'bolo.jpg', bytes: await jpegWithLocation('#aa2222'), type: 'image/jpeg' }]);
    await server.app.media.idle();
    const [item] = (await guestList()).filter((entry) => entry.id === photo.id);
    expect(await statusOf(item.display_photo!)).toBe(200);
    await server.app.db.updateTable('photos').set({ hidden: 1 }).where('id', '=', photo.id).execute();
    const started = Date.now();
    while ((await statusOf(item.display_photo!)) === 200) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(Date.now() - started).toBeLessThanOrEqual(server.app.fileAccess.ttlMs + 1000);
    expect(server.app.fileAccess.ttlMs).toBeLessThanOrEqual(5000);
    await server.app.db.updateTable('photos').set({ hidden: 0 }).where('id', '=', photo.id).execute();
  });

  test('a guest socket stays open across Privado, Só envio and a new PIN only as long as it may list: closed with 4403 and the reason; the organiser and the wall keep receiving', async () => {
    const ws = `${server.url.replace('http', 'ws')}/ws/albums`;
    const jpeg = (colour: string) => jpegWithLocation(colour).then((bytes) => [{ name: `${colour}.jpg`, bytes, type: 'image/jpeg' }]);
    const organiser = await listen(`${ws}/${albumId}?ticket=${await wsTicket(server, albumId, ana.headers)}`);
    const wall = await listen(`${ws}/${event.id}?ticket=${await wsTicket(server, event.id, { 'x-wall-token': wallToken })}`);

    // Privado: the album's guest sockets close; the event's guest sockets stay but get nothing of it.
    let guest = await listen(`${ws}/${albumId}`);
    let eventGuest = await listen(`${ws}/${event.id}`);
    await putAlbum({ is_public: false });
    expect(await guest.closed).toEqual({ code: 4403, reason: 'Este álbum não está mais disponível.' });
    const [privatePhoto] = await upload(await jpeg('#111111'));
    await until(() => organiser.messages.some((message) => message.payload.photos?.some((item) => item.id === privatePhoto.id)), 'step 1');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventGuest.messages.some((message) => message.payload.photos?.some((item) => item.id === privatePhoto.id))).toBe(false);
    expect(wall.messages.some((message) => message.payload.photos?.some((item) => item.id === privatePhoto.id))).toBe(false);
    await putAlbum({ is_public: true });
    eventGuest.socket.close();

    // Só envio: every guest socket of the event closes, the wall's too (its gallery is closed); the organiser's stays.
    guest = await listen(`${ws}/${albumId}`);
    eventGuest = await listen(`${ws}/${event.id}`);
    const wall2 = wall;
    await putEvent({ visibility: 'upload_only' });
    expect((await guest.closed).code).toBe(4403);
    expect((await eventGuest.closed).code).toBe(4403);
    expect((await wall2.closed).code).toBe(4403);
    const [closedPhoto] = await upload(await jpeg('#222222'));
    await until(() => organiser.messages.some((message) => message.payload.photos?.some((item) => item.id === closedPhoto.id)), 'step 2');
    await putEvent({ visibility: 'open' });

    // A new PIN: guests who came in without it (or with the old one) are closed; the wall keeps receiving, with URLs that work.
    guest = await listen(`${ws}/${albumId}`);
    const wall3 = await listen(`${ws}/${event.id}?ticket=${await wsTicket(server, event.id, { 'x-wall-token': wallToken })}`);
    await putEvent({ pin: '1357' });
    expect((await guest.closed).code).toBe(4403);
    const [pinPhoto] = await upload(await jpeg('#333333'), { 'x-event-pin': '1357' });
    await until(() => wall3.messages.some((message) => message.payload.photos?.some((item) => item.id === pinPhoto.id)), 'step 3');
    const onWall = wall3.messages.flatMap((message) => message.payload.photos ?? []).find((item) => item.id === pinPhoto.id)!;
    expect(onWall.original_photo).toMatch(/&scope=w&/);
    expect(await statusOf(onWall.original_photo)).toBe(200);
    const ownerCopy = organiser.messages.flatMap((message) => message.payload.photos ?? []).find((item) => item.id === pinPhoto.id)!;
    expect(ownerCopy.original_photo).toMatch(/&scope=o&/);
    // A guest with the PIN receives URLs signed for it.
    const pinGuest = await listen(`${ws}/${albumId}?ticket=${await wsTicket(server, albumId, { 'x-event-pin': '1357' })}`);
    const [second] = await upload(await jpeg('#444444'), { 'x-event-pin': '1357' });
    await until(() => pinGuest.messages.some((message) => message.payload.photos?.some((item) => item.id === second.id)), 'step 4');
    const received = pinGuest.messages.flatMap((message) => message.payload.photos ?? []).find((item) => item.id === second.id)!;
    expect(received.original_photo).toMatch(/&scope=g&/);
    expect(await statusOf(received.original_photo)).toBe(200);

    // A change no instance announced (written directly): the next delivery checks first and closes instead of sending.
    await server.app.db.updateTable('events').set({ visibility: 'upload_only' }).where('id', '=', event.id).execute();
    const [unseen] = await upload(await jpeg('#555555'), { 'x-event-pin': '1357' });
    expect((await pinGuest.closed).code).toBe(4403);
    expect(pinGuest.messages.some((message) => message.payload.photos?.some((item) => item.id === unseen.id))).toBe(false);
    await server.app.db.updateTable('events').set({ visibility: 'open' }).where('id', '=', event.id).execute();
    await putEvent({ pin: '' });
    expect(organiser.socket.readyState).toBe(1);
    organiser.socket.close();
    wall3.socket.close();
  }, 60_000);

  test('no guest copy says where it was taken (JPEG, HEIC, iPhone .mov); orientation and capture date stay; the organiser and the ZIP keep the originals; dedupe on the sent bytes', async () => {
    const files = [
      { name: 'IMG_0001.jpg', bytes: await jpegWithLocation('#0ea5e9'), type: 'image/jpeg', ext: 'jpg' },
      ...(HEIF_ENC ? [{ name: 'IMG_0002.HEIC', bytes: await heicWithLocation(), type: 'image/heic', ext: 'heic' }] : []),
      { name: 'IMG_0003.MOV', bytes: movWithLocation(), type: 'video/quicktime', ext: 'mov' },
    ];
    for (const file of files) expect([file.name, locationTagsOf(file.bytes, file.ext).length > 0]).toEqual([file.name, true]);
    const stored = await upload(files);
    await server.app.media.idle();
    const guest = await guestList();
    const owner = await ownerList();
    for (const [index, file] of files.entries()) {
      const item = guest.find((entry) => entry.id === stored[index].id)!;
      // Every file a guest can fetch: the original (inline and as a download) and both renditions.
      for (const url of [...urlsOf(item), item.original_photo.replace('/api/files?', '/api/files/download?')]) {
        const response = await get(`${server.url}${url}`);
        expect([file.name, url, response.status]).toEqual([file.name, url, 200]);
        const ext = url === item.original_photo || url.includes('/download?') ? file.ext : 'webp';
        expect([file.name, url, locationTagsOf(response.body, ext)]).toEqual([file.name, url, []]);
      }
      const copy = (await get(`${server.url}${item.original_photo}`)).body;
      // Lossless: only metadata went; the picture's bytes (here: the whole image data) are as sent.
      expect(copy.equals(file.bytes)).toBe(false);
      const tags = tagsOf(copy, file.ext);
      if (file.ext === 'mov') {
        expect(tags['Keys:CreationDate']).toBe('2024:05:01 18:30:00-03:00');
        expect(tags['QuickTime:CreateDate']).toBe('2024:05:01 21:30:00');
      } else {
        expect(tags['IFD0:Orientation']).toBe(6);
        expect(tags['ExifIFD:DateTimeOriginal']).toBe('2024:05:01 21:30:00');
      }
      // The organiser gets the original as sent.
      const own = owner.find((entry) => entry.id === stored[index].id)!;
      expect((await get(`${server.url}${own.original_photo}`)).body.equals(file.bytes)).toBe(true);
    }
    // The renditions decode as before (a re-encoded original would not change them, but the copy must still be an image).
    // Dedupe works on the bytes the guest sent.
    const again = await upload([{ ...files[0], name: 'same-bytes-other-name.jpg' }]);
    expect(again[0]).toMatchObject({ id: stored[0].id, duplicate: true });
    // 'Baixar tudo' gives the untouched originals.
    const zip = await unzip(Buffer.from(await (await api(`/api/events/${event.id}/download`, { headers: ana.headers })).arrayBuffer()));
    for (const file of files) {
      const entry = [...zip.values()].find((bytes) => bytes.equals(file.bytes));
      expect([file.name, entry !== undefined]).toEqual([file.name, true]);
      expect(locationTagsOf(entry!, file.ext).length).toBeGreaterThan(0);
    }
  }, 120_000);

  test('a photo stored before guest copies existed gets its copy on first guest request', async () => {
    const [photo] = await upload([{ name: 'old.jpg', bytes: await jpegWithLocation('#7c3aed'), type: 'image/jpeg' }]);
    await server.app.media.idle();
    const row = await server.app.db.selectFrom('photos').select(['guest_path', 'original_path']).where('id', '=', photo.id).executeTakeFirstOrThrow();
    expect(row.guest_path).toMatch(/-guest\.jpg$/);
    await server.app.db.updateTable('photos').set({ guest_path: null }).where('id', '=', photo.id).execute();
    await server.app.storage.remove(row.guest_path!);
    server.app.fileAccess.invalidate();
    const response = await get(`${server.url}${photo.original_photo}`);
    expect(response.status).toBe(200);
    expect(locationTagsOf(response.body, 'jpg')).toEqual([]);
    // A photo without location needs no copy: its guest copy is the original itself.
    const plain = await upload([{ name: 'plain.png', bytes: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'), type: 'image/png' }]);
    await server.app.media.idle();
    const plainRow = await server.app.db.selectFrom('photos').select(['guest_path', 'original_path']).where('id', '=', plain[0].id).executeTakeFirstOrThrow();
    expect(plainRow.guest_path).toBe(plainRow.original_path);
  }, 60_000);

  test("'Convidados podem baixar as fotos' off: the public read says so; guests get the renditions only; the original answers 403 JSON; the organiser keeps it", async () => {
    const [photo, video] = await upload([
      { name: 'IMG_0009.jpg', bytes: await jpegWithLocation('#f59e0b'), type: 'image/jpeg' },
      { name: 'IMG_0010.MOV', bytes: movWithLocation(), type: 'video/quicktime' },
    ]);
    await server.app.media.idle();
    expect(await readJson(await api(`/api/events/${event.id}/public`))).toMatchObject({ guest_downloads: true });
    const saved = await putEvent({ guest_downloads: false });
    expect(saved).toMatchObject({ guest_downloads: false });
    expect(await readJson(await api(`/api/events/${event.id}/public`))).toMatchObject({ guest_downloads: false });
    expect((await readJson(await api(`/api/events/${event.id}`, { headers: ana.headers })))[0]).toMatchObject({ guest_downloads: false });
    // An edit that does not send the field keeps it.
    await putEvent({ name: event.name });
    expect((await readJson(await api(`/api/events/${event.id}`, { headers: ana.headers })))[0]).toMatchObject({ guest_downloads: false });

    const guest = await guestList();
    const item = guest.find((entry) => entry.id === photo.id)!;
    const clip = guest.find((entry) => entry.id === video.id)!;
    // The lists tell the guest's screens to offer no 'Baixar'; the owner's list does not.
    expect(guest.every((entry) => (entry as Photo & { downloadable?: boolean }).downloadable === false)).toBe(true);
    expect((await ownerList()).some((entry) => 'downloadable' in entry)).toBe(false);
    for (const url of [item.original_photo, item.original_photo.replace('/api/files?', '/api/files/download?'), clip.original_photo.replace('/api/files?', '/api/files/download?')]) {
      const refused = await expectError(await api(url), 403);
      expect(refused.message).toBe('O organizador não liberou o download das fotos originais.');
    }
    for (const url of [item.compressed_photo!, item.display_photo!, clip.display_photo!]) expect(await statusOf(url)).toBe(200);
    // A video plays inline from its guest copy (no playback rendition yet); it is not offered as a download.
    expect(await statusOf(clip.original_photo)).toBe(200);
    const owner = (await ownerList()).find((entry) => entry.id === photo.id)!;
    expect(await statusOf(owner.original_photo)).toBe(200);
    expect(await statusOf(owner.original_photo.replace('/api/files?', '/api/files/download?'))).toBe(200);
    await putEvent({ guest_downloads: true });
    expect(await statusOf(item.original_photo)).toBe(200);
  }, 60_000);
});
