import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, socketStatus, startServer, type TestServer, wsTicket } from './helpers';

// Issue 12: an event's optional PIN, typed once per device by its guests.



describe('the event PIN', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let event: { id: string; code: string; name: string; date: string; location: string; contact: string };
  let albumId: string;
  const pin = { 'x-event-pin': '4821' };

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    event = await createEvent(server, ana.token, { pin: '4821' });
    albumId = (await createAlbum(server, ana.token, event.id)).id;
  });
  afterAll(() => server.close());

  const upload = async (headers: Record<string, string>) => {
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'a.jpg');
    return fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form, headers });
  };

  test('guests need it on every call of the event; the organiser never; the public read says it is required', async () => {
    expect(await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))).toEqual([expect.objectContaining({ id: event.id, pin: '4821' })]);
    expect(await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).toMatchObject({ pin_required: true });
    expect((await expectError(await fetch(`${server.url}/api/albums/${event.id}`), 403)).message).toBe('Digite o PIN do evento.');
    expect((await fetch(`${server.url}/api/albums/${event.id}`, { headers: pin })).status).toBe(200);
    await expectError(await upload({}), 403);
    expect((await upload(pin)).status).toBe(201);
    for (const path of [`/api/events/photos/${albumId}`, `/api/events/photos/updates/${albumId}`, `/api/events/photos/users/${albumId}`, `/api/events/photos/${event.id}`]) {
      await expectError(await fetch(`${server.url}${path}`), 403);
      expect((await fetch(`${server.url}${path}`, { headers: pin })).status).toBe(200);
    }
    const init = (body: object, headers: Record<string, string>) =>
      fetch(`${server.url}/api/events/photos/chunk/init`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    const chunkBody = { fileName: 'v.mp4', fileSize: 1000, fileType: 'video/mp4', albumId, userId: 'Zé' };
    await expectError(await init(chunkBody, {}), 403);
    const { sessionId } = (await readJson(await init(chunkBody, pin))) as { sessionId: string };
    await expectError(await fetch(`${server.url}/api/events/photos/chunk/${sessionId}`), 403);
    expect((await fetch(`${server.url}/api/events/photos/chunk/${sessionId}`, { headers: pin })).status).toBe(200);
    const ws = `${server.url.replace('http', 'ws')}/ws/albums/${albumId}`;
    expect(await socketStatus(ws)).toBe(403);
    // Issue 23: the PIN in the socket's URL opens nothing; a ticket issued against it does, once.
    expect(await socketStatus(`${ws}?pin=4821`)).toBe(403);
    const ticket = await wsTicket(server, albumId, pin);
    expect(await socketStatus(`${ws}?ticket=${ticket}`)).toBe(101);
    expect(await socketStatus(`${ws}?ticket=${ticket}`)).toBe(403);
    expect((await expectError(await fetch(`${server.url}/api/ws-ticket`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ album_id: albumId }) }), 403)).message).toBe('Digite o PIN do evento.');
    // The organiser: no PIN anywhere.
    expect((await fetch(`${server.url}/api/events/photos/${albumId}`, { headers: ana.headers })).status).toBe(200);
    expect(await socketStatus(`${ws}?token=${ana.token}`)).toBe(403);
    expect(await socketStatus(`${ws}?ticket=${await wsTicket(server, albumId, ana.headers)}`)).toBe(101);
  });

  test("the event's wall link stands in for the PIN on the wall's reads", async () => {
    const { url } = (await readJson(await fetch(`${server.url}/api/events/${event.id}/wall-link`, { method: 'POST', headers: ana.headers }))) as { url: string };
    const token = url.split('/wall/')[1];
    expect((await fetch(`${server.url}/api/events/photos/${event.id}?public_only=true`, { headers: { 'x-wall-token': token } })).status).toBe(200);
    expect(await socketStatus(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}?ticket=${await wsTicket(server, event.id, { 'x-wall-token': token })}`)).toBe(101);
    await expectError(await fetch(`${server.url}/api/events/photos/${event.id}?public_only=true`, { headers: { 'x-wall-token': 'x'.repeat(32) } }), 403);
  });

  test('a wrong PIN is 403 and counted: after 10 wrong tries in 15 minutes the device waits (429), even with the right one', async () => {
    const wrong = await expectError(await fetch(`${server.url}/api/albums/${event.id}`, { headers: { 'x-event-pin': '0000' } }), 403);
    expect(wrong.message).toBe('PIN incorreto. Confira com quem organiza o evento.');
    for (let i = 0; i < 9; i++) await fetch(`${server.url}/api/albums/${event.id}`, { headers: { 'x-event-pin': '0000' } });
    const locked = await expectError(await fetch(`${server.url}/api/albums/${event.id}`, { headers: pin }), 429);
    expect(locked.message).toBe('Muitas tentativas de PIN. Aguarde alguns minutos e tente novamente.');
  });

  test('the organiser sets, changes and removes it; a PIN that is not 4 to 8 digits is 400', async () => {
    const put = (fields: Record<string, string>) =>
      fetch(`${server.url}/api/events/${event.id}`, {
        method: 'PUT',
        headers: { ...ana.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: event.name, date: event.date, location: event.location, contact: event.contact, ...fields }),
      });
    expect((await expectError(await put({ pin: '12a4' }), 400)).message).toBe("O campo 'pin' deve ter de 4 a 8 dígitos.");
    await expectError(await put({ pin: '123' }), 400);
    expect(await readJson(await put({}))).toMatchObject({ pin: '4821' });
    expect(await readJson(await put({ pin: '' }))).toMatchObject({ pin: null });
    expect((await fetch(`${server.url}/api/albums/${event.id}`)).status).toBe(200);
  });
});
