import { INVITE_ALPHABET, INVITE_LENGTH } from '../src/domain/invite-code';
import { createAlbum, createEvent, eventForm, expectError, organiserSession, PNG_BYTES, startServer, storedKeys, type TestServer, readJson } from './helpers';

const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);

describe('events', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let rui: Awaited<ReturnType<typeof organiserSession>>;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    rui = await organiserSession(server, 'rui@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  const keyOf = (url: string) => new URL(url, server.url).searchParams.get('path')!;
  const isStored = async (url: string) => (await server.app.storage.head(keyOf(url))) !== null;

  test('create with an image, list, read and fetch the image', async () => {
    const created = await createEvent(server, ana.token, { name: 'Casamento' }, { bytes: PNG_BYTES, name: 'x.txt', type: 'text/plain' });
    expect(created).toEqual({
      id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
      code: expect.stringMatching(new RegExp(`^[${INVITE_ALPHABET}]{${INVITE_LENGTH}}$`)),
      name: 'Casamento',
      date: '2030-06-01 18:30',
      location: 'Lisboa',
      contact: 'ana@example.com',
      image: expect.stringMatching(/^\/api\/files\?path=events\/evt_[^/]+\/image-[0-9a-f]+\.png$/),
      // Issue 29: what the organiser's screens show it by.
      image_card: expect.stringMatching(/^\/api\/files\?path=events\/evt_[^/]+\/image-[0-9a-f]+-card\.jpg$/),
      visibility: 'open',
      reveal_at: null,
      uploads_close_at: null,
      pin: null,
      guest_downloads: true,
      video_max_seconds: null,
      // Issue 26: 'Aprovar recados antes de publicar?'
      messages_require_approval: false,
      // Issue 27: the caller's role and what it may do.
      role: 'owner',
      permissions: ['event.view', 'event.edit', 'event.delete', 'albums.edit', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads', 'team.manage', 'integrations.manage'],
    });

    const list = await fetch(`${server.url}/api/events`, { headers: ana.headers });
    expect(list.status).toBe(200);
    // The list row carries the event's counts (issue 11).
    // With the card's AVIF copies once stored (made with the card, before the create answered).
    const card = created.image_card!;
    const image_avif_srcset = `${card.replace(/\.jpg$/, '-w720.avif')} 720w, ${card.replace(/\.jpg$/, '-w1080.avif')} 1080w`;
    expect(await readJson(list)).toEqual([{ ...created, photo_count: 0, video_count: 0, guest_count: 0, bytes: 0, image_avif_srcset }]);

    const one = await fetch(`${server.url}/api/events/${created.id}`, { headers: ana.headers });
    expect(one.status).toBe(200);
    expect(await readJson(one)).toEqual([{ ...created, wall_video_seconds: 20, image_avif_srcset }]);

    const image = await fetch(`${server.url}${created.image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG_BYTES);
  });

  test('an event without an image has image null; the date may come with a T', async () => {
    const created = await createEvent(server, ana.token, { date: '2031-01-02T03:04' });
    expect(created.image).toBeNull();
    expect(created.date).toBe('2031-01-02 03:04');
  });

  test('invite codes are unique', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 10; i++) codes.add((await createEvent(server, rui.token, { name: `E${i}` })).code);
    expect(codes.size).toBe(10);
  });

  test('an organiser only lists their own events', async () => {
    const mine = await createEvent(server, rui.token, { name: 'Só do Rui' });
    const anaList = (await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))) as { id: string }[];
    expect(anaList.map((event) => event.id)).not.toContain(mine.id);
  });

  test('editing without a new image keeps the current one; a new image replaces it and removes the old file', async () => {
    const created = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    expect(await isStored(created.image!)).toBe(true);

    const form = eventForm({ name: 'Novo nome', location: 'Porto' });
    form.append('image', 'null');
    const kept = await fetch(`${server.url}/api/events/${created.id}`, { method: 'PUT', headers: ana.headers, body: form });
    expect(kept.status).toBe(200);
    expect(await readJson(kept)).toEqual({ ...created, name: 'Novo nome', location: 'Porto' });

    const replaced = await fetch(`${server.url}/api/events/${created.id}`, {
      method: 'PUT',
      headers: ana.headers,
      body: eventForm({}, { bytes: JPEG_BYTES, name: 'foto.jpg', type: 'image/jpeg' }),
    });
    expect(replaced.status).toBe(200);
    const body = await readJson(replaced);
    expect(body.image).toMatch(/\.jpg$/);
    expect(body.code).toBe(created.code);
    expect(await isStored(created.image!)).toBe(false);
    expect(await isStored(body.image)).toBe(true);
    // The old image's card went with it.
    expect((await storedKeys(server, `events/${created.id}`)).filter((key) => key.endsWith('-card.jpg'))).toEqual([]);
  });

  test('an empty file part (no image picked) is ignored', async () => {
    const form = eventForm();
    form.append('image', new Blob([]), '');
    const response = await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers, body: form });
    expect(response.status).toBe(201);
    expect((await readJson(response)).image).toBeNull();
  });

  test('JSON bodies work too (no image)', async () => {
    const response = await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'JSON', date: '2030-01-01 10:00', location: 'Faro', contact: 'a@b.pt' }),
    });
    expect(response.status).toBe(201);
  });

  test.each([
    [{ name: '' }, "'name'"],
    [{ name: undefined }, "'name'"],
    [{ location: undefined }, "'location'"],
    [{ contact: 'not-an-email' }, "'contact'"],
    [{ contact: undefined }, "'contact'"],
    [{ date: '01/06/2030 18:30' }, "'date'"],
    [{ date: '2030-02-30 10:00' }, "'date'"],
    [{ date: '2030-06-01 25:00' }, "'date'"],
    [{ date: '2030-06-01' }, "'date'"],
    [{ name: 'x'.repeat(201) }, "'name'"],
  ])('create with %p answers 400 naming the field', async (fields, field) => {
    const response = await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers, body: eventForm(fields) });
    const body = await expectError(response, 400);
    expect(body.message).toContain(field);
  });

  test('a file that is not an image (judged by its bytes) is 400', async () => {
    const form = eventForm({}, { bytes: Buffer.from('<?php echo 1; ?>'), name: 'foto.png', type: 'image/png' });
    await expectError(await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers, body: form }), 400);
  });

  test('an image over 5 MB is 413 JSON', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const form = eventForm({}, { bytes: big });
    const body = await expectError(await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers, body: form }), 413);
    expect(body.message).toMatch(/5 MB/);
  });

  test('bodies that are neither multipart nor JSON objects are refused with 4xx', async () => {
    const text = await fetch(`${server.url}/api/events`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'text/plain' }, body: 'x' });
    await expectError(text, 400);
    const array = await fetch(`${server.url}/api/events`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: '[1]' });
    await expectError(array, 400);
    const none = await fetch(`${server.url}/api/events`, { method: 'POST', headers: ana.headers });
    await expectError(none, 400);
    const broken = await fetch(`${server.url}/api/events`, {
      method: 'POST',
      headers: { ...ana.headers, 'content-type': 'multipart/form-data; boundary=abc' },
      body: '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nX',
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
  });

  test("another organiser's event is 404 for read, edit, delete and share", async () => {
    const event = await createEvent(server, ana.token);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { headers: rui.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { method: 'PUT', headers: rui.headers, body: eventForm({ name: 'hack' }) }), 404);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { method: 'DELETE', headers: rui.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/share/${event.code}`, { headers: rui.headers }), 404);
    const still = (await readJson(await fetch(`${server.url}/api/events/${event.id}`, { headers: ana.headers }))) as { name: string }[];
    expect(still[0].name).toBe('Casamento Ana & Rui');
  });

  test('every event route needs a token', async () => {
    const event = await createEvent(server, ana.token);
    await expectError(await fetch(`${server.url}/api/events`), 401);
    await expectError(await fetch(`${server.url}/api/events`, { method: 'POST', body: eventForm() }), 401);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`), 401);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { method: 'PUT', body: eventForm() }), 401);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { method: 'DELETE' }), 401);
    await expectError(await fetch(`${server.url}/api/events/share/${event.code}`), 401);
  });

  test('unknown or malformed ids are 404 or 400, never 500', async () => {
    await expectError(await fetch(`${server.url}/api/events/evt_unknown`, { headers: ana.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/${encodeURIComponent("1' OR '1'='1")}`, { headers: ana.headers }), 400);
    await expectError(await fetch(`${server.url}/api/events/${'a'.repeat(65)}`, { headers: ana.headers }), 400);
  });

  test('delete removes the event, its albums, photos and every stored file; an empty JSON body is accepted', async () => {
    const event = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    const album = await createAlbum(server, ana.token, event.id);
    // A photo row and its files, as the upload issue will create them.
    const folder = `events/${event.id}/albums/${album.id}`;
    await server.app.storage.put(`${folder}/a.jpg`, JPEG_BYTES);
    await server.app.db
      .insertInto('photos')
      .values({ id: 'pho_1', album_id: album.id, user_id: 'Maria', original_path: `${folder}/a.jpg`, compressed_path: null, file_type: 'image', processing: 0, error: null, client_file_name: 'a.jpg', client_file_size: 104, created_at: new Date().toISOString() })
      .execute();
    await fetch(`${server.url}/api/events/share/${event.code}`, { headers: ana.headers });
    expect(await storedKeys(server, `events/${event.id}`)).toEqual([
      `${folder}/a.jpg`,
      // Issue 29: the welcome's AVIF copies of the card.
      expect.stringMatching(new RegExp(`^events/${event.id}/image-[0-9a-f]{16}-card-w1080\\.avif$`)),
      expect.stringMatching(new RegExp(`^events/${event.id}/image-[0-9a-f]{16}-card-w720\\.avif$`)),
      expect.stringMatching(new RegExp(`^events/${event.id}/image-[0-9a-f]{16}-card\\.jpg$`)),
      expect.stringMatching(new RegExp(`^events/${event.id}/image-[0-9a-f]{16}\\.png$`)),
      expect.stringMatching(new RegExp(`^events/${event.id}/qrcode-[0-9a-f]{16}\\.png$`)),
    ]);

    const response = await fetch(`${server.url}/api/events/${event.id}`, { method: 'DELETE', headers: { ...ana.headers, 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 200, message: expect.any(String) });

    expect(await storedKeys(server, `events/${event.id}`)).toEqual([]);
    expect(await server.app.db.selectFrom('photos').select('id').where('id', '=', 'pho_1').executeTakeFirst()).toBeUndefined();
    expect(await server.app.db.selectFrom('albums').select('id').where('event_id', '=', event.id).execute()).toEqual([]);
    await expectError(await fetch(`${server.url}/api/events/${event.id}`, { headers: ana.headers }), 404);
    await expectError(await fetch(`${server.url}/api/albums/${event.id}`), 404);
  });
});

describe('invites and QR codes', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let event: Awaited<ReturnType<typeof createEvent>>;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    event = await createEvent(server, ana.token, { name: 'Festa' });
  });
  afterAll(async () => {
    await server.close();
  });

  test('invite search is public and answers [{id, name}]', async () => {
    const response = await fetch(`${server.url}/api/invite/search?code=${event.code}`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual([{ id: event.id, name: 'Festa' }]);
    const lower = await fetch(`${server.url}/api/invite/search?code=${event.code.toLowerCase()}`);
    expect(await readJson(lower)).toEqual([{ id: event.id, name: 'Festa' }]);
  });

  test.each(['ZZZZZZZZ', '', "' OR 1=1 --", '%00', '../../etc'])('invite search for %p answers []', async (code) => {
    const response = await fetch(`${server.url}/api/invite/search?code=${encodeURIComponent(code)}`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual([]);
  });

  test('invite search without a code or with a huge one is 400', async () => {
    await expectError(await fetch(`${server.url}/api/invite/search`), 400);
    await expectError(await fetch(`${server.url}/api/invite/search?code=${'A'.repeat(100)}`), 400);
  });

  test('share answers a stored PNG QR code of the invite link on the request origin', async () => {
    const response = await fetch(`${server.url}/api/events/share/${event.code}`, { headers: ana.headers });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body.qrcode).toMatch(/^\/api\/files\?path=events\/evt_[^/]+\/qrcode-[0-9a-f]+\.png$/);
    expect(body.link).toBe(`${server.url}/invite/${event.code}`);
    const png = await fetch(`${server.url}${body.qrcode}`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await png.arrayBuffer()).subarray(0, 4)).toEqual(PNG_BYTES.subarray(0, 4));
    // The event id works as well as the code.
    const byId = await readJson(await fetch(`${server.url}/api/events/share/${event.id}`, { headers: ana.headers }));
    expect(byId.qrcode).toBe(body.qrcode);
  });

  test('the link follows the Origin header of a front end on another origin', async () => {
    const response = await fetch(`${server.url}/api/events/share/${event.code}`, { headers: { ...ana.headers, origin: 'http://localhost:3000' } });
    expect((await readJson(response)).link).toBe(`http://localhost:3000/invite/${event.code}`);
  });

  test('PUBLIC_URL wins over the request origin', async () => {
    const other = await startServer({ env: { PUBLIC_URL: 'https://momentos.example.com/' } });
    try {
      const session = await organiserSession(other, 'ana@example.com');
      const created = await createEvent(other, session.token);
      const body = await readJson(await fetch(`${other.url}/api/events/share/${created.code}`, { headers: session.headers }));
      expect(body.link).toBe(`https://momentos.example.com/invite/${created.code}`);
    } finally {
      await other.close();
    }
  });

  test('share of an unknown code is 404 and a malformed one 400', async () => {
    await expectError(await fetch(`${server.url}/api/events/share/ZZZZZZZZ`, { headers: ana.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/share/${encodeURIComponent('a b')}`, { headers: ana.headers }), 400);
  });
});
