import sharp from 'sharp';
import { localNow } from '../src/domain/visibility';
import { createAlbum, createEvent, expectError, organiserSession, readJson, socketStatus, startServer, type TestServer, wsTicket } from './helpers';

// Issue 12: who sees an event's photos, and when; and when sending closes.


const jpeg = (seed: number) => sharp({ create: { width: 30 + seed, height: 20, channels: 3, background: { r: 200, g: seed * 20, b: 90 } } }).jpeg().toBuffer();
const minutesFromNow = (minutes: number) => localNow(new Date(Date.now() + minutes * 60_000));

async function upload(server: TestServer, albumId: string, bytes: Buffer) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Tia Rosa');
  form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `f-${bytes.length}.jpg`);
  return fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
}


describe('visibility and the upload window', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(() => server.close());

  async function eventWith(fields: Record<string, string>) {
    const event = await createEvent(server, ana.token, fields);
    const album = await createAlbum(server, ana.token, event.id);
    return { event, albumId: album.id };
  }

  test("'Só envio': guests send but see nothing (lists, updates, uploaders, sockets); the owner sees everything", async () => {
    const { event, albumId } = await eventWith({ visibility: 'upload_only' });
    expect(event).toMatchObject({ visibility: 'upload_only', reveal_at: null, uploads_close_at: null });
    expect((await upload(server, albumId, await jpeg(1))).status).toBe(201);
    for (const path of [`/api/events/photos/${albumId}`, `/api/events/photos/${event.id}`, `/api/events/photos/updates/${albumId}`, `/api/events/photos/users/${albumId}`]) {
      const refused = await expectError(await fetch(`${server.url}${path}`), 403);
      expect(refused.message).toBe('As fotos serão reveladas pelos anfitriões.');
    }
    await expectError(await fetch(`${server.url}/api/events/photos/${event.id}?public_only=true`, { headers: ana.headers }), 403);
    expect(await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`, { headers: ana.headers }))).toHaveLength(1);
    expect(await socketStatus(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}`)).toBe(403);
    expect(await socketStatus(`${server.url.replace('http', 'ws')}/ws/albums/${albumId}?ticket=${await wsTicket(server, albumId, ana.headers)}`)).toBe(101);
    expect(await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).toMatchObject({ gallery_open: false, reveal_at: null, uploads_closed: false });
  });

  test("'Revelar em': closed until the date, with the date in the message; open after it", async () => {
    const later = minutesFromNow(90);
    const { event, albumId } = await eventWith({ visibility: 'reveal', reveal_at: later });
    const [day, time] = later.split(' ');
    const [year, month, dayOfMonth] = day.split('-');
    const refused = await expectError(await fetch(`${server.url}/api/events/photos/${albumId}`), 403);
    expect(refused.message).toBe(`As fotos serão reveladas em ${dayOfMonth}/${month}/${year} ${time}`);
    expect(await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).toMatchObject({ gallery_open: false, reveal_at: later });

    const put = await fetch(`${server.url}/api/events/${event.id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: event.name, date: event.date, location: event.location, contact: event.contact, reveal_at: minutesFromNow(-5) }),
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${server.url}/api/events/photos/${albumId}`)).status).toBe(200);
  });

  test('after the upload window guests cannot send (403, nothing stored) and their album list says no album takes uploads', async () => {
    const { event, albumId } = await eventWith({ uploads_close_at: minutesFromNow(-1) });
    const refused = await expectError(await upload(server, albumId, await jpeg(2)), 403);
    expect(refused.message).toBe('O envio de fotos para este evento foi encerrado.');
    const chunk = await fetch(`${server.url}/api/events/photos/chunk/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'v.mp4', fileSize: 1000, fileType: 'video/mp4', albumId, userId: 'Zé' }),
    });
    await expectError(chunk, 403);
    expect(await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`))).toEqual([]);
    expect(await readJson(await fetch(`${server.url}/api/albums/${event.id}`))).toEqual([expect.objectContaining({ id: albumId, is_available: false })]);
    expect(await readJson(await fetch(`${server.url}/api/albums/${event.id}`, { headers: ana.headers }))).toEqual([expect.objectContaining({ id: albumId, is_available: true })]);
    expect(await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).toMatchObject({ uploads_closed: true });
  });

  test('bad dates and a reveal without its date are 400 with the field named; fields not sent keep their value', async () => {
    const bad = await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers, body: (() => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ name: 'X', date: '2030-06-01 18:30', location: 'L', contact: 'a@b.co', reveal_at: '2030-02-30 10:00' })) form.append(key, value);
      return form;
    })() });
    expect((await expectError(bad, 400)).message).toContain("'reveal_at'");
    const { event } = await eventWith({ visibility: 'upload_only', uploads_close_at: '2031-01-01 10:00' });
    const put = await fetch(`${server.url}/api/events/${event.id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Novo', date: event.date, location: event.location, contact: event.contact }),
    });
    expect(await readJson(put)).toMatchObject({ name: 'Novo', visibility: 'upload_only', uploads_close_at: '2031-01-01 10:00' });
    const noDate = await fetch(`${server.url}/api/events/${event.id}`, {
      method: 'PUT',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Novo', date: event.date, location: event.location, contact: event.contact, visibility: 'reveal', reveal_at: '' }),
    });
    expect((await expectError(noDate, 400)).message).toContain("'reveal_at'");
    await expectError(
      await fetch(`${server.url}/api/events/${event.id}`, {
        method: 'PUT',
        headers: { ...ana.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Novo', date: event.date, location: event.location, contact: event.contact, visibility: 'secret' }),
      }),
      400,
    );
  });
});
