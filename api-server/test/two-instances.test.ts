import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { addOrganiser, chunkCalls, createAlbum, createEvent, login, readJson, readStored, startServer, storedKeys, usingPostgres, usingS3, type TestServer } from './helpers';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

// Issue 14: two API instances (separate processes) on one PostgreSQL and one bucket, behind a
// round-robin proxy with nothing sticky. Guests upload whole and chunked files (the chunks of one
// file land on both instances), subscribers on either instance hear every new photo, one instance
// is killed with SIGKILL in the middle of uploads and the clients' retries finish through the
// other; at the end every file is in the bucket exactly once, byte-identical, with its renditions.
// Runs in the PostgreSQL + S3 run of the suite (scripts/test-postgres.mjs).

const WebSocket = require('ws');
const API_DIR = path.resolve(__dirname, '..');
const runOnScale = usingPostgres() && usingS3() ? describe : describe.skip;
jest.setTimeout(120_000);

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const jpeg = (seed: number, width = 96) =>
  sharp({ create: { width, height: 64, channels: 3, background: { r: (seed * 53) % 255, g: 90, b: 140 }, noise: { type: 'gaussian', mean: 120, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Instance {
  port: number;
  child: ChildProcess;
  dataDir: string;
  output: string[];
}

/** One API instance as its own process (`node --import tsx src/server.ts`), as a deploy runs it. */
async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (data: Buffer) => output.push(data.toString()));
  child.stderr.on('data', (data: Buffer) => output.push(data.toString()));
  for (let tries = 0; tries < 150; tries++) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output.join('')}`);
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { port, child, dataDir, output };
    await sleep(200);
  }
  throw new Error(`instance did not start: ${output.join('')}`);
}

async function stopInstance(instance: Instance) {
  if (instance.child.exitCode === null && instance.child.signalCode === null) {
    const exited = new Promise((resolve) => instance.child.once('exit', resolve));
    instance.child.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(instance.dataDir, { recursive: true, force: true });
}

/** A client's retries: a cut request, a 502 from the proxy or a 503 is tried again, up to `tries` times. */
async function withRetries(send: () => Promise<Response>, tries = 6): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await send();
      if ((response.status !== 502 && response.status !== 503) || attempt === tries) return response;
    } catch (error) {
      if (attempt === tries) throw error;
    }
    await sleep(200 * attempt);
  }
}

/** A multipart body as bytes, with its content type, to send by hand (and cut half-way). */
async function encoded(form: FormData): Promise<{ body: Buffer; type: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/** Sends half of `form` to `url`, then answers once `cut` has run and the request has failed. */
async function halfSent(url: string, form: FormData, cut: () => void): Promise<string> {
  const { body, type } = await encoded(form);
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'POST', headers: { 'content-type': type, 'content-length': body.length } }, (response) => {
      response.resume();
      response.on('end', () => resolve(`answered ${response.statusCode}`));
      response.on('error', () => resolve('cut'));
    });
    request.on('error', () => resolve('cut'));
    request.write(body.subarray(0, body.length >> 1));
    // The instance is reading the request when it dies.
    setTimeout(cut, 300);
  });
}

function photoForm(albumId: string, name: string, bytes: Buffer, userId: string) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', userId);
  form.append('images', new Blob([bytes], { type: 'image/jpeg' }), name);
  return form;
}

type Subscriber = { socket: { close(): void }; photoIds: Set<string> };

function subscribe(baseUrl: string, albumId: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws/albums/${albumId}`);
    const photoIds = new Set<string>();
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString());
      if (message.type === 'new_photos') for (const photo of message.payload.photos) photoIds.add(photo.id);
    });
    socket.on('open', () => resolve({ socket, photoIds }));
    socket.on('error', reject);
  });
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

runOnScale('two instances behind a round-robin proxy on PostgreSQL and S3', () => {
  // The setup server owns the schema and the bucket (and removes them); it takes no media jobs and no traffic.
  let setup: TestServer;
  let a: Instance;
  let b: Instance;
  let proxy: RoundRobinProxy;
  let albumId: string;
  /** Every file a guest sent, by the client's name: what the bucket must hold once each. */
  const sent = new Map<string, Buffer>();

  beforeAll(async () => {
    setup = await startServer({ env: { MEDIA_CONCURRENCY: '0' } });
    const shared = {
      DATABASE_URL: process.env.DATABASE_URL!,
      DATABASE_SCHEMA: setup.config.databaseSchema!,
      S3_BUCKET: setup.config.storage.s3!.bucket,
      JWT_SECRET: setup.config.jwtSecret!,
      WEB_ROOT: setup.webRoot,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      // A job held by a killed instance is retried this soon by the other.
      MEDIA_JOB_TIMEOUT: '5s',
      MEDIA_JOB_RETRY_DELAY: '1s',
      MEDIA_CONCURRENCY: '2',
    };
    [a, b] = await Promise.all([startInstance(shared), startInstance(shared)]);
    proxy = await startRoundRobinProxy([a.port, b.port]);

    // The organiser signs in and works through the proxy: a token made by one instance is taken by the other (the shared JWT_SECRET).
    const viaProxy: TestServer = { ...setup, url: proxy.url };
    const organiser = await addOrganiser(setup, 'escala@example.com');
    const token = await login(viaProxy, organiser.email, organiser.password);
    const event = await createEvent(viaProxy, token);
    const album = await createAlbum(viaProxy, token, event.id, { name: 'Pista', is_public: true, is_available: true });
    albumId = album.id;
    expect(albumId).toMatch(/^alb_/);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all([a, b].filter(Boolean).map(stopInstance));
    await setup?.close();
  });

  test('uploads through the proxy reach both instances; subscribers on each hear every new photo', async () => {
    const onA = await subscribe(`http://127.0.0.1:${a.port}`, albumId);
    const onB = await subscribe(`http://127.0.0.1:${b.port}`, albumId);
    const routedBefore = proxy.routed.length;
    const stored: string[] = [];
    for (let n = 0; n < 4; n++) {
      const bytes = await jpeg(n);
      const name = `whole-${n}.jpg`;
      sent.set(name, bytes);
      const response = await fetch(`${proxy.url}/api/events/photos`, { method: 'POST', body: photoForm(albumId, name, bytes, `Convidado ${n}`) });
      expect(response.status).toBe(201);
      stored.push((await readJson(response)).photos[0].id);
    }
    expect(new Set(proxy.routed.slice(routedBefore))).toEqual(new Set([0, 1]));

    // A chunked file: its chunks alternate instances, and either instance knows which it has.
    const big = await jpeg(9, 1600);
    sent.set('chunked.jpg', big);
    const chunkSize = Math.ceil(big.length / 4);
    const viaProxy = chunkCalls(proxy.url);
    const init = await viaProxy.init({ fileName: 'chunked.jpg', fileSize: big.length, fileType: 'image/jpeg', albumId, userId: 'Tia Rosa' });
    expect(init.status).toBe(200);
    const { sessionId } = await readJson(init);
    const chunkTargets: number[] = [];
    for (let index = 0; index < 4; index++) {
      chunkTargets.push(proxy.next);
      const response = await viaProxy.sendChunk(sessionId, index, 4, big.subarray(index * chunkSize, (index + 1) * chunkSize));
      expect(response.status).toBe(200);
    }
    expect(chunkTargets).toEqual([chunkTargets[0], 1 - chunkTargets[0], chunkTargets[0], 1 - chunkTargets[0]]);
    for (const port of [a.port, b.port]) {
      const status = await readJson(await chunkCalls(`http://127.0.0.1:${port}`).status(sessionId));
      expect(status.receivedChunks).toEqual([0, 1, 2, 3]);
    }
    const finalized = await viaProxy.finalize(sessionId);
    expect(finalized.status).toBe(201);
    stored.push((await readJson(finalized)).photos[0].id);

    await until(() => stored.every((id) => onA.photoIds.has(id) && onB.photoIds.has(id)), 10_000, 'both subscribers to hear every photo');
    onA.socket.close();
    onB.socket.close();
  });

  test('an instance killed with SIGKILL mid-upload: the retries finish through the other, nothing is doubled or lost', async () => {
    const onB = await subscribe(`http://127.0.0.1:${b.port}`, albumId);
    // A chunked upload half done: its first chunks are in the bucket's multipart upload.
    const video = await jpeg(11, 1800);
    sent.set('cut-chunked.jpg', video);
    const viaProxy = chunkCalls(proxy.url);
    const init = await readJson(await viaProxy.init({ fileName: 'cut-chunked.jpg', fileSize: video.length, fileType: 'image/jpeg', albumId, userId: 'Vó Lurdes' }));
    const size = Math.ceil(video.length / 3);
    const chunk = (index: number) => video.subarray(index * size, (index + 1) * size);
    expect((await viaProxy.sendChunk(init.sessionId, 0, 3, chunk(0))).status).toBe(200);

    // The next request goes to A: a whole photo is half sent to it when it dies.
    if (proxy.next !== 0) await fetch(`${proxy.url}/api/health`);
    expect(proxy.next).toBe(0);
    const whole = await jpeg(12, 1200);
    sent.set('cut-whole.jpg', whole);
    const outcome = await halfSent(`${proxy.url}/api/events/photos`, photoForm(albumId, 'cut-whole.jpg', whole, 'Vó Lurdes'), () => a.child.kill('SIGKILL'));
    expect(outcome === 'cut' || outcome === 'answered 502').toBe(true);
    await until(() => a.child.signalCode === 'SIGKILL', 5000, 'A to die');

    // The guest's client tries again: the proxy finds A gone and B takes everything.
    const retried = await withRetries(() => fetch(`${proxy.url}/api/events/photos`, { method: 'POST', body: photoForm(albumId, 'cut-whole.jpg', whole, 'Vó Lurdes') }));
    expect(retried.status).toBe(201);
    const wholeId = (await readJson(retried)).photos[0].id;
    for (const index of [1, 2]) {
      const response = await withRetries(() => viaProxy.sendChunk(init.sessionId, index, 3, chunk(index)));
      expect(response.status).toBe(200);
    }
    const finalized = await withRetries(() => viaProxy.finalize(init.sessionId));
    expect(finalized.status).toBe(201);
    const chunkedId = (await readJson(finalized)).photos[0].id;
    // A retry of a request whose answer was lost stores nothing new.
    const again = await withRetries(() => fetch(`${proxy.url}/api/events/photos`, { method: 'POST', body: photoForm(albumId, 'cut-whole.jpg', whole, 'Vó Lurdes') }));
    expect((await readJson(again)).photos[0].id).toBe(wholeId);
    await until(() => onB.photoIds.has(wholeId) && onB.photoIds.has(chunkedId), 10_000, 'B to announce the retried uploads');
    onB.socket.close();
  });

  test('at the end every file is in the bucket exactly once, byte-identical, with its renditions; nothing is left assembling', async () => {
    type Item = { id: string; file_name: string | null; original_photo: string; compressed_photo: string | null; display_photo: string | null; thumb_photo: string | null };
    const list = async (): Promise<Item[]> => readJson(await fetch(`${proxy.url}/api/events/photos/${albumId}`));
    // B makes every rendition, also those of jobs A held when it died (retried after MEDIA_JOB_TIMEOUT).
    await until(async () => (await list()).every((item) => item.compressed_photo && item.display_photo && item.thumb_photo), 60_000, 'every rendition');
    const items = await list();
    expect(items).toHaveLength(sent.size);

    const keys = await storedKeys(setup);
    const originals = keys.filter((key) => !/-(grid|display|tile)\.webp$/.test(key) && /\/pho_/.test(key));
    expect(originals).toHaveLength(sent.size);
    const bySha = new Map([...sent].map(([name, bytes]) => [sha(bytes), name]));
    for (const item of items) {
      const key = decodeURIComponent(item.original_photo.replace('/api/files?path=', ''));
      const bytes = await readStored(setup, key);
      expect(bytes && bySha.get(sha(bytes))).toBeTruthy();
      for (const rendition of [item.compressed_photo!, item.display_photo!, item.thumb_photo!]) {
        expect(keys).toContain(decodeURIComponent(rendition.replace('/api/files?path=', '')));
      }
    }
    expect(new Set(items.map((item) => item.original_photo)).size).toBe(sent.size);
    expect(await storedKeys(setup, 'uploads')).toEqual([]);
  });
});
