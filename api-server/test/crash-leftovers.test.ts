import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { doctor } from '../src/cli/doctor';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/connection';
import { openStorage } from '../src/infra/storage/open';
import { photoFileKeys } from '../src/repositories/photos';
import { dropTestSchema, readJson, usingPostgres, usingS3 } from './helpers';
import { createBucket, deleteBucket, s3Env } from './s3';
import { Multipart, rawRequest, sleep, write } from './raw-http';
import { API_DIR, spawnServer, waitHealthy, type ServerProcess } from './server-process';

// Issue 23, item 9: nothing outlives an uncommitted request. A server killed (SIGKILL) in the middle
// of a batch, restarted: the store (local disk, or the bucket in the PostgreSQL + S3 run) holds
// exactly the files rows point at, and `npm run doctor` says so (and, before the restart, says what
// was left).

jest.setTimeout(120_000);

const organiser = { email: 'ana@example.com', password: 'senha-segura-123' };
const GRACE_MS = 2000;

const jpeg = (seed: number) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: { r: seed * 20, g: 90, b: 140 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 95 })
    .toBuffer();

/** `npm run doctor` as the README runs it (the api-server script, through tsx): exit code and output. */
function doctorCli(env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) =>
    execFile(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'cli', 'doctor.ts')], { cwd: API_DIR, env: { ...process.env, ...env, INIT_CWD: '' }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}` }),
    ),
  );
}

describe('leftovers after a crash (SIGKILL mid-batch)', () => {
  let dataDir: string;
  let schema: string | undefined;
  let env: Record<string, string>;
  let bucket: string | undefined;
  let running: ServerProcess | null = null;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-crash-'));
    schema = usingPostgres() ? `test_${randomBytes(6).toString('hex')}` : undefined;
    env = {
      DATA_DIR: dataDir,
      JWT_SECRET: `test-secret-${randomBytes(16).toString('hex')}`,
      ORGANISER_EMAIL: organiser.email,
      ORGANISER_PASSWORD: organiser.password,
      MEDIA_CONCURRENCY: '1',
      UPLOAD_RATE_LIMIT: '0',
      ORPHAN_GRACE: `${GRACE_MS / 1000}s`,
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

  async function start() {
    running = await spawnServer(env);
    await waitHealthy(running);
    return running;
  }

  /**
   * Every stored key (events/ and uploads/, unfinished local writes too), every key a row points at, and
   * the files under DATA_DIR/tmp written before `before` (what a crash left; a job running now writes its own).
   */
  async function storeAndRows(before = Infinity) {
    const config = loadConfig(env);
    const storage = openStorage(config);
    const { db } = await openDatabase(config);
    try {
      const stored: string[] = [];
      for (const prefix of ['events', 'uploads']) for await (const file of storage.list(prefix, { writing: true })) stored.push(file.key);
      const photos = await db.selectFrom('photos').selectAll().execute();
      const events = await db.selectFrom('events').selectAll().execute();
      const referenced = [...photos.flatMap(photoFileKeys), ...events.flatMap((event) => [event.image_path, event.image_card_path].filter((key): key is string => !!key))];
      const files = fs.existsSync(path.join(dataDir, 'tmp')) ? fs.readdirSync(path.join(dataDir, 'tmp'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
      const temporary = files.filter((entry) => (fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < before);
      return { stored: stored.sort(), referenced: [...new Set(referenced)].sort(), photos: photos.length, temporary: temporary.map((entry) => entry.name) };
    } finally {
      await storage.close();
      await db.destroy();
    }
  }

  test('the store holds exactly the referenced files after the restart; doctor reports the leftovers before and is clean after', async () => {
    const server = await start();
    const login = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
    const token = login.headers.get('authentication')!;
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email })) form.append(key, value);
    const event = await readJson(await fetch(`${server.url}/api/events`, { method: 'POST', headers: { authentication: token }, body: form }));
    const album = await readJson(
      await fetch(`${server.url}/api/albums/${event.id}`, {
        method: 'POST',
        headers: { authentication: token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
      }),
    );
    // One photo stored for good before the crash: it must survive it.
    const first = new FormData();
    first.append('album_id', album.id);
    first.append('user_id', 'Convidado');
    first.append('images', new Blob([await jpeg(1)], { type: 'image/jpeg' }), 'antes.jpg');
    expect((await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: first })).status).toBe(201);

    // A batch of six: three whole files and half of the fourth arrive, then the process is killed.
    const body = new Multipart();
    const files = await Promise.all([2, 3, 4, 5, 6, 7].map(jpeg));
    const killed = rawRequest(server.url, { path: '/api/events/photos', headers: { 'content-type': body.contentType } }, async (request) => {
      await write(request, body.field('album_id', album.id) + body.field('user_id', 'Convidado'));
      for (const [n, bytes] of files.slice(0, 3).entries()) {
        await write(request, body.fileHead('images', `lote-${n}.jpg`));
        await write(request, bytes);
        await write(request, body.fileEnd);
      }
      await write(request, body.fileHead('images', 'lote-3.jpg'));
      await write(request, files[3].subarray(0, files[3].length >> 1));
      await sleep(60_000);
    });
    // Until the three whole files are in the store (S3) or in tmp/uploads (local disk).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const { stored, temporary } = await storeAndRows();
      if (stored.filter((key) => key.includes('/albums/')).length + temporary.length >= 4) break;
      await sleep(100);
    }
    server.child.kill('SIGKILL');
    await server.exited;
    expect((await killed).status).toBeNull();

    // What else a crash leaves, planted as it would be: a rendition written before its row, a file of
    // an event deleted half-way, a chunk session's object with no session, a write cut mid-way (local).
    const config = loadConfig(env);
    const storage = openStorage(config);
    const [photo] = await (async () => {
      const { db } = await openDatabase(config);
      try {
        return await db.selectFrom('photos').select('original_path').execute();
      } finally {
        await db.destroy();
      }
    })();
    await storage.put(photo.original_path.replace(/\.jpg$/, '-grid-old.webp'), Buffer.from('rendition'));
    await storage.put('events/evt_00000000-0000-0000-0000-000000000000/albums/alb_x/pho_x.jpg', Buffer.from('gone'));
    await storage.put('uploads/ups_00000000-0000-0000-0000-000000000000', Buffer.from('parts'));
    await storage.close();
    if (!usingS3()) fs.writeFileSync(path.join(dataDir, 'files', `${photo.original_path}.123.456.part`), 'half');

    const left = await storeAndRows();
    const unreferenced = left.stored.filter((key) => !left.referenced.includes(key));
    expect(unreferenced.length).toBeGreaterThanOrEqual(usingS3() ? 6 : 4);
    // Older than ORPHAN_GRACE: the doctor counts them as leftovers and fails.
    await sleep(GRACE_MS + 500);
    const before = await doctorCli(env);
    expect(before.code).toBe(1);
    expect(before.output).toMatch(new RegExp(`✗ Arquivos sem registro: ${unreferenced.length} de ${left.stored.length}`));

    // The restart sweeps them; the photo stored before the crash stays whole.
    // A photo still processing at the crash is taken up again: its job's temporary files are not leftovers.
    const restartedAt = Date.now();
    await start();
    let after = await storeAndRows(restartedAt);
    // The start sweep runs beside the server: wait for it (a busy machine may take a while).
    for (const deadline = Date.now() + 30_000; Date.now() < deadline && after.stored.join() !== after.referenced.join(); ) {
      await sleep(100);
      after = await storeAndRows(restartedAt);
    }
    expect(after.stored).toEqual(after.referenced);
    expect(after.photos).toBe(1);
    expect(after.temporary).toEqual([]);
    const lines: string[] = [];
    expect(await doctor(loadConfig(env), (line) => lines.push(line))).toBe(true);
    // Renditions and the guests' copy (issue 22) may still be made meanwhile: none of them is a leftover either.
    expect(lines).toContainEqual(expect.stringMatching(/^✓ Arquivos sem registro: nenhum de \d+\.$/));
    const clean = await doctorCli(env);
    expect(clean.output).toContain('Tudo certo.');
    expect(clean.code).toBe(0);
  });
});

describe('npm run doctor', () => {
  test('makes a missing DATA_DIR, or prints one Portuguese line naming DATA_DIR when it cannot', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-doctor-'));
    try {
      const fresh = path.join(root, 'novo', 'data');
      const lines: string[] = [];
      await doctor(loadConfig({ DATA_DIR: fresh, JWT_SECRET: 'x'.repeat(40), FFMPEG_PATH: 'none' }), (line) => lines.push(line));
      expect(fs.existsSync(path.join(fresh, 'tmp'))).toBe(true);
      expect(lines[0]).toBe(`✓ DATA_DIR: ${fresh}`);

      const blocked = path.join(root, 'arquivo');
      fs.writeFileSync(blocked, '');
      const cli = await doctorCli({ DATA_DIR: path.join(blocked, 'data'), STORAGE_DRIVER: 'local', DATABASE_URL: '' });
      expect(cli.code).toBe(1);
      expect(cli.output.trim().split('\n')).toEqual([
        `✗ DATA_DIR=${path.join(blocked, 'data')}: não foi possível criar a pasta ou escrever nela (ENOTDIR). Aponte DATA_DIR para uma pasta que este usuário possa escrever.`,
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
