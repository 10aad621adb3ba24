import { run } from '../src/cli/organiser';
import { addOrganiser, createAlbum, createEvent, expectError, login, socketStatus, startServer, wsTicket, type TestServer } from './helpers';

// Issue 23 item 2: every token names a session the server checks; logout and a password change end it.

describe('sessions that end', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const events = (token: string) => fetch(`${server.url}/api/events`, { headers: { authentication: token } });
  const logout = (token?: string) => fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: token ? { authentication: token } : {} });

  test("POST /api/auth/logout ends that token's session at once, sockets included; the other sessions go on", async () => {
    const ana = await addOrganiser(server, 'ana@example.com');
    const phone = await login(server, ana.email, ana.password);
    const laptop = await login(server, ana.email, ana.password);
    const event = await createEvent(server, phone);
    const album = await createAlbum(server, phone, event.id, { is_public: false });
    const socket = `${server.url.replace('http', 'ws')}/ws/albums/${album.id}`;
    const ticketFor = (token: string) => fetch(`${server.url}/api/ws-ticket`, { method: 'POST', headers: { 'content-type': 'application/json', authentication: token }, body: JSON.stringify({ album_id: album.id }) });
    expect(await socketStatus(`${socket}?ticket=${await wsTicket(server, album.id, { authentication: phone })}`)).toBe(101);

    const answer = await logout(phone);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 200, message: 'Sessão encerrada.' });

    const refused = await expectError(await events(phone), 401);
    expect(refused.message).toBe('Sessão inválida ou expirada. Faça login novamente.');
    // The private album is not the ended session's any more: its socket ticket answers as to a stranger.
    await expectError(await ticketFor(phone), 404);
    await expectError(await logout(phone), 401);
    expect((await events(laptop)).status).toBe(200);
    expect(await socketStatus(`${socket}?ticket=${await wsTicket(server, album.id, { authentication: laptop })}`)).toBe(101);
  });

  test('logout without a token is 401 JSON', async () => {
    await expectError(await logout(), 401);
  });

  test('`organiser passwd` ends every session of that organiser, and only theirs', async () => {
    const rui = await addOrganiser(server, 'rui@example.com');
    const bia = await addOrganiser(server, 'bia@example.com');
    const first = await login(server, rui.email, rui.password);
    const second = await login(server, rui.email, rui.password);
    const other = await login(server, bia.email, bia.password);

    const saved = { ...process.env };
    try {
      process.env.DATA_DIR = server.dataDir;
      delete process.env.INIT_CWD;
      if (server.config.databaseSchema) process.env.DATABASE_SCHEMA = server.config.databaseSchema;
      process.env.STORAGE_DRIVER = 'local';
      await run(['passwd', rui.email], () => undefined, async () => 'outra-senha-segura');
    } finally {
      process.env = saved;
    }

    await expectError(await events(first), 401);
    await expectError(await events(second), 401);
    expect((await events(other)).status).toBe(200);
    expect((await events(await login(server, rui.email, 'outra-senha-segura'))).status).toBe(200);
  });

  test('a token signed with the right secret but naming no session is refused', async () => {
    const token = await login(server, 'bia@example.com', 'senha-segura-123');
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(typeof claims.sid).toBe('string');
    expect(signature.length).toBeGreaterThan(20);
    expect(header.length).toBeGreaterThan(0);
    // Ended on the server: the same token, still inside its lifetime, answers 401.
    await server.app.db.deleteFrom('organiser_sessions').where('id', '=', claims.sid).execute();
    await expectError(await events(token), 401);
  });
});
