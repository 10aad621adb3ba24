import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 12: the live wall's link opens one event's wall on a venue's TV, and nothing else.

describe('the wall link', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let bea: Awaited<ReturnType<typeof organiserSession>>;
  let event: { id: string; code: string; name: string };

  beforeAll(async () => {
    server = await startServer({ env: { PUBLIC_URL: 'https://fotos.example.com' } });
    ana = await organiserSession(server, 'ana@example.com');
    bea = await organiserSession(server, 'bea@example.com');
    event = await createEvent(server, ana.token, { name: 'Festa da Ana' });
    await createAlbum(server, ana.token, event.id);
  });
  afterAll(() => server.close());

  const make = (headers: Record<string, string>, id = event.id) => fetch(`${server.url}/api/events/${id}/wall-link`, { method: 'POST', headers });
  const tokenOf = (url: string) => url.split('/wall/')[1];

  test('the owner makes a link; it resolves to the event and nothing more; a new link revokes the old one', async () => {
    const made = await make(ana.headers);
    expect(made.status).toBe(201);
    const { url } = (await readJson(made)) as { url: string };
    expect(url).toMatch(/^https:\/\/fotos\.example\.com\/wall\/[A-Za-z0-9_-]{32}$/);
    const resolved = await fetch(`${server.url}/api/wall/${tokenOf(url)}`);
    expect(resolved.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(resolved)).toEqual({ event_id: event.id, name: 'Festa da Ana', code: event.code, video_seconds: 20 });
    // The token is no login: the organiser's routes refuse it.
    await expectError(await fetch(`${server.url}/api/events`, { headers: { authentication: tokenOf(url) } }), 401);

    const again = (await readJson(await make(ana.headers))) as { url: string };
    expect(tokenOf(again.url)).not.toBe(tokenOf(url));
    const stale = await expectError(await fetch(`${server.url}/api/wall/${tokenOf(url)}`), 403);
    expect(stale.message).toBe('Este link do telão é inválido ou foi revogado. Peça um novo link a quem organiza o evento.');
    expect((await fetch(`${server.url}/api/wall/${tokenOf(again.url)}`)).status).toBe(200);

    const revoked = await fetch(`${server.url}/api/events/${event.id}/wall-link`, { method: 'DELETE', headers: ana.headers });
    expect(await readJson(revoked)).toEqual({ status: 200, message: 'O link do telão foi revogado.' });
    await expectError(await fetch(`${server.url}/api/wall/${tokenOf(again.url)}`), 403);
  });

  test("only the owner: another organiser's or a guest's request changes nothing", async () => {
    const { url } = (await readJson(await make(ana.headers))) as { url: string };
    await expectError(await make(bea.headers), 404);
    await expectError(await make({}), 401);
    await expectError(await fetch(`${server.url}/api/events/${event.id}/wall-link`, { method: 'DELETE', headers: bea.headers }), 404);
    expect((await fetch(`${server.url}/api/wall/${tokenOf(url)}`)).status).toBe(200);
    await expectError(await fetch(`${server.url}/api/wall/${encodeURIComponent('../../etc')}`), 400);
    await expectError(await fetch(`${server.url}/api/wall/${'a'.repeat(40)}`), 403);
  });
});
