import { createAlbum, createEvent, expectError, organiserSession, startServer, type TestServer } from './helpers';

describe('albums', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let rui: Awaited<ReturnType<typeof organiserSession>>;
  let event: Awaited<ReturnType<typeof createEvent>>;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    rui = await organiserSession(server, 'rui@example.com');
    event = await createEvent(server, ana.token);
  });
  afterAll(async () => {
    await server.close();
  });

  const json = (token: string) => ({ authentication: token, 'content-type': 'application/json' });

  test('create answers 201 with exactly the §3 fields; booleans default to false', async () => {
    const response = await fetch(`${server.url}/api/albums/${event.id}`, {
      method: 'POST',
      headers: json(ana.token),
      body: JSON.stringify({ name: 'Festa', description: 'Fotos da festa' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^alb_[0-9a-f-]{36}$/),
      album_name: 'Festa',
      album_description: 'Fotos da festa',
      is_available: false,
      is_public: false,
      requires_approval: false,
    });
  });

  test('the owner sees every album; guests and other organisers only the public ones', async () => {
    const other = await createEvent(server, ana.token);
    const open = await createAlbum(server, ana.token, other.id, { name: 'Pública', is_public: true });
    const hidden = await createAlbum(server, ana.token, other.id, { name: 'Privada', is_public: false });

    const owner = await fetch(`${server.url}/api/albums/${other.id}`, { headers: ana.headers });
    expect(owner.status).toBe(200);
    // The owner's tiles carry their counts and newest photo (issue 11).
    const tile = { photo_count: 0, cover_photo: null };
    expect(await owner.json()).toEqual([{ ...open, ...tile }, { ...hidden, ...tile }]);

    for (const headers of [{}, rui.headers, { authentication: 'invalid.token.here' }]) {
      const response = await fetch(`${server.url}/api/albums/${other.id}`, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([open]);
    }
  });

  test('an event without albums lists []; an unknown event is 404', async () => {
    const empty = await createEvent(server, ana.token);
    expect(await (await fetch(`${server.url}/api/albums/${empty.id}`)).json()).toEqual([]);
    await expectError(await fetch(`${server.url}/api/albums/evt_nope`), 404);
    await expectError(await fetch(`${server.url}/api/albums/${encodeURIComponent('../x')}`), 400);
  });

  test('update answers 200 with the new values', async () => {
    const album = await createAlbum(server, ana.token, event.id, { is_public: false, is_available: false });
    const response = await fetch(`${server.url}/api/albums/${album.id}`, {
      method: 'PUT',
      headers: json(ana.token),
      body: JSON.stringify({ name: 'Novo', description: 'Nova descrição', is_public: true, is_available: true }),
    });
    expect(response.status).toBe(200);
    const updated = { id: album.id, album_name: 'Novo', album_description: 'Nova descrição', is_public: true, is_available: true, requires_approval: false };
    expect(await response.json()).toEqual(updated);
    const listed = (await (await fetch(`${server.url}/api/albums/${event.id}`, { headers: ana.headers })).json()) as { id: string }[];
    expect(listed).toContainEqual({ ...updated, photo_count: 0, cover_photo: null });
  });

  test('delete answers 200 (empty JSON body accepted) and the album is gone', async () => {
    const album = await createAlbum(server, ana.token, event.id);
    const response = await fetch(`${server.url}/api/albums/${album.id}`, { method: 'DELETE', headers: json(ana.token) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 200, message: expect.any(String) });
    const listed = (await (await fetch(`${server.url}/api/albums/${event.id}`, { headers: ana.headers })).json()) as { id: string }[];
    expect(listed.map((item) => item.id)).not.toContain(album.id);
    await expectError(await fetch(`${server.url}/api/albums/${album.id}`, { method: 'DELETE', headers: ana.headers }), 404);
  });

  test.each([
    [{}, "'name'"],
    [{ name: 'x' }, "'description'"],
    [{ name: '', description: 'd' }, "'name'"],
    [{ name: 'x', description: '' }, "'description'"],
    [{ name: 'x', description: 'd', is_public: 'talvez' }, "'is_public'"],
    [{ name: 'x', description: 'd', is_available: { a: 1 } }, "'is_available'"],
    [{ name: ['x', 'y'], description: 'd' }, "'name'"],
    [{ name: 'x'.repeat(201), description: 'd' }, "'name'"],
  ])('create with %p answers 400 naming the field', async (body, field) => {
    const response = await fetch(`${server.url}/api/albums/${event.id}`, { method: 'POST', headers: json(ana.token), body: JSON.stringify(body) });
    const error = await expectError(response, 400);
    expect(error.message).toContain(field);
  });

  test('malformed or empty JSON bodies on create and update are 400', async () => {
    const album = await createAlbum(server, ana.token, event.id);
    for (const [method, url] of [['POST', `/api/albums/${event.id}`], ['PUT', `/api/albums/${album.id}`]]) {
      for (const body of ['{', '', 'null', '"x"', '[]']) {
        await expectError(await fetch(`${server.url}${url}`, { method, headers: json(ana.token), body }), 400);
      }
    }
  });

  test("another organiser's albums are 404 to create, update and delete", async () => {
    const album = await createAlbum(server, ana.token, event.id);
    const body = JSON.stringify({ name: 'hack', description: 'hack' });
    await expectError(await fetch(`${server.url}/api/albums/${event.id}`, { method: 'POST', headers: json(rui.token), body }), 404);
    await expectError(await fetch(`${server.url}/api/albums/${album.id}`, { method: 'PUT', headers: json(rui.token), body }), 404);
    await expectError(await fetch(`${server.url}/api/albums/${album.id}`, { method: 'DELETE', headers: rui.headers }), 404);
    const listed = (await (await fetch(`${server.url}/api/albums/${event.id}`, { headers: ana.headers })).json()) as { id: string; album_name: string }[];
    expect(listed.find((item) => item.id === album.id)?.album_name).toBe('Cerimônia');
  });

  test('changes need a valid token', async () => {
    const album = await createAlbum(server, ana.token, event.id);
    const body = JSON.stringify({ name: 'x', description: 'y' });
    await expectError(await fetch(`${server.url}/api/albums/${event.id}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), 401);
    await expectError(await fetch(`${server.url}/api/albums/${album.id}`, { method: 'PUT', headers: json('bad'), body }), 401);
    await expectError(await fetch(`${server.url}/api/albums/${album.id}`, { method: 'DELETE' }), 401);
  });
});
