import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { Client } from 'pg';
import sharp from 'sharp';
import { loggerOptions, redactUrl } from '../src/http/log-redaction';
import { mediaJobsSchema } from '../src/infra/job-client';
import { makeWebRoot, readJson, usingPostgres, usingS3 } from './helpers';
import { createBucket, deleteBucket, s3Env } from './s3';

// Issue 23, item 3: no secret in the log. A whole journey against the real server (its own process,
// logging at info as in production), then the log is searched for every secret the journey used.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

jest.setTimeout(120_000);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Opens a socket; resolves with the handshake's status (101 when it opened, then closed). */
function socketStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, { headers });
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request: unknown, response: { statusCode: number }) => resolve(response.statusCode));
    socket.on('error', () => resolve(0));
  });
}

describe('the log holds no secret after a whole journey', () => {
  const organiser = { email: 'ana@example.com', password: `senha-${randomBytes(8).toString('hex')}` };
  const pin = '58392017';
  let dataDir: string;
  let webRoot: string;
  let schema: string | undefined;
  let env: Record<string, string>;
  let bucket: string | undefined;
  let child: ChildProcess | null = null;
  let log = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-log-'));
    webRoot = makeWebRoot();
    schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
    env = {
      DATA_DIR: dataDir,
      WEB_ROOT: webRoot,
      JWT_SECRET: `test-secret-${randomBytes(16).toString('hex')}`,
      ORGANISER_EMAIL: organiser.email,
      ORGANISER_PASSWORD: organiser.password,
      MEDIA_CONCURRENCY: '1',
      LOG_LEVEL: 'info',
      ...(schema ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
      ...s3Env(),
    };
    bucket = usingS3() ? await createBucket(env) : undefined;
    if (bucket) env.S3_BUCKET = bucket;
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webRoot, { recursive: true, force: true });
    if (schema) {
      const client = new Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS "${mediaJobsSchema(schema)}" CASCADE`);
      await client.end();
    }
    if (bucket) await deleteBucket(env, bucket);
  });

  test('token, password, PIN, wall token, delete key, download ticket and socket tickets are all redacted', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, '..', 'src', 'server.ts')], {
      cwd: path.join(__dirname, '..'),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', INIT_CWD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    const ws = `ws://127.0.0.1:${port}`;
    for (let waited = 0; ; waited += 100) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${log}`);
      if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
      if (waited > 30_000) throw new Error('the server did not answer within 30 s');
      await new Promise((r) => setTimeout(r, 100));
    }

    // The organiser signs in and sets an event up with a PIN, an album and a wall link.
    const login = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
    expect(login.status).toBe(200);
    const token = login.headers.get('authentication')!;
    const owner = { authentication: token };
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email, pin })) form.append(key, value);
    const event = await readJson(await fetch(`${url}/api/events`, { method: 'POST', headers: owner, body: form }));
    const album = await readJson(
      await fetch(`${url}/api/albums/${event.id}`, {
        method: 'POST',
        headers: { ...owner, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
      }),
    );
    expect((await fetch(`${url}/api/events`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const wallUrl = (await readJson(await fetch(`${url}/api/events/${event.id}/wall-link`, { method: 'POST', headers: owner }))).url as string;
    const wallToken = wallUrl.split('/wall/')[1];
    expect((await fetch(`${url}/api/wall/${wallToken}`)).status).toBe(200);
    await fetch(`${url}/wall/${wallToken}`);

    // A guest with the PIN: reads, sends a photo and takes it back with its delete key.
    const guest = { 'x-event-pin': pin };
    expect((await fetch(`${url}/api/albums/${event.id}`, { headers: guest })).status).toBe(200);
    // A client that puts secrets in the URL: refused, and still not logged.
    expect((await fetch(`${url}/api/albums/${event.id}?pin=${pin}&token=${token}`)).status).toBe(403);
    const upload = new FormData();
    upload.append('album_id', album.id);
    upload.append('user_id', 'Tia Rosa');
    upload.append('images', new Blob([await sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'a.jpg');
    const sent = await readJson(await fetch(`${url}/api/events/photos`, { method: 'POST', headers: guest, body: upload }));
    const deleteKey = sent.photos[0].delete_key as string;
    expect((await fetch(`${url}/api/events/photos/${sent.photos[0].id}`, { method: 'DELETE', headers: { 'x-delete-key': deleteKey } })).status).toBe(200);

    // 'Baixar tudo' through a download ticket in the URL.
    const download = await readJson(await fetch(`${url}/api/events/${event.id}/download-ticket`, { method: 'POST', headers: { ...owner, 'content-type': 'application/json' }, body: '{}' }));
    expect((await fetch(`${url}${download.url}`)).status).toBe(200);

    // Sockets: the owner's, the guest's and the wall's, each with its single-use ticket; and an old
    // client's URL with the token, the PIN and the wall token in it.
    const tickets: string[] = [];
    for (const headers of [owner, guest, { 'x-wall-token': wallToken }]) {
      const answer = await fetch(`${url}/api/ws-ticket`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ album_id: album.id }) });
      expect(answer.status).toBe(201);
      const { ticket } = await readJson(answer);
      tickets.push(ticket);
      expect(await socketStatus(`${ws}/ws/albums/${album.id}?ticket=${ticket}`)).toBe(101);
    }
    expect(await socketStatus(`${ws}/ws/albums/${album.id}?token=${token}&pin=${pin}&wall=${wallToken}`)).toBe(403);
    expect(await socketStatus(`${ws}/ws/albums/${album.id}`, { 'x-event-pin': pin, authentication: token })).toBe(101);

    child.kill("SIGTERM");

    await exited;

    // The journey was logged (its URLs, redacted) ...
    expect(log).toMatch(/"url":"\/ws\/albums\/[^"?]+\?ticket=\[REDACTED\]"/);
    expect(log).toContain('"url":"/api/wall/[REDACTED]"');
    expect(log).toContain('"url":"/wall/[REDACTED]"');
    expect(log).toContain(`ticket=[REDACTED]`);
    expect(log).toContain("?token=[REDACTED]&pin=[REDACTED]&wall=[REDACTED]");
    expect(log).toContain("?pin=[REDACTED]&token=[REDACTED]");
    // ... and none of its secrets.
    const secrets = { token, password: organiser.password, pin, wallToken, deleteKey, downloadTicket: download.ticket as string, ...Object.fromEntries(tickets.map((t, i) => [`socketTicket${i}`, t])) };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length).toBeGreaterThanOrEqual(8);
      expect({ name, found: log.includes(secret) || log.includes(encodeURIComponent(secret)) }).toEqual({ name, found: false });
    }
    // The token's signature alone (the part that makes it usable) is not there either.
    expect(log).not.toContain(token.split('.')[2]);
  });
});

describe('redaction', () => {
  test('every secret name in a query string, case and escapes aside; a wall token in the path', () => {
    expect(redactUrl('/api/albums/evt_1?pin=1234&x=1')).toBe('/api/albums/evt_1?pin=[REDACTED]&x=1');
    expect(redactUrl('/ws/albums/a?TOKEN=a.b.c&Ticket=t&wall=w&authorization=Bearer%20x&x-event-pin=9&x-delete-key=k&authentication=z')).toBe(
      '/ws/albums/a?TOKEN=[REDACTED]&Ticket=[REDACTED]&wall=[REDACTED]&authorization=[REDACTED]&x-event-pin=[REDACTED]&x-delete-key=[REDACTED]&authentication=[REDACTED]',
    );
    expect(redactUrl('/x?%70in=1234&p%ZZ=1')).toBe('/x?%70in=[REDACTED]&p%ZZ=1');
    expect(redactUrl('/wall/abc?x=1')).toBe('/wall/[REDACTED]?x=1');
    expect(redactUrl('/api/wall/abc')).toBe('/api/wall/[REDACTED]');
    expect(redactUrl('/api/events?user_id=Ana')).toBe('/api/events?user_id=Ana');
  });

  test('secret headers are redacted in any log line that carries them', async () => {
    let out = '';
    const stream = new Writable({ write: (chunk, _encoding, done) => ((out += chunk.toString()), done()) });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    await app.ready();
    const headers = { authentication: 'a.b.secret1', authorization: 'Bearer secret2', 'x-event-pin': 'secret3', 'x-delete-key': 'secret4', 'x-wall-token': 'secret5', 'user-agent': 'curl' };
    app.log.info({ req: { headers }, headers, res: { headers: { authentication: 'a.b.secret6' } } }, 'with headers');
    await app.close();
    expect(out).toContain('"user-agent":"curl"');
    expect(out).toContain('[REDACTED]');
    expect(out).not.toMatch(/secret\d/);
  });
});
