import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 26: hearts on photos ('Curtir'), one per device, live counts; and the organiser's favourites.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

type Listener = { socket: { close(): void }; messages: Array<{ type: string; payload: Record<string, unknown> }> };
function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: Listener['messages'] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}
const until = async (check: () => boolean) => {
  // Up to 10 s: a loaded CI machine delivers through PostgreSQL's LISTEN/NOTIFY slowly.
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

const jpeg = (seed: number) => sharp({ create: { width: 20 + seed, height: 20, channels: 3, background: { r: seed * 30, g: 90, b: 40 } } }).jpeg().toBuffer();
const DEVICE_A = 'device-aaaaaaaaaaaaaaaa';
const DEVICE_B = 'device-bbbbbbbbbbbbbbbb';

async function upload(server: TestServer, albumId: string, seed: number, headers: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Tia Rosa');
  form.append('images', new Blob([await jpeg(seed)], { type: 'image/jpeg' }), `f${seed}.jpg`);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form, headers });
  expect(response.status).toBe(201);
  return (await readJson(response)).photos[0].id;
}

describe('hearts and favourites', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer({ env: { REACTION_RATE_LIMIT: '40' } });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(() => server.close());

  const heart = (photoId: string, device: string | null, method: 'POST' | 'DELETE' = 'POST', headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/events/photos/${photoId}/reactions`, { method, headers: { ...(device ? { 'x-device-id': device } : {}), ...headers } });

  test('one heart per device per photo, taken back by tapping again; counts in the lists and live on the album and event sockets', async () => {
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const [first, second] = [await upload(server, album.id, 1), await upload(server, album.id, 2)];
    const watcher = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${album.id}`);
    const eventWatcher = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}`);

    expect(await readJson(await heart(first, DEVICE_A))).toEqual({ photo_id: first, hearts: 1, mine: true });
    expect(await readJson(await heart(first, DEVICE_A))).toEqual({ photo_id: first, hearts: 1, mine: true });
    expect(await readJson(await heart(first, DEVICE_B))).toEqual({ photo_id: first, hearts: 2, mine: true });
    // Only the hearts count here: the photos' renditions may be announced ('photos_updated') on the
    // same sockets while this runs, sooner or later depending on the media queue.
    const hearts = (listener: Listener) => listener.messages.filter((message) => message.type === 'reactions');
    await until(() => hearts(watcher).length === 3 && hearts(eventWatcher).length === 3);
    expect(hearts(watcher).at(-1)).toEqual({ type: 'reactions', payload: { albumId: album.id, photoId: first, hearts: 2 } });

    const listed = await readJson(await fetch(`${server.url}/api/events/photos/${album.id}`));
    expect(Object.fromEntries(listed.map((photo: { id: string; hearts?: number }) => [photo.id, photo.hearts]))).toEqual({ [first]: 2, [second]: undefined });

    expect(await readJson(await heart(first, DEVICE_A, 'DELETE'))).toEqual({ photo_id: first, hearts: 1, mine: false });
    expect(await readJson(await heart(first, DEVICE_A, 'DELETE'))).toEqual({ photo_id: first, hearts: 1, mine: false });
    await until(() => hearts(watcher).at(-1)?.payload.hearts === 1);
    watcher.socket.close();
    eventWatcher.socket.close();

    // A device identifier is required, and well formed.
    await expectError(await heart(first, null), 400);
    await expectError(await heart(first, 'short'), 400);
    await expectError(await heart('pho_00000000-0000-4000-8000-000000000000', DEVICE_A), 404);
  });

  test('hearts on hidden, pending or private photos are refused like any read; a closed gallery and a PIN too; the owner may', async () => {
    const event = await createEvent(server, ana.token);
    const open = await createAlbum(server, ana.token, event.id);
    const privateAlbum = await createAlbum(server, ana.token, event.id, { is_public: false });
    const approval = await createAlbum(server, ana.token, event.id, { requires_approval: true });
    const hidden = await upload(server, open.id, 3);
    await fetch(`${server.url}/api/events/photos/${hidden}`, { method: 'PATCH', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ hidden: true }) });
    const secret = await upload(server, privateAlbum.id, 4);
    const pending = await upload(server, approval.id, 5);
    for (const id of [hidden, secret, pending]) await expectError(await heart(id, DEVICE_A), 404);
    expect((await heart(secret, DEVICE_A, 'POST', ana.headers)).status).toBe(200);

    const closed = await createEvent(server, ana.token, { visibility: 'upload_only' });
    const closedAlbum = await createAlbum(server, ana.token, closed.id);
    await expectError(await heart(await upload(server, closedAlbum.id, 6), DEVICE_A), 403);

    const withPin = await createEvent(server, ana.token, { pin: '2468' });
    const pinAlbum = await createAlbum(server, ana.token, withPin.id);
    const photo = await upload(server, pinAlbum.id, 7, { 'x-event-pin': '2468' });
    expect((await expectError(await heart(photo, DEVICE_A), 403)).message).toBe('Digite o PIN do evento.');
    expect((await heart(photo, DEVICE_A, 'POST', { 'x-event-pin': '2468' })).status).toBe(200);
  });

  test("'Favoritar': the owner stars a photo (PATCH {favorite}); guests' lists say so; another organiser cannot; unknown values are refused", async () => {
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const photo = await upload(server, album.id, 8);
    const star = (body: unknown, headers: Record<string, string> = ana.headers) =>
      fetch(`${server.url}/api/events/photos/${photo}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await readJson(await star({ favorite: true }))).toMatchObject({ id: photo, favorite: true, hidden: false });
    expect(await readJson(await fetch(`${server.url}/api/events/photos/${album.id}`))).toEqual([expect.objectContaining({ id: photo, favorite: true })]);
    const bia = await organiserSession(server, 'bia@example.com');
    await expectError(await star({ favorite: false }, bia.headers), 404);
    await expectError(await star({ favorite: 'sim' }), 400);
    expect(await readJson(await star({ favorite: false }))).toMatchObject({ favorite: false });
    // Issue 23's rule stays: a PATCH with nothing it knows is a 400.
    await expectError(await star({}), 400);
  });

  test("issue 27: the event's moderator stars photos and hearts a private one as the team reads it; removed, they cannot", async () => {
    const event = await createEvent(server, ana.token);
    const privateAlbum = await createAlbum(server, ana.token, event.id, { is_public: false });
    const photo = await upload(server, privateAlbum.id, 10);
    const invite = await readJson(
      await fetch(`${server.url}/api/events/${event.id}/team/invites`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ role: 'moderator' }) }),
    );
    const mod = await organiserSession(server, 'mod-hearts@example.com');
    expect((await fetch(`${server.url}/api/team-invites/${(invite.url as string).split('/equipe/')[1]}/accept`, { method: 'POST', headers: mod.headers })).status).toBe(200);
    const star = (body: unknown) => fetch(`${server.url}/api/events/photos/${photo}`, { method: 'PATCH', headers: { ...mod.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(await readJson(await star({ favorite: true }))).toMatchObject({ id: photo, favorite: true });
    expect(await readJson(await heart(photo, DEVICE_B, 'POST', mod.headers))).toEqual({ photo_id: photo, hearts: 1, mine: true });
    const team = await readJson(await fetch(`${server.url}/api/events/${event.id}/team`, { headers: ana.headers }));
    const member = team.members.find((row: { role: string }) => row.role === 'moderator');
    expect((await fetch(`${server.url}/api/events/${event.id}/team/members/${member.organiser_id}`, { method: 'DELETE', headers: ana.headers })).status).toBe(200);
    await expectError(await star({ favorite: false }), 404);
    await expectError(await heart(photo, DEVICE_B, 'DELETE', mod.headers), 404);
  });

  test('REACTION_RATE_LIMIT: past the budget a client gets 429 with the hearts message', async () => {
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const photo = await upload(server, album.id, 9);
    let refused: Response | null = null;
    for (let i = 0; i < 45 && !refused; i++) {
      const response = await heart(photo, DEVICE_A, i % 2 === 0 ? 'POST' : 'DELETE');
      if (response.status === 429) refused = response;
    }
    expect(refused).not.toBeNull();
    expect((await expectError(refused!, 429)).message).toBe('Muitas curtidas deste aparelho em pouco tempo. Aguarde um minuto.');
  });
});
