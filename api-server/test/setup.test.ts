import { run } from '../src/cli/organiser';
import { expectError, login, startServer, type TestServer } from './helpers';

// Issue 27 item 1: the first organiser from the browser, with the one-time code printed at start.

const account = { name: 'Ana Souza', email: 'Ana@Example.com', password: 'senha-segura-1' };

function postSetup(server: TestServer, body: Record<string, unknown>) {
  return fetch(`${server.url}/api/setup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
const setupState = async (server: TestServer) => (await (await fetch(`${server.url}/api/setup`)).json()) as { needed: boolean };

describe('the first account from the browser', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({ env: { LOGIN_MAX_FAILURES_PER_IP: '4' } });
  });
  afterEach(() => server.close());

  test('the code printed at start creates the first organiser, signed in; then the setup is closed', async () => {
    expect(server.app.setupCode).toMatch(/^\d{3}-\d{3}$/);
    expect(await setupState(server)).toEqual({ needed: true });

    const response = await postSetup(server, { ...account, code: server.app.setupCode!.replace('-', ' ') });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ status: 201, message: 'Conta criada com sucesso.', email: 'ana@example.com', name: 'Ana Souza' });
    const token = response.headers.get('authentication')!;
    expect((await fetch(`${server.url}/api/events`, { headers: { authentication: token } })).status).toBe(200);
    expect(await login(server, 'ana@example.com', account.password)).toBeTruthy();

    expect(await setupState(server)).toEqual({ needed: false });
    const again = await expectError(await postSetup(server, { ...account, email: 'rui@example.com', code: server.app.setupCode! }), 409);
    expect(again.message).toBe('Já existe uma conta de organizador. Entre com seu e-mail e senha.');
    // A restart with an organiser prints no code.
    await server.restart();
    expect(server.app.setupCode).toBeNull();
  });

  test('a wrong code is refused (403) and counted like a failed login: the address then waits (429)', async () => {
    const code = server.app.setupCode!;
    const wrong = code === '000-000' ? '000-001' : '000-000';
    const refused = await expectError(await postSetup(server, { ...account, code: wrong }), 403);
    expect(refused.message).toMatch(/^Código de configuração incorreto/);
    await expectError(await postSetup(server, { ...account, code: 'abc' }), 403);
    for (let i = 0; i < 2; i++) await expectError(await postSetup(server, { ...account, code: wrong }), 403);
    const limited = await postSetup(server, { ...account, code });
    await expectError(limited, 429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await setupState(server)).toEqual({ needed: true });
  });

  test('bad input is a 400 JSON; a short password never creates the account', async () => {
    const code = server.app.setupCode!;
    await expectError(await postSetup(server, { ...account, password: 'curta', code }), 400);
    await expectError(await postSetup(server, { ...account, email: 'sem-arroba', code }), 400);
    await expectError(await postSetup(server, { ...account, name: '   ', code }), 400);
    await expectError(await postSetup(server, { email: account.email, code }), 400);
    expect(await setupState(server)).toEqual({ needed: true });
  });

  test('two requests at once with the code make one organiser', async () => {
    const code = server.app.setupCode!;
    const answers = await Promise.all([
      postSetup(server, { ...account, code }),
      postSetup(server, { ...account, email: 'rui@example.com', code }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(201);
    expect([403, 409]).toContain(statuses[1]);
    const rows = await server.app.db.selectFrom('organisers').select('email').execute();
    expect(rows).toHaveLength(1);
  });

  test('the CLI still works: an organiser made with `organiser add` closes the setup', async () => {
    const saved = { ...process.env };
    try {
      process.env.DATA_DIR = server.dataDir;
      delete process.env.INIT_CWD;
      if (server.config.databaseSchema) process.env.DATABASE_SCHEMA = server.config.databaseSchema;
      process.env.STORAGE_DRIVER = 'local';
      await run(['add', 'rui@example.com'], () => undefined, async () => 'senha-do-rui-1');
    } finally {
      process.env = saved;
    }
    expect(await setupState(server)).toEqual({ needed: false });
    await expectError(await postSetup(server, { ...account, code: server.app.setupCode! }), 409);
  });
});

describe('ORGANISER_* at start', () => {
  test('an organiser from ORGANISER_EMAIL means no setup code', async () => {
    const server = await startServer({ env: { ORGANISER_EMAIL: 'dona@example.com', ORGANISER_PASSWORD: 'senha-inicial-1' } });
    try {
      expect(server.app.setupCode).toBeNull();
      expect(await setupState(server)).toEqual({ needed: false });
    } finally {
      await server.close();
    }
  });
});
