import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../support/csp-guard';
import { repoRoot } from '../support/server';

// A deploy stops `npm start` with SIGTERM (a container's stop, systemd): the signal must reach the
// server through npm and scripts/start.mjs, the upload in flight must finish, and npm must exit 0.

const organiser = { email: 'deploy@example.com', password: 'senha-do-deploy-1' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

test('SIGTERM to `npm start` during an upload: the upload is stored, npm exits 0, nothing listens any more', async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'momentos-deploy-'));
  const url = `http://127.0.0.1:${port}`;
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => npm.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      expect(npm.exitCode).toBeNull();
      if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) break;
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(200);
    }

    const login = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
    const token = login.headers.get('authentication')!;
    const eventForm = new FormData();
    for (const [key, value] of Object.entries({ name: 'Deploy', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email })) eventForm.append(key, value);
    const event = await (await fetch(`${url}/api/events`, { method: 'POST', headers: { authentication: token }, body: eventForm })).json();
    const album = await (
      await fetch(`${url}/api/albums/${event.id}`, {
        method: 'POST',
        headers: { authentication: token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
      })
    ).json();

    // A real JPEG sent in pieces over two seconds.
    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#ef6c00' } }).jpeg().toBuffer();
    const boundary = `----deploy${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="album_id"\r\n\r\n${album.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nConvidado\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="deploy.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    let firstPiece!: () => void;
    const started = new Promise<void>((resolve) => (firstPiece = resolve));
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${url}/api/events/photos`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) },
      });
      request.on('response', (response) => {
        let text = '';
        response.on('data', (piece: Buffer) => (text += piece.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
      void (async () => {
        const size = Math.ceil(body.length / 10);
        for (let offset = 0; offset < body.length; offset += size) {
          await new Promise((written) => request.write(body.subarray(offset, offset + size), written));
          firstPiece();
          await sleep(200);
        }
        request.end();
      })();
    });
    await started;
    // The server has the request in hand (a request that arrives after the signal is refused with 503).
    await sleep(400);
    npm.kill('SIGTERM');

    const answer = await upload;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).photos).toHaveLength(1);
    expect(await exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  } finally {
    if (npm.exitCode === null && npm.signalCode === null) {
      npm.kill('SIGKILL');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});
