import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { dropTestSchema, readJson, usingPostgres, usingS3 } from './helpers';
import { createBucket, deleteBucket, s3Env } from './s3';
import { Multipart, rawRequest, sleep, write } from './raw-http';
import { spawnServer, waitHealthy, type ServerProcess } from './server-process';

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

jest.setTimeout(90_000);

const organiser = { email: 'ana@example.com', password: 'senha-segura-123' };

/** The real server in its own process, waited for until it answers. */
async function startProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  server.child.stdout!.pipe(process.stdout);
  server.child.stderr!.pipe(process.stderr);
  await waitHealthy(server);
  return server;
}

describe('graceful shutdown (SIGTERM)', () => {
  let dataDir: string;
  let schema: string | undefined;
  let env: Record<string, string>;
  let bucket: string | undefined;
  let running: ServerProcess | null = null;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-shutdown-'));
    schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET: `test-secret-${randomBytes(16).toString('hex')}`,
      ORGANISER_EMAIL: organiser.email,
      ORGANISER_PASSWORD: organiser.password,
      MEDIA_CONCURRENCY: '1',
      ...(schema ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: schema } : {}),
      ...s3Env(),
    };
    bucket = usingS3() ? await createBucket(env) : undefined;
    if (bucket) env.S3_BUCKET = bucket;
  });
  afterEach(async () => {
    if (running && running.child.exitCode === null && running.child.signalCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    running = null;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (schema) await dropTestSchema(schema);
    if (bucket) await deleteBucket(env, bucket);
  });

  async function guestAlbum(url: string) {
    const login = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
    const token = login.headers.get('authentication')!;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email })) form.append(key, value);
    const event = await readJson(await fetch(`${url}/api/events`, { method: 'POST', headers: { authentication: token }, body: form }));
    const album = await readJson(
      await fetch(`${url}/api/albums/${event.id}`, {
        method: 'POST',
        headers: { authentication: token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
      }),
    );
    return album.id as string;
  }

  test('during a slow upload: the upload completes, new requests get 503, readiness turns 503, sockets close with 1001, exit 0, media jobs resume at the next start', async () => {
    running = await startProcess({ ...env, SHUTDOWN_GRACE: '30s' });
    const { url } = running;
    const albumId = await guestAlbum(url);
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);

    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws/albums/${albumId}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));

    // A guest on a slow connection: the photo arrives in 15 pieces, 0.2 s apart.
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#00897b' } }).jpeg().toBuffer();
    const form = new Multipart();
    const body = form.body({ album_id: albumId, user_id: 'Convidada lenta' }, [{ name: 'images', filename: 'lenta.jpg', bytes: photo }]);
    let started!: () => void;
    const firstPieceSent = new Promise<void>((resolve) => (started = resolve));
    const slowUpload = rawRequest(url, { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(body.length) } }, async (request) => {
      const size = Math.ceil(body.length / 15);
      for (let offset = 0; offset < body.length; offset += size) {
        await write(request, body.subarray(offset, offset + size));
        started();
        await sleep(200);
      }
      request.end();
    });
    await firstPieceSent;
    // The server has the request in hand (one that arrives after the signal is refused with 503).
    await sleep(300);
    running.child.kill('SIGTERM');
    await sleep(300);

    const ready = await fetch(`${url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const late = new FormData();
    late.append('album_id', albumId);
    late.append('user_id', 'Atrasada');
    late.append('images', new Blob([photo], { type: 'image/jpeg' }), 'atrasada.jpg');
    // The listener stays open while the drain lasts, so a late client is told to come back (not reset).
    const refused = await fetch(`${url}/api/events/photos`, { method: 'POST', body: late });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await readJson(refused)).toEqual({ status: 503, message: 'O servidor está reiniciando. Tente novamente em instantes.' });
    expect(await socketClosed).toBe(1001);

    const answer = await slowUpload;
    expect(answer.status).toBe(201);
    const [stored] = JSON.parse(answer.body).photos as Array<{ id: string }>;
    expect(await running.exited).toEqual({ code: 0, signal: null });

    // The slow photo's thumbnail was not made here: its row waits, processing, for the next start.
    const { db } = await openDatabase(loadConfig(env));
    try {
      const rows = await db.selectFrom('photos').select(['id', 'processing', 'client_file_name']).execute();
      expect(rows).toEqual([{ id: stored.id, processing: 1, client_file_name: 'lenta.jpg' }]);
    } finally {
      await db.destroy();
    }

    running = await startProcess(env);
    const deadline = Date.now() + 20_000;
    let item: { processing: boolean; compressed_photo: string | null } | undefined;
    while (Date.now() < deadline) {
      [item] = await readJson(await fetch(`${running.url}/api/events/photos/updates/${albumId}?ids=${stored.id}`));
      if (item && !item.processing) break;
      await sleep(200);
    }
    expect(item).toMatchObject({ processing: false, error: false, compressed_photo: expect.stringMatching(/-grid\.webp$/) });
  });

  test('a gallery socket whose phone went silent (it never answers the closing handshake) is cut: the server still exits 0 within the grace', async () => {
    running = await startProcess({ ...env, SHUTDOWN_GRACE: '2s' });
    const albumId = await guestAlbum(running.url);
    // A phone that locked or lost the network mid-gallery: the handshake done, then nothing is read or answered.
    const phone = net.connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => phone.once('connect', resolve));
    phone.write(`GET /ws/albums/${albumId} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    const handshake = await new Promise<Buffer>((resolve) => phone.once('data', resolve));
    expect(handshake.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
    phone.pause();
    const cut = new Promise((resolve) => phone.once('close', resolve));

    const started = Date.now();
    running.child.kill('SIGTERM');
    // ws would wait 30 s for the answer, past the server's own deadline (grace + 15 s, then exit 1).
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    phone.resume();
    await cut;
  });

  test('with nothing in flight it exits 0 at once; past SHUTDOWN_GRACE a stuck request is cut and its file swept at the next start', async () => {
    running = await startProcess({ ...env, SHUTDOWN_GRACE: '2s' });
    let started = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5000);

    running = await startProcess({ ...env, SHUTDOWN_GRACE: '2s' });
    const albumId = await guestAlbum(running.url);
    const form = new Multipart();
    // A body that keeps trickling (so the idle timeout never fires) and would take minutes to end.
    const stuck = rawRequest(running.url, { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(50 * 1024 * 1024) } }, async (request) => {
      await write(request, form.field('album_id', albumId) + form.field('user_id', 'Zé') + form.fileHead('images', 'sem-fim.jpg'));
      await write(request, Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      while (await write(request, Buffer.alloc(1024, 1))) await sleep(100);
    });
    await sleep(500);
    // On local disk the file being received waits in tmp/uploads; on S3 it streams into the bucket,
    // where nothing is visible before it is whole.
    expect(fs.readdirSync(path.join(dataDir, 'tmp', 'uploads'))).toHaveLength(env.STORAGE_DRIVER === 's3' ? 0 : 1);
    started = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await stuck).status).toBeNull();

    running = await startProcess(env);
    expect(fs.readdirSync(path.join(dataDir, 'tmp', 'uploads'))).toEqual([]);
    expect(await readJson(await fetch(`${running.url}/api/events/photos/${albumId}`))).toEqual([]);
    running.child.kill('SIGTERM');
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });
});
