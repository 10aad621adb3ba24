import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { signToken } from '../src/domain/token';
import { addOrganiser, expectError, login, startServer, tamperSignature, usingPostgres, type TestServer } from './helpers';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function postAuth(server: TestServer, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

describe('POST /api/auth', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '100', CORS_ORIGIN: 'http://localhost:3000' } });
    await addOrganiser(server, 'ana@example.com', 'senha-da-ana');
  });
  afterAll(async () => {
    await server.close();
  });

  test('answers 200 with the token in the authentication header, exposed by CORS', async () => {
    const response = await postAuth(server, { email: 'Ana@Example.com ', password: 'senha-da-ana' }, { origin: 'http://localhost:3000' });
    expect(response.status).toBe(200);
    const token = response.headers.get('authentication');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.get('access-control-expose-headers')).toMatch(/authentication/);
    const [header, payload] = token!.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  test('a CORS preflight allows the authentication request header', async () => {
    const response = await fetch(`${server.url}/api/events`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authentication,content-type' },
    });
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/authentication/);
  });

  test('wrong password and unknown e-mail give the same 401 answer', async () => {
    const wrongPassword = await expectError(await postAuth(server, { email: 'ana@example.com', password: 'errada' }), 401);
    const unknownEmail = await expectError(await postAuth(server, { email: 'ninguem@example.com', password: 'senha-da-ana' }), 401);
    expect(wrongPassword).toEqual(unknownEmail);
    expect(wrongPassword.message).toBe('Por favor, verifique se o e-mail e/ou senha estão corretos.');
  });

  test.each([
    [{}, 400],
    [{ email: 'ana@example.com' }, 400],
    [{ password: 'x' }, 400],
    [{ email: '', password: '' }, 400],
    [{ email: ['a'], password: { x: 1 } }, 400],
    ['not json', 400],
    ['', 400],
    ['[]', 400],
  ])('bad body %p answers %p JSON', async (body, status) => {
    await expectError(await postAuth(server, body), status);
  });

  test('a body of another content type is refused with a 4xx JSON', async () => {
    const response = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'text/xml' }, body: '<a/>' });
    await expectError(response, 415);
  });

  test('repeated failures for one e-mail are rate-limited with 429, even with the right password', async () => {
    await addOrganiser(server, 'rui@example.com', 'senha-do-rui');
    for (let i = 0; i < 3; i++) await expectError(await postAuth(server, { email: 'rui@example.com', password: 'errada' }), 401);
    const limited = await postAuth(server, { email: 'rui@example.com', password: 'senha-do-rui' });
    const body = await expectError(limited, 429);
    expect(body.message).toMatch(/tentativas/);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Another e-mail from the same IP still works.
    expect((await postAuth(server, { email: 'ana@example.com', password: 'senha-da-ana' })).status).toBe(200);
  });
});

describe('failed logins per IP', () => {
  test('are limited across e-mails', async () => {
    const server = await startServer({ env: { LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_EMAIL: '100' } });
    try {
      await addOrganiser(server, 'ana@example.com', 'senha-da-ana');
      for (let i = 0; i < 3; i++) await expectError(await postAuth(server, { email: `x${i}@example.com`, password: 'errada' }), 401);
      await expectError(await postAuth(server, { email: 'ana@example.com', password: 'senha-da-ana' }), 429);
    } finally {
      await server.close();
    }
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const failFrom = async (server: TestServer, forwardedFor: string, email: string) =>
    expectError(await postAuth(server, { email, password: 'errada' }, { 'x-forwarded-for': forwardedFor }), 401);

  test('unset: X-Forwarded-For is ignored, so a client cannot escape the per-IP limit by inventing addresses', async () => {
    const server = await startServer({ env: { LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_EMAIL: '100' } });
    try {
      for (let i = 0; i < 3; i++) await failFrom(server, `198.51.100.${i}`, `x${i}@example.com`);
      await expectError(await postAuth(server, { email: 'y@example.com', password: 'x' }, { 'x-forwarded-for': '198.51.100.99' }), 429);
    } finally {
      await server.close();
    }
  });

  for (const trust of ['1', '127.0.0.1']) {
    test(`TRUST_PROXY=${trust}: each guest behind the balancer is counted apart, and still limited`, async () => {
      const server = await startServer({ env: { TRUST_PROXY: trust, LOGIN_MAX_FAILURES_PER_IP: '3', LOGIN_MAX_FAILURES_PER_EMAIL: '100' } });
      try {
        for (let i = 0; i < 3; i++) await failFrom(server, '198.51.100.7', `x${i}@example.com`);
        await expectError(await postAuth(server, { email: 'y@example.com', password: 'x' }, { 'x-forwarded-for': '198.51.100.7' }), 429);
        // Another guest (another address forwarded by the same proxy) is not blocked.
        await failFrom(server, '198.51.100.8', 'z@example.com');
      } finally {
        await server.close();
      }
    });
  }

  test('TRUST_PROXY naming another address: the forwarded header of this peer is not believed', async () => {
    const server = await startServer({ env: { TRUST_PROXY: '10.1.2.3', LOGIN_MAX_FAILURES_PER_IP: '2', LOGIN_MAX_FAILURES_PER_EMAIL: '100' } });
    try {
      await failFrom(server, '198.51.100.1', 'a@example.com');
      await failFrom(server, '198.51.100.2', 'b@example.com');
      await expectError(await postAuth(server, { email: 'c@example.com', password: 'x' }, { 'x-forwarded-for': '198.51.100.3' }), 429);
    } finally {
      await server.close();
    }
  });
});

(usingPostgres() ? describe : describe.skip)('failed logins across instances (PostgreSQL)', () => {
  test('failures counted by one instance block the e-mail on another', async () => {
    const first = await startServer({ env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '100' } });
    const schema = await first.app.db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema')).executeTakeFirstOrThrow();
    const second = await startServer({
      env: { LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_IP: '100', DATABASE_SCHEMA: schema.schema, JWT_SECRET: first.config.jwtSecret!, ...(first.config.storage.s3 ? { S3_BUCKET: first.config.storage.s3.bucket } : {}) },
    });
    try {
      await addOrganiser(first, 'ana@example.com', 'senha-da-ana');
      await expectError(await postAuth(first, { email: 'ana@example.com', password: 'errada' }), 401);
      await expectError(await postAuth(second, { email: 'ana@example.com', password: 'errada' }), 401);
      await expectError(await postAuth(first, { email: 'ana@example.com', password: 'errada' }), 401);
      const limited = await postAuth(second, { email: 'ana@example.com', password: 'senha-da-ana' });
      await expectError(limited, 429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
      // The table holds hashes, not addresses.
      const keys = await first.app.db.selectFrom('login_failures').select('key').execute();
      expect(keys.length).toBeGreaterThan(0);
      for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);
});

describe('tokens', () => {
  let server: TestServer;
  let organiser: { id: string; email: string };
  let token: string;
  beforeAll(async () => {
    server = await startServer();
    organiser = await addOrganiser(server, 'ana@example.com', 'senha-da-ana');
    token = await login(server, 'ana@example.com', 'senha-da-ana');
  });
  afterAll(async () => {
    await server.close();
  });

  const getEvents = (headers: Record<string, string>) => fetch(`${server.url}/api/events`, { headers });

  test('are accepted raw in the authentication header and as Authorization: Bearer', async () => {
    expect((await getEvents({ authentication: token })).status).toBe(200);
    expect((await getEvents({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  test('a missing token is 401', async () => {
    await expectError(await getEvents({}), 401);
  });

  test('a forged alg:none token is 401', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: organiser.id, email: organiser.email, iat: now, exp: now + 3600 })}.`;
    await expectError(await getEvents({ authentication: forged }), 401);
    const forgedWithSignature = `${forged}${Buffer.from('x').toString('base64url')}`;
    await expectError(await getEvents({ authentication: forgedWithSignature }), 401);
  });

  test('a token with another algorithm name but a valid HMAC is 401 (algorithm pinned)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const input = `${b64({ alg: 'HS512', typ: 'JWT' })}.${b64({ sub: organiser.id, iat: now, exp: now + 3600 })}`;
    const signature = createHmac('sha256', server.config.jwtSecret!).update(input).digest('base64url');
    await expectError(await getEvents({ authentication: `${input}.${signature}` }), 401);
  });

  test('a token with a bad signature is 401', async () => {
    const other = signToken({ sub: organiser.id, email: organiser.email, sid: 'nenhuma' }, 'another-secret', 3600);
    await expectError(await getEvents({ authentication: other }), 401);
    await expectError(await getEvents({ authentication: tamperSignature(token) }), 401);
  });

  test('an expired token is 401', async () => {
    const expired = signToken({ sub: organiser.id, email: organiser.email, sid: 'nenhuma' }, server.config.jwtSecret!, 60, Date.now() - 3600_000);
    await expectError(await getEvents({ authentication: expired }), 401);
  });

  test('garbage tokens are 401, never 500', async () => {
    for (const value of ['x', 'a.b.c', '...', 'Bearer', `${b64([1])}.${b64([2])}.abc`, 'é.é.é']) {
      const response = await getEvents({ authentication: encodeURIComponent(value) });
      await expectError(response, 401);
    }
  });

  test('a token of a deleted organiser is 401', async () => {
    const ghost = signToken({ sub: 'org_missing', email: 'x@example.com', sid: 'nenhuma' }, server.config.jwtSecret!, 3600);
    await expectError(await getEvents({ authentication: ghost }), 401);
  });
});

describe('configuration of accounts and secrets', () => {
  test('ORGANISER_EMAIL/ORGANISER_PASSWORD create the organiser at start, once', async () => {
    // One instance on its local disk: the only setup where a generated secret is allowed.
    const env = { ORGANISER_EMAIL: 'dona@example.com', ORGANISER_PASSWORD: 'senha-inicial-1', JWT_SECRET: '', STORAGE_DRIVER: 'local' };
    const server = await startServer({ env });
    try {
      expect((await postAuth(server, { email: 'dona@example.com', password: 'senha-inicial-1' })).status).toBe(200);
      // Without JWT_SECRET a secret is generated once into DATA_DIR.
      const secretFile = path.join(server.dataDir, 'jwt-secret');
      expect(fs.readFileSync(secretFile, 'utf8').length).toBeGreaterThanOrEqual(32);
    } finally {
      await server.close();
    }
  });

  test('TOKEN_TTL sets the lifetime', async () => {
    const server = await startServer({ env: { TOKEN_TTL: '2h' } });
    try {
      await addOrganiser(server, 'ana@example.com', 'senha-da-ana');
      const token = await login(server, 'ana@example.com', 'senha-da-ana');
      const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
      expect(payload.exp - payload.iat).toBe(7200);
    } finally {
      await server.close();
    }
  });
});
