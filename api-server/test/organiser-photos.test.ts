import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, tamperSignature, type TestServer } from './helpers';
import { unzip } from './zip';

// Issue 11: the organiser's photos — counts, moderation with optional approval, download all as a ZIP.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

const jpeg = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed * 20, g: 80, b: 120 } } }).jpeg().toBuffer();

type Uploaded = { id: string; original_photo: string; pending?: boolean };

async function upload(server: TestServer, albumId: string, who: string, files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', who);
  for (const file of files) form.append('images', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await readJson(response)) as { message: string; photos: Uploaded[] };
}

function listen(url: string): Promise<{ socket: { close(): void }; messages: Array<{ type: string; payload: { ids?: string[]; photos?: Array<{ id: string }> } }> }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: never[] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString()) as never));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

const patch = (server: TestServer, photoId: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${server.url}/api/events/photos/${photoId}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe("the organiser's photos", () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let bea: Awaited<ReturnType<typeof organiserSession>>;
  let eventId: string;
  let publicAlbum: string;
  let privateAlbum: string;
  let approvalAlbum: string;
  const sent = new Map<string, Buffer>();

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    bea = await organiserSession(server, 'bea@example.com');
    eventId = (await createEvent(server, ana.token, { name: 'Casamento de Ana & Leo' })).id;
    publicAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Festa' })).id;
    privateAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Só nós', is_public: false })).id;
    approvalAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Recados', requires_approval: true })).id;
  });
  afterAll(() => server.close());

  test('counts: images, videos, guests and bytes per event; each album tile its count and newest photo', async () => {
    const [a, b, c] = [await jpeg(1), await jpeg(2), await jpeg(3)];
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(200, 7)]);
    const first = await upload(server, publicAlbum, 'Tia Rosa', [{ name: 'a.jpg', bytes: a }, { name: 'v.mp4', bytes: video, type: 'video/mp4' }]);
    const second = await upload(server, privateAlbum, 'Primo Zé', [{ name: 'b.jpg', bytes: b }]);
    const third = await upload(server, publicAlbum, 'Primo Zé', [{ name: 'c.jpg', bytes: c }]);
    for (const [photo, bytes] of [[first.photos[0], a], [first.photos[1], video], [second.photos[0], b], [third.photos[0], c]] as const) sent.set(photo.id, bytes);
    await server.app.media.idle();

    const [row] = (await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))) as Array<Record<string, unknown>>;
    expect(row).toMatchObject({ id: eventId, photo_count: 3, video_count: 1, guest_count: 2, bytes: a.length + b.length + c.length + video.length });

    const albums = (await readJson(await fetch(`${server.url}/api/albums/${eventId}`, { headers: ana.headers }))) as Array<Record<string, unknown>>;
    expect(albums.map((album) => [album.album_name, album.photo_count])).toEqual([['Festa', 3], ['Só nós', 1], ['Recados', 0]]);
    // The owner's URLs are signed for the owner (issue 22).
    expect(albums[0].cover_photo).toMatch(new RegExp(`${third.photos[0].id}-grid\\.webp&scope=o&exp=\\d+&sig=[\\w-]+$`));
    expect(albums[2]).toMatchObject({ cover_photo: null, requires_approval: true });
    // A guest's album list carries no counts.
    const guestAlbums = (await readJson(await fetch(`${server.url}/api/albums/${eventId}`))) as Array<Record<string, unknown>>;
    expect(guestAlbums.every((album) => !('photo_count' in album))).toBe(true);
  });

  test('hide, show and delete: owner only; guests stop seeing a hidden photo at once and open galleries hear it', async () => {
    const list = (await readJson(await fetch(`${server.url}/api/events/photos/${publicAlbum}`))) as Uploaded[];
    const target = list[0];
    const gallery = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${publicAlbum}`);

    await expectError(await patch(server, target.id, bea.headers, { hidden: true }), 404);
    await expectError(await patch(server, target.id, {}, { hidden: true }), 401);
    await expectError(await patch(server, target.id, ana.headers, {}), 400);
    await expectError(await patch(server, target.id, ana.headers, { pending: true }), 400);

    const hidden = await patch(server, target.id, ana.headers, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(await readJson(hidden)).toMatchObject({ id: target.id, hidden: true, pending: false });
    await until(() => gallery.messages.some((message) => message.type === 'photos_removed' && message.payload.ids?.includes(target.id)));

    const guestIds = ((await readJson(await fetch(`${server.url}/api/events/photos/${publicAlbum}`))) as Uploaded[]).map((photo) => photo.id);
    expect(guestIds).not.toContain(target.id);
    const updates = (await readJson(await fetch(`${server.url}/api/events/photos/updates/${publicAlbum}?ids=${target.id}`))) as unknown[];
    expect(updates).toEqual([]);
    const owner = (await readJson(await fetch(`${server.url}/api/events/photos/${publicAlbum}`, { headers: ana.headers }))) as Array<Uploaded & { hidden: boolean }>;
    expect(owner.find((photo) => photo.id === target.id)).toMatchObject({ hidden: true, pending: false });

    const shown = await patch(server, target.id, ana.headers, { hidden: false });
    expect(await readJson(shown)).toMatchObject({ hidden: false });
    await until(() => gallery.messages.some((message) => message.type === 'new_photos' && message.payload.photos?.some((photo) => photo.id === target.id)));
    gallery.socket.close();
  });

  test("approval: a guest's upload waits, unseen and unannounced, until the owner approves it", async () => {
    const gallery = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${approvalAlbum}`);
    const bytes = await jpeg(9);
    const answer = await upload(server, approvalAlbum, 'Vovó Lia', [{ name: 'recado.jpg', bytes }]);
    expect(answer.message).toBe('Sua foto foi recebida e aparecerá após aprovação.');
    expect(answer.photos[0].pending).toBe(true);
    const id = answer.photos[0].id;
    sent.set(id, bytes);

    expect(await readJson(await fetch(`${server.url}/api/events/photos/${approvalAlbum}`))).toEqual([]);
    expect(await readJson(await fetch(`${server.url}/api/events/photos/users/${approvalAlbum}`))).toEqual([]);
    const owner = (await readJson(await fetch(`${server.url}/api/events/photos/${approvalAlbum}`, { headers: ana.headers }))) as Array<{ id: string; pending: boolean }>;
    expect(owner).toEqual([expect.objectContaining({ id, pending: true })]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gallery.messages.filter((message) => message.type === 'new_photos')).toEqual([]);

    await expectError(await patch(server, id, bea.headers, { pending: false }), 404);
    expect(await readJson(await patch(server, id, ana.headers, { pending: false }))).toMatchObject({ id, pending: false });
    await until(() => gallery.messages.some((message) => message.type === 'new_photos' && message.payload.photos?.some((photo) => photo.id === id)));
    expect(((await readJson(await fetch(`${server.url}/api/events/photos/${approvalAlbum}`))) as Uploaded[]).map((photo) => photo.id)).toEqual([id]);
    gallery.socket.close();
  });

  test('download all: one ZIP of the originals, byte for byte, in <album>/<uploader>/ folders; hidden ones only when asked', async () => {
    const owner = (await readJson(await fetch(`${server.url}/api/events/photos/${eventId}`, { headers: ana.headers }))) as Uploaded[];
    const hiddenOne = owner.find((photo) => sent.get(photo.id) && /\.jpg&/.test(photo.original_photo))!;
    expect((await patch(server, hiddenOne.id, ana.headers, { hidden: true })).status).toBe(200);

    const response = await fetch(`${server.url}/api/events/${eventId}/download`, { headers: ana.headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Casamento%20de%20Ana%20%26%20Leo.zip");
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = [...files.keys()];
    expect(names.every((name) => /^(Festa|Só nós|Recados)\/(Tia Rosa|Primo Zé|Vovó Lia)\/\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_(Tia Rosa|Primo Zé|Vovó Lia)_\d{3}\.(jpg|mp4)$/.test(name))).toBe(true);
    expect(new Set(names).size).toBe(names.length);
    const expected = [...sent.entries()].filter(([id]) => id !== hiddenOne.id).map(([, bytes]) => bytes.toString('base64')).sort();
    expect([...files.values()].map((bytes) => bytes.toString('base64')).sort()).toEqual(expected);

    const all = await unzip(Buffer.from(await (await fetch(`${server.url}/api/events/${eventId}/download?include_hidden=true`, { headers: ana.headers })).arrayBuffer()));
    expect(all.size).toBe(sent.size);
    const onlyRosa = await unzip(Buffer.from(await (await fetch(`${server.url}/api/events/${eventId}/download?album_id=${publicAlbum}&user_id=${encodeURIComponent('Tia Rosa')}`, { headers: ana.headers })).arrayBuffer()));
    expect([...onlyRosa.keys()].every((name) => name.startsWith('Festa/Tia Rosa/'))).toBe(true);
    expect(onlyRosa.size).toBeGreaterThan(0);
  });

  test('tickets: bound to the event and the scope, reusable until they expire, never a login token', async () => {
    const asked = await fetch(`${server.url}/api/events/${eventId}/download-ticket`, {
      method: 'POST',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ album_id: publicAlbum }),
    });
    expect(asked.status).toBe(200);
    const { ticket, url, expires_at } = (await readJson(asked)) as { ticket: string; url: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect(url).toBe(`/api/events/${eventId}/download?ticket=${encodeURIComponent(ticket)}&album_id=${publicAlbum}`);
    for (let i = 0; i < 2; i++) {
      const zip = await fetch(`${server.url}${url}`);
      expect(zip.status).toBe(200);
      expect([...(await unzip(Buffer.from(await zip.arrayBuffer()))).keys()].every((name) => name.startsWith('Festa/'))).toBe(true);
    }
    // Another scope, another event, a tampered ticket, or the ticket as a login: refused.
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download?ticket=${encodeURIComponent(ticket)}`), 403);
    const other = (await createEvent(server, ana.token)).id;
    await expectError(await fetch(`${server.url}/api/events/${other}/download?ticket=${encodeURIComponent(ticket)}&album_id=${publicAlbum}`), 403);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download?ticket=${encodeURIComponent(tamperSignature(ticket))}&album_id=${publicAlbum}`), 403);
    await expectError(await fetch(`${server.url}/api/events`, { headers: { authentication: ticket } }), 401);
    // Bea cannot ask for one, nor download with her own token.
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download-ticket`, { method: 'POST', headers: { ...bea.headers, 'content-type': 'application/json' }, body: '{}' }), 404);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download`, { headers: bea.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download`), 401);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download?album_id=alb_00000000-0000-0000-0000-000000000000`, { headers: ana.headers }), 404);
  });

  test('an empty event downloads as a valid empty ZIP', async () => {
    const empty = (await createEvent(server, ana.token)).id;
    const response = await fetch(`${server.url}/api/events/${empty}/download`, { headers: ana.headers });
    expect(response.status).toBe(200);
    expect((await unzip(Buffer.from(await response.arrayBuffer()))).size).toBe(0);
  });

  test('deleting a photo takes it out of the counts', async () => {
    const before = ((await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))) as Array<{ id: string; photo_count: number }>).find((row) => row.id === eventId)!;
    const victim = ((await readJson(await fetch(`${server.url}/api/events/photos/${privateAlbum}`, { headers: ana.headers }))) as Uploaded[])[0];
    expect((await fetch(`${server.url}/api/events/photos/${victim.id}`, { method: 'DELETE', headers: ana.headers })).status).toBe(200);
    const after = ((await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))) as Array<{ id: string; photo_count: number }>).find((row) => row.id === eventId)!;
    expect(after.photo_count).toBe(before.photo_count - 1);
  });
});
