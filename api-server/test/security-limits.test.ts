import { randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../src/config';
import { hashPassword, needsRehash, verifyPassword } from '../src/domain/password';
import { addOrganiser, createAlbum, createEvent, expectError, FAKE_FILES, makeWebRoot, organiserSession, startServer, type TestServer } from './helpers';

// Issue 23, items 1 and 8: attempts counted before they are judged, and configuration that cannot be weak.

const postAuth = (server: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

describe('login attempts are counted before the password is checked', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The defaults: 5 per e-mail, 20 per address.
    server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
    await addOrganiser(server, 'ana@example.com', 'senha-da-ana');
  });
  afterAll(() => server.close());

  test('200 concurrent wrong passwords for one e-mail: at most 5 are judged (401), the rest wait (429); then the right one waits too', async () => {
    const from = { 'x-forwarded-for': '203.0.113.7' };
    const statuses = await Promise.all(Array.from({ length: 200 }, () => postAuth(server, { email: 'ana@example.com', password: 'errada-123' }, from).then((r) => r.status)));
    // The address (20) and the e-mail (5) are counted at once, each in arrival order: one of the
    // e-mail's first five may be past the address's twentieth and wait too (CI, PostgreSQL: 4 judged).
    const counts = tally(statuses);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeGreaterThanOrEqual(1);
    expect(counts[401]).toBeLessThanOrEqual(5);
    expect(counts[401] + counts[429]).toBe(200);
    const late = await postAuth(server, { email: 'ana@example.com', password: 'senha-da-ana' }, { 'x-forwarded-for': '203.0.113.8' });
    expect((await expectError(late, 429)).message).toBe('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  test('200 concurrent guesses over many e-mails from one address: 20 judged, the rest wait', async () => {
    const from = { 'x-forwarded-for': '198.51.100.9' };
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => postAuth(server, { email: `x${i}@example.com`, password: 'errada-123' }, from).then((r) => r.status)));
    expect(tally(statuses)).toEqual({ 401: 20, 429: 180 });
  });

  test('a success gives its attempt back: 30 good logins from one address all pass, and it clears the e-mail', async () => {
    await addOrganiser(server, 'rui@example.com', 'senha-do-rui');
    const from = { 'x-forwarded-for': '192.0.2.44' };
    for (let i = 0; i < 4; i++) await expectError(await postAuth(server, { email: 'rui@example.com', password: 'errada-123' }, from), 401);
    for (let i = 0; i < 30; i++) expect((await postAuth(server, { email: 'rui@example.com', password: 'senha-do-rui' }, from)).status).toBe(200);
    for (let i = 0; i < 5; i++) await expectError(await postAuth(server, { email: 'rui@example.com', password: 'errada-123' }, from), 401);
    await expectError(await postAuth(server, { email: 'rui@example.com', password: 'errada-123' }, from), 429);
  });
});

describe('PIN attempts are counted before the PIN is checked', () => {
  let server: TestServer;
  let eventId: string;
  beforeAll(async () => {
    server = await startServer({ env: { TRUST_PROXY: 'loopback', PIN_MAX_FAILURES_PER_EVENT: '30' } });
    const ana = await organiserSession(server, 'ana@example.com');
    eventId = (await createEvent(server, ana.token, { pin: '482193' })).id;
    await createAlbum(server, ana.token, eventId);
  });
  afterAll(() => server.close());

  const albums = (pin: string, address: string) => fetch(`${server.url}/api/albums/${eventId}`, { headers: { 'x-event-pin': pin, 'x-forwarded-for': address } });

  test('a right PIN costs nothing: 40 calls with it from one address all pass', async () => {
    for (let i = 0; i < 40; i++) expect((await albums('482193', '203.0.113.1')).status).toBe(200);
  });

  test('200 concurrent wrong PINs from one address: 10 judged (403), 190 wait (429), the right one too', async () => {
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => albums(String(100000 + i), '203.0.113.2').then((r) => r.status)));
    expect(tally(statuses)).toEqual({ 403: 10, 429: 190 });
    expect((await expectError(await albums('482193', '203.0.113.2'), 429)).message).toBe('Muitas tentativas de PIN. Aguarde alguns minutos e tente novamente.');
  });

  test('PIN_MAX_FAILURES_PER_EVENT: wrong PINs from many addresses exhaust the event, whose guests then wait', async () => {
    const ana = await organiserSession(server, 'rui@example.com');
    const other = (await createEvent(server, ana.token, { pin: '7351' })).id;
    const call = (pin: string, address: string) => fetch(`${server.url}/api/albums/${other}`, { headers: { 'x-event-pin': pin, 'x-forwarded-for': address } });
    // An address that already waits spends nothing of the event's budget.
    const burst = await Promise.all(Array.from({ length: 50 }, () => call('0000', '203.0.113.3').then((r) => r.status)));
    expect(tally(burst)).toEqual({ 403: 10, 429: 40 });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await call('0000', `198.51.100.${i + 1}`)).status);
    expect(tally(statuses)).toEqual({ 403: 20, 429: 10 });
    const waiting = await expectError(await call('7351', '192.0.2.200'), 429);
    expect(waiting.message).toBe('Muitas tentativas de PIN erradas neste evento. Aguarde alguns minutos e tente novamente.');
    // The first event's guests are not affected.
    expect((await albums('482193', '192.0.2.200')).status).toBe(200);
  });
});

describe('password hashing (argon2id at OWASP parameters) and the rehash at login', () => {
  test('new hashes are argon2id m=19456,t=2,p=1; they verify, a wrong password does not', async () => {
    const stored = await hashPassword('senha-segura-1');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(stored)).toBe(false);
    expect(await verifyPassword('senha-segura-1', stored)).toBe(true);
    expect(await verifyPassword('senha-segura-2', stored)).toBe(false);
    expect(await verifyPassword('senha-segura-1', 'garbage')).toBe(false);
  });

  test('an old scrypt (N = 2^14) hash still logs in once, and is replaced by argon2id then', async () => {
    const server = await startServer();
    try {
      const ana = await addOrganiser(server, 'ana@example.com', 'x-ignored-x');
      const salt = randomBytes(16);
      const old = ['scrypt', 16384, 8, 1, salt.toString('base64url'), scryptSync('senha-antiga-1', salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$');
      expect(needsRehash(old)).toBe(true);
      await server.app.db.updateTable('organisers').set({ password_hash: old }).where('id', '=', ana.id).execute();
      await expectError(await postAuth(server, { email: 'ana@example.com', password: 'errada-123' }), 401);
      expect((await postAuth(server, { email: 'ana@example.com', password: 'senha-antiga-1' })).status).toBe(200);
      const row = await server.app.db.selectFrom('organisers').select('password_hash').where('id', '=', ana.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await postAuth(server, { email: 'ana@example.com', password: 'senha-antiga-1' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('configuration that cannot be weak', () => {
  const base = { DATA_DIR: '/tmp/momentos-config-test' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted it');
  };

  test('JWT_SECRET under 32 characters is refused with every driver; unset on local disk, one is generated', () => {
    expect(refusal({ JWT_SECRET: 'curto-demais' })).toMatch(/^JWT_SECRET é curto demais/);
    expect(refusal({ JWT_SECRET: 'x'.repeat(31) })).toMatch(/^JWT_SECRET é curto demais/);
    expect(refusal({ STORAGE_DRIVER: 's3', S3_BUCKET: 'fotos', JWT_SECRET: 'x'.repeat(31) })).toMatch(/^JWT_SECRET é curto demais/);
    expect(loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(loadConfig(base).jwtSecret).toBeUndefined();
  });

  test('ORGANISER_PASSWORD under 8 characters is refused', () => {
    expect(refusal({ ORGANISER_EMAIL: 'ana@example.com', ORGANISER_PASSWORD: 'curta' })).toBe('ORGANISER_PASSWORD é curta demais: use pelo menos 8 caracteres.');
    expect(loadConfig({ ...base, ORGANISER_PASSWORD: 'longa-o-bastante' }).organiserPassword).toBe('longa-o-bastante');
  });

  test('CORS_ORIGIN defaults to the public origin, never *; PIN_MAX_FAILURES_PER_EVENT defaults to 100', () => {
    expect(loadConfig(base).corsOrigin).toBe('');
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://fotos.example.com/app/' }).corsOrigin).toBe('https://fotos.example.com');
    expect(loadConfig({ ...base, CORS_ORIGIN: 'https://a.example.com' }).corsOrigin).toBe('https://a.example.com');
    expect(loadConfig(base).pinLimits).toEqual({ perEvent: 100 });
  });

  test('the server answers no CORS header to another origin by default, and the public origin only with PUBLIC_URL', async () => {
    const server = await startServer({ env: { PUBLIC_URL: 'https://fotos.example.com' } });
    const plain = await startServer();
    try {
      const ask = (url: string, origin: string) => fetch(`${url}/api/health`, { headers: { origin } });
      expect((await ask(plain.url, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await ask(server.url, 'https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
      expect((await ask(server.url, 'https://fotos.example.com')).headers.get('access-control-allow-origin')).toBe('https://fotos.example.com');
    } finally {
      await Promise.all([server.close(), plain.close()]);
    }
  });
});

describe('no public source maps', () => {
  test('a .map file left in a dist folder is 404 JSON, under the shell and under every remote; the bundles themselves are served', async () => {
    const webRoot = makeWebRoot({
      ...FAKE_FILES,
      'shell/dist/main.1a2b3c4d.js.map': '{"version":3,"sources":["webpack://shell/src/secret.ts"]}',
      'guest-remote/dist/remoteEntry.js.map': '{"version":3}',
      'gallery-remote/dist/src_gallery.1234abcd.js': 'export const g = 1;',
      'gallery-remote/dist/src_gallery.1234abcd.js.map': '{"version":3}',
    });
    const server = await startServer({ webRoot });
    try {
      expect((await fetch(`${server.url}/main.1a2b3c4d.js`)).status).toBe(200);
      expect((await fetch(`${server.url}/remotes/gallery/src_gallery.1234abcd.js`)).status).toBe(200);
      for (const file of ['/main.1a2b3c4d.js.map', '/MAIN.1a2b3c4d.JS.MAP', '/remotes/guest/remoteEntry.js.map', '/remotes/gallery/src_gallery.1234abcd.js.map', '/nothing.js.map']) {
        const response = await fetch(`${server.url}${file}`);
        const body = await expectError(response, 404);
        expect({ file, body: JSON.stringify(body) }).toEqual({ file, body: expect.not.stringContaining('version') });
      }
    } finally {
      await server.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
