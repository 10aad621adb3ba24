import sharp from 'sharp';
import { chunkCalls, createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer } from './helpers';
import { unzipNames } from './zip';

// Issue 28: a place's QR code tags what its guests send ('Mesa 5'): uploads in one request and
// through chunk sessions carry `place`; the organiser's list shows and filters it; 'Baixar tudo' can
// make a folder per place.

const jpeg = (seed: number) => sharp({ create: { width: 30 + seed, height: 20, channels: 3, background: { r: seed * 30, g: 90, b: 140 } } }).jpeg().toBuffer();

describe('places on uploads', () => {
  let server: TestServer;
  let session: Awaited<ReturnType<typeof organiserSession>>;
  let eventId: string;
  let albumId: string;
  const ids: Record<string, string> = {};

  async function upload(who: string, name: string, seed: number, place?: string) {
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', who);
    if (place !== undefined) form.append('place', place);
    form.append('images', new Blob([await jpeg(seed)], { type: 'image/jpeg' }), name);
    const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const body = await readJson(response);
    ids[name] = body.photos[0].id;
    return body.photos[0];
  }

  const ownerList = async (query = '') => {
    const response = await fetch(`${server.url}/api/events/photos/${eventId}${query}`, { headers: session.headers });
    expect(response.status).toBe(200);
    return (await readJson(response)) as Array<{ id: string; place?: string | null; user_id: string }>;
  };

  beforeAll(async () => {
    server = await startServer();
    session = await organiserSession(server, 'places@example.com');
    eventId = (await createEvent(server, session.token, { name: 'Festa' })).id;
    albumId = (await createAlbum(server, session.token, eventId, { name: 'Festa' })).id;
    await upload('Tia Rosa', 'a.jpg', 1, 'Mesa 5');
    await upload('Tia Rosa', 'b.jpg', 2);
    await upload('Rui', 'c.jpg', 3, '  Pista \n de   dança ');
    await upload('Rui', 'd.jpg', 4, `Salão ${'x'.repeat(60)}`);
    await upload('Bia', 'e.jpg', 5, '   ');
  }, 60_000);

  afterAll(() => server?.close());

  test("the owner's list shows each photo's place, cleaned and cut to 40 characters; none is null", async () => {
    const places = Object.fromEntries((await ownerList()).map((photo) => [photo.id, photo.place]));
    expect(places).toEqual({
      [ids['a.jpg']]: 'Mesa 5',
      [ids['b.jpg']]: null,
      [ids['c.jpg']]: 'Pista de dança',
      [ids['d.jpg']]: `Salão ${'x'.repeat(34)}`,
      [ids['e.jpg']]: null,
    });
  });

  test("guests' lists do not carry the place", async () => {
    const response = await fetch(`${server.url}/api/events/photos/${albumId}`);
    const photos = await readJson(response);
    expect(photos).toHaveLength(5);
    for (const photo of photos) expect(photo).not.toHaveProperty('place');
    // and a guest's place filter is ignored
    expect(await readJson(await fetch(`${server.url}/api/events/photos/${albumId}?place=Mesa%205`))).toHaveLength(5);
  });

  test("'Filtrar por local': the owner's list of one place", async () => {
    expect((await ownerList('?place=Mesa%205')).map((photo) => photo.id)).toEqual([ids['a.jpg']]);
    expect((await ownerList(`?place=${encodeURIComponent('Pista de dança')}`)).map((photo) => photo.id)).toEqual([ids['c.jpg']]);
    expect(await ownerList('?place=Bar')).toEqual([]);
  });

  test('a chunk session keeps its place until the photo exists', async () => {
    const calls = chunkCalls(server.url);
    const bytes = await jpeg(9);
    const init = await calls.init({ fileName: 'video-grande.jpg', fileSize: bytes.length, fileType: 'image/jpeg', albumId, userId: 'Rui', place: 'Cabine de fotos' });
    expect(init.status).toBe(200);
    const { sessionId } = await readJson(init);
    expect((await calls.sendChunk(sessionId, 0, 1, bytes)).status).toBe(200);
    const finalized = await calls.finalize(sessionId);
    expect(finalized.status).toBe(201);
    const photo = (await readJson(finalized)).photos[0];
    expect((await ownerList('?place=Cabine%20de%20fotos')).map((item) => item.id)).toEqual([photo.id]);
    await fetch(`${server.url}/api/events/photos/${photo.id}`, { method: 'DELETE', headers: session.headers });
  });

  test("'Baixar tudo' by place: a folder per place between the album and the guest, 'Sem local' for the rest", async () => {
    const response = await fetch(`${server.url}/api/events/${eventId}/download?by_place=true`, { headers: session.headers });
    expect(response.status).toBe(200);
    const names = await unzipNames(Buffer.from(await response.arrayBuffer()));
    expect(names.map((name) => name.split('/').slice(0, 3).join('/'))).toEqual(
      [
        'Festa/Mesa 5/Tia Rosa',
        'Festa/Sem local/Tia Rosa',
        'Festa/Pista de dança/Rui',
        `Festa/Salão ${'x'.repeat(34)}/Rui`,
        'Festa/Sem local/Bia',
      ].sort(),
    );
    // Without by_place the layout is as before.
    const plain = await unzipNames(Buffer.from(await (await fetch(`${server.url}/api/events/${eventId}/download`, { headers: session.headers })).arrayBuffer()));
    expect(new Set(plain.map((name) => name.split('/').slice(0, 2).join('/')))).toEqual(new Set(['Festa/Tia Rosa', 'Festa/Rui', 'Festa/Bia']));
  });

  test('a ticket carries the place and the folder choice, and only opens that download', async () => {
    const ticketResponse = await fetch(`${server.url}/api/events/${eventId}/download-ticket`, {
      method: 'POST',
      headers: { ...session.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ place: 'Mesa 5', by_place: true }),
    });
    expect(ticketResponse.status).toBe(200);
    const { url, ticket } = await readJson(ticketResponse);
    const query = new URL(url, server.url).searchParams;
    expect(query.get('place')).toBe('Mesa 5');
    expect(query.get('by_place')).toBe('true');
    const zip = await fetch(`${server.url}${url}`);
    expect(zip.status).toBe(200);
    expect((await unzipNames(Buffer.from(await zip.arrayBuffer()))).map((name) => name.split('/').slice(0, 3).join('/'))).toEqual(['Festa/Mesa 5/Tia Rosa']);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download?ticket=${encodeURIComponent(ticket)}&by_place=true`), 403);
    await expectError(await fetch(`${server.url}/api/events/${eventId}/download?ticket=${encodeURIComponent(ticket)}&place=Bar&by_place=true`), 403);
  });
});

describe('the invite of a place', () => {
  let server: TestServer;
  let event: Awaited<ReturnType<typeof createEvent>>;

  beforeAll(async () => {
    server = await startServer();
    const session = await organiserSession(server, 'cookie@example.com');
    event = await createEvent(server, session.token, { name: 'Festa' });
  }, 60_000);
  afterAll(() => server?.close());

  test("/invite/{code}?local=Mesa%205 keeps the place in the event's cookie for the upload screen; the plain invite clears it", async () => {
    const withPlace = await fetch(`${server.url}/invite/${event.code}?local=Mesa%205`);
    expect(withPlace.status).toBe(200);
    expect(withPlace.headers.get('set-cookie')).toBe(`momentos-place-${event.id}=Mesa%205; Path=/; Max-Age=604800; SameSite=Lax`);

    // The plain invite from a device without the cookie sets nothing; with it, clears it.
    expect((await fetch(`${server.url}/invite/${event.code}`)).headers.get('set-cookie')).toBeNull();
    const cleared = await fetch(`${server.url}/invite/${event.code}`, { headers: { cookie: `momentos-place-${event.id}=Mesa%205` } });
    expect(cleared.headers.get('set-cookie')).toBe(`momentos-place-${event.id}=; Path=/; Max-Age=0; SameSite=Lax`);

    // An unknown code, or an empty place, sets nothing.
    expect((await fetch(`${server.url}/invite/NOPE99?local=Mesa%205`)).headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${server.url}/invite/${event.code}?local=%20%20`)).headers.get('set-cookie')).toBeNull();
  });
});
