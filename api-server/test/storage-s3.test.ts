import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { chunkCalls, createAlbum, createEvent, expectError, organiserSession, PNG_BYTES, readJson, readStored, startServer, storedKeys, type TestServer } from './helpers';
import { createBucket, deleteBucket, s3Env, startS3Server, type S3TestServer } from './s3';

// The API on S3-compatible object storage, against an s3rver this file starts (and stops, to play an
// outage): refusing to start when misconfigured, 503 during an outage with nothing half-stored, and
// nothing of the media under DATA_DIR.

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#0ea5e9' } }).jpeg().toBuffer();

function uploadForm(albumId: string, files: Array<{ name: string; bytes: Buffer }>) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Rui');
  for (const file of files) form.append('images', new Blob([file.bytes], { type: 'image/jpeg' }), file.name);
  return form;
}

/** Every file under a folder, relative to it (empty folders do not count). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

let s3: S3TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  env = s3Env(s3);
}, 30_000);
afterAll(async () => {
  await s3.stop();
  fs.rmSync(s3.directory, { recursive: true, force: true });
});

describe('starting on S3', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-refuse-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const configWith = (overrides: Record<string, string>) =>
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'y'.repeat(40), ...env, S3_BUCKET: 'never-created', ...overrides });

  test('a missing bucket or refused credentials: the app is not built, the message names the variable', async () => {
    await expect(buildApp(configWith({}))).rejects.toThrow(new ConfigError(`S3_BUCKET: o bucket "never-created" não existe em ${s3.endpoint}.`));
    const bucket = await createBucket(env);
    try {
      // (A wrong key id: s3rver does not check version-4 signatures, so it takes any secret.)
      await expect(buildApp(configWith({ S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'WRONG' }))).rejects.toThrow(/^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: /);
    } finally {
      await deleteBucket(env, bucket);
    }
  });

  test('the server process exits with one line naming the variable', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        [require.resolve('tsx/cli'), path.join(__dirname, '..', 'src', 'server.ts')],
        { env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: '0', JWT_SECRET: '', DATABASE_URL: '', S3_BUCKET: 'some-bucket' }, timeout: 30_000 },
        (_error, _stdout, stderr) => resolve({ code: child.exitCode, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^Configuração inválida: JWT_SECRET é obrigatório com STORAGE_DRIVER=s3/);
  }, 40_000);
});

describe('uploads on S3', () => {
  let server: TestServer;
  let albumId: string;
  let eventId: string;
  let token: string;

  beforeAll(async () => {
    server = await startServer({ env });
    const ana = await organiserSession(server, 'ana@example.com');
    token = ana.token;
    const event = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    eventId = event.id;
    albumId = (await createAlbum(server, ana.token, event.id)).id;
  }, 30_000);
  afterAll(async () => {
    await server.close();
  }, 30_000);

  test('originals, renditions, event image and QR code go to the bucket; nothing of the media stays under DATA_DIR', async () => {
    const bytes = await jpeg(640, 480);
    const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: uploadForm(albumId, [{ name: 'mesa.jpg', bytes }]) });
    expect(response.status).toBe(201);
    const { photos } = await readJson(response);
    await server.app.media.idle();
    await fetch(`${server.url}/api/events/share/${eventId}`, { headers: { authentication: token } });

    const keys = await storedKeys(server, `events/${eventId}`);
    const original = photos[0].original_photo.replace('/api/files?path=', '');
    expect(keys).toEqual(
      expect.arrayContaining([original, original.replace(/\.jpg$/, '-grid.webp'), original.replace(/\.jpg$/, '-display.webp'), original.replace(/\.jpg$/, '-tile.webp'), expect.stringMatching(/\/image-[0-9a-f]{16}\.png$/), expect.stringMatching(/\/qrcode-[0-9a-f]{16}\.png$/)]),
    );
    expect((await readStored(server, original))?.equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, 'files'))).toBe(false);
    // Short-lived temporary files only, and removed.
    expect(filesUnder(server.dataDir).filter((file) => !file.endsWith('momentos.sqlite') && !/momentos\.sqlite-(wal|shm)$/.test(file))).toEqual([]);
  });

  test('an outage during an upload: 503 JSON with Retry-After, no row, no file, nothing left in tmp; the retry after it works', async () => {
    const count = async () => Number((await server.app.db.selectFrom('photos').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const files = [
      { name: 'a.jpg', bytes: await jpeg(30, 30) },
      { name: 'b.jpg', bytes: await jpeg(31, 30) },
    ];
    await s3.stop();
    let back: S3TestServer | null = null;
    try {
      const failed = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: uploadForm(albumId, files) });
      const body = await expectError(failed, 503);
      expect(body.message).toBe('O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.');
      expect(failed.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await count()).toBe(before);
      expect(filesUnder(path.join(server.dataDir, 'tmp'))).toEqual([]);
      // Reads and the organiser's image upload answer the same way while it lasts.
      // A file a row names (issue 22: a key no row names is 404 before storage is asked).
      const stored = await server.app.db.selectFrom('photos').select('original_path').executeTakeFirstOrThrow();
      await expectError(await fetch(`${server.url}/api/files?path=${encodeURIComponent(stored.original_path)}`, { headers: { authentication: token } }), 503);
      await expectError(await fetch(`${server.url}/api/events`, { method: 'POST', headers: { authentication: token }, body: (await import('./helpers')).eventForm({}, { bytes: PNG_BYTES }) }), 503);
    } finally {
      back = await startS3Server({ port: s3.port, directory: s3.directory });
      s3 = back;
    }
    const retried = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: uploadForm(albumId, files) });
    expect(retried.status).toBe(201);
    const { photos } = await readJson(retried);
    expect(await count()).toBe(before + 2);
    for (const [index, photo] of photos.entries()) {
      expect((await readStored(server, photo.original_photo.replace('/api/files?path=', '')))?.equals(files[index].bytes)).toBe(true);
    }
    await server.app.media.idle();
  }, 60_000);

  test('deleting the event deletes its files from the bucket', async () => {
    expect((await storedKeys(server, `events/${eventId}`)).length).toBeGreaterThan(0);
    const response = await fetch(`${server.url}/api/events/${eventId}`, { method: 'DELETE', headers: { authentication: token } });
    expect(response.status).toBe(200);
    expect(await storedKeys(server, `events/${eventId}`)).toEqual([]);
  });
});

describe('chunk sessions on S3', () => {
  let server: TestServer;
  let albumId: string;
  beforeAll(async () => {
    server = await startServer({ env: { ...env, S3_MIN_PART_BYTES: String(32 * 1024), CHUNK_MAX_BYTES: String(64 * 1024) } });
    const ana = await organiserSession(server, 'multipart@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { is_public: true, is_available: true })).id;
  });
  afterAll(() => server.close());

  const calls = () => chunkCalls(server.url);
  const init = async (fileSize: number) =>
    (await readJson(await calls().init({ fileName: 'grande.jpg', fileSize, fileType: 'image/jpeg', albumId, userId: 'Rui' }))).sessionId as string;
  const sendChunk = (sessionId: string, index: number, total: number, bytes: Buffer) => calls().sendChunk(sessionId, index, total, bytes);

  test('the parts go to a multipart upload of the bucket, nothing waits under DATA_DIR, and finalize stores the exact bytes', async () => {
    const bytes = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#335577', noise: { type: 'gaussian', mean: 120, sigma: 50 } } }).jpeg({ quality: 100 }).toBuffer();
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    const size = 32 * 1024;
    const total = Math.ceil(bytes.length / size);
    const sessionId = await init(bytes.length);
    for (let index = total - 1; index >= 0; index--) expect((await sendChunk(sessionId, index, total, bytes.subarray(index * size, (index + 1) * size))).status).toBe(200);
    expect(filesUnder(path.join(server.dataDir, 'tmp'))).toEqual([]);
    const finalized = await calls().finalize(sessionId);
    expect(finalized.status).toBe(201);
    const photo = (await readJson(finalized)).photos[0];
    expect((await readStored(server, decodeURIComponent(photo.original_photo.replace('/api/files?path=', ''))))?.equals(bytes)).toBe(true);
    expect(await storedKeys(server, 'uploads')).toEqual([]);
  });

  test('a chunk but the last below S3_MIN_PART_BYTES is refused at once with a Portuguese message', async () => {
    const sessionId = await init(100 * 1024);
    const refused = await expectError(await sendChunk(sessionId, 0, 7, Buffer.alloc(16 * 1024, 1)), 400);
    expect(refused.message).toBe('Cada parte, exceto a última, deve ter pelo menos 32KB.');
    const status = await readJson(await calls().status(sessionId));
    expect(status.receivedChunks).toEqual([]);
  });
});
