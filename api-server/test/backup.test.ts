import { migrations } from '../src/db/migrations';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import sharp from 'sharp';
import { run } from '../src/cli/backup';
import type { Database } from '../src/db/schema';
import { mediaJobsSchema } from '../src/infra/job-client';
import { createAlbum, createEvent, organiserSession, PNG_BYTES, readJson, startServer, usingPostgres, usingS3, type TestServer } from './helpers';
import { createBucket, deleteBucket, s3Env } from './s3';

jest.setTimeout(120_000);

/** Every row of every table (the migrator's own included), in a stable order. */
async function allRows(db: Kysely<Database>, dialect: 'sqlite' | 'postgres') {
  const tables = (
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db)
  ).rows.map((row) => row.name);
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = (await sql`select * from ${sql.table(table)}`.execute(db)).rows;
    out[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return out;
}

/** Every stored file with its bytes, read through the storage driver (local disk or S3). */
async function storedFiles(server: TestServer): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const file of server.app.storage.list('events')) {
    const stored = await server.app.storage.get(file.key);
    const pieces: Buffer[] = [];
    for await (const piece of stored!.body) pieces.push(piece as Buffer);
    out.set(file.key, Buffer.concat(pieces));
  }
  return out;
}

async function dropSchema(schema: string) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS "${mediaJobsSchema(schema)}" CASCADE`);
  await client.end();
}

describe(`backup and restore (${usingPostgres() ? 'PostgreSQL' : 'SQLite'}, ${usingS3() ? 'S3' : 'local files'})`, () => {
  const saved = { ...process.env };
  const folders: string[] = [];
  const schemas: string[] = [];
  const buckets: string[] = [];
  /** With S3 the objects outlive the server that wrote them: the test owns the bucket. */
  const bucketEnv = async (): Promise<Record<string, string>> => {
    if (!usingS3()) return {};
    const bucket = await createBucket(s3Env());
    buckets.push(bucket);
    return { S3_BUCKET: bucket };
  };
  const tempFolder = (name: string) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), `momentos-${name}-`));
    folders.push(folder);
    return folder;
  };
  const newSchema = () => {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    schemas.push(schema);
    return schema;
  };
  /** The CLI as `npm run backup|restore -- DIR` runs it, with this environment. */
  const cli = async (command: 'backup' | 'restore', dir: string, env: Record<string, string | undefined>) => {
    // The server's own environment: with S3 it carries a JWT_SECRET (loadConfig demands one).
    process.env = { ...saved, INIT_CWD: '', LOG_LEVEL: 'silent', JWT_SECRET: 'a-secret-shared-by-the-instances-0123456789', ...env };
    const lines: string[] = [];
    try {
      await run(command, [dir], (line) => lines.push(line));
    } finally {
      process.env = { ...saved };
    }
    return lines;
  };

  afterAll(async () => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    if (usingPostgres()) for (const schema of schemas) await dropSchema(schema);
    for (const bucket of buckets) await deleteBucket(s3Env(), bucket);
  });

  test('a backup taken while the server runs, restored into an empty DATA_DIR, is identical: rows, files byte for byte, secrets', async () => {
    const bucket = await bucketEnv();
    const source = await startServer({ env: bucket });
    let original: { rows: Record<string, unknown[]>; files: Map<string, Buffer>; secret: Buffer; schema?: string; photoUrl: string; albumId: string };
    const backupDir = path.join(tempFolder('backup'), 'copia');
    try {
      const ana = await organiserSession(source, 'ana@example.com');
      const event = await createEvent(source, ana.token, {}, { bytes: PNG_BYTES });
      const album = await createAlbum(source, ana.token, event.id);
      await fetch(`${source.url}/api/events/share/${event.code}`, { headers: ana.headers }); // the QR code file
      const form = new FormData();
      form.append('album_id', album.id);
      form.append('user_id', 'Tia Rosa');
      form.append('images', new Blob([await sharp({ create: { width: 900, height: 600, channels: 3, background: '#5e35b1' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'festa.jpg');
      form.append('images', new Blob([await sharp({ create: { width: 300, height: 300, channels: 4, background: '#fdd835' } }).png().toBuffer()], { type: 'image/png' }), 'bolo.png');
      const uploaded = await readJson(await fetch(`${source.url}/api/events/photos`, { method: 'POST', body: form }));
      await source.app.media.idle();
      // A chunked upload left half-way: its bytes are not in a backup, so the restore drops the session.
      const init = await readJson(
        await fetch(`${source.url}/api/events/photos/chunk/init`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ fileName: 'video.mp4', fileSize: 1000, fileType: 'video/mp4', albumId: album.id, userId: 'Zé' }),
        }),
      );
      // The token signing key the server would have generated (the tests set JWT_SECRET instead).
      fs.writeFileSync(path.join(source.dataDir, 'jwt-secret'), randomBytes(48).toString('base64url'), { mode: 0o600 });

      const lines = await cli('backup', backupDir, { DATA_DIR: source.dataDir, DATABASE_SCHEMA: source.config.databaseSchema, ...bucket });
      expect(lines[0]).toMatch(/^Cópia de segurança em .*: banco (sqlite|postgres) \(\d+ linhas\), 13 arquivos/);

      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 'momentos-backup',
        version: 1,
        database: { dialect: usingPostgres() ? 'postgres' : 'sqlite', rows: { organisers: 1, events: 1, albums: 1, photos: 2, upload_sessions: 1, login_failures: 1 /* the address's counter a successful login leaves at zero (issue 23) */, kysely_migration: Object.keys(migrations).length } },
        // 13 files: the event image, its card and the card's two AVIF copies (issue 29), the QR code, and each photo's original, grid, screen and phone copies (issue 29).
        files: { storage: usingS3() ? 's3' : 'local', count: 13, missing: [] },
        secrets: [{ path: 'secrets/jwt-secret', size: 64, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      });
      expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      if (usingS3()) expect(manifest.files.objects.every((object: { etag: string }) => /^"[0-9a-f-]+"$/.test(object.etag))).toBe(true);
      else expect(manifest.files.entries.every((entry: { sha256: string }) => /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
      const backedUp: string[] = usingS3() ? manifest.files.objects.map((object: { key: string }) => object.key) : manifest.files.entries.map((entry: { path: string }) => entry.path);
      expect(backedUp.filter((key) => key.endsWith('-tile.webp'))).toHaveLength(2);
      expect((fs.statSync(path.join(backupDir, 'secrets', 'jwt-secret')).mode & 0o777).toString(8)).toBe('600');

      original = {
        rows: await allRows(source.app.db, source.app.dbDialect),
        files: await storedFiles(source),
        secret: fs.readFileSync(path.join(source.dataDir, 'jwt-secret')),
        schema: source.config.databaseSchema,
        photoUrl: uploaded.photos[0].original_photo,
        albumId: album.id,
      };
      expect(original.rows.upload_sessions).toEqual([expect.stringContaining(init.sessionId)]);
    } finally {
      // The server goes away with its data (its schema is dropped): the backup is all that is left.
      await source.close();
    }

    const restoredDir = tempFolder('restored');
    const restoredSchema = usingPostgres() ? newSchema() : undefined;
    if (usingS3()) {
      // The objects stay in their bucket: a restore pointed at another (empty) bucket is refused.
      await expect(cli('restore', backupDir, { DATA_DIR: restoredDir, DATABASE_SCHEMA: restoredSchema, ...(await bucketEnv()) })).rejects.toThrow(/não tem 13 dos 13 objetos/);
      expect(fs.readdirSync(restoredDir)).toEqual([]);
    }
    const lines = await cli('restore', backupDir, { DATA_DIR: restoredDir, DATABASE_SCHEMA: restoredSchema, ...bucket });
    expect(lines[0]).toMatch(/^Restaurado em /);

    const restored = await startServer({ env: { DATA_DIR: restoredDir, ...(restoredSchema ? { DATABASE_SCHEMA: restoredSchema } : {}), ...bucket } });
    try {
      const rows = await allRows(restored.app.db, restored.app.dbDialect);
      // Setup codes (issue 27) belong to the instance that printed them, and none is needed once an organiser exists.
      expect(rows).toEqual({ ...original.rows, upload_sessions: [], upload_chunks: [], setup_codes: [] });
      const files = await storedFiles(restored);
      expect([...files.keys()].sort()).toEqual([...original.files.keys()].sort());
      for (const [key, bytes] of original.files) expect([key, files.get(key)!.equals(bytes)]).toEqual([key, true]);
      expect(fs.readFileSync(path.join(restoredDir, 'jwt-secret')).equals(original.secret)).toBe(true);
      // And the API serves it as before.
      const served = Buffer.from(await (await fetch(`${restored.url}${original.photoUrl}`)).arrayBuffer());
      expect(served.equals(original.files.get(original.photoUrl.replace('/api/files?path=', ''))!)).toBe(true);
      expect(await readJson(await fetch(`${restored.url}/api/events/photos/${original.albumId}`))).toHaveLength(2);
    } finally {
      await restored.close();
    }

    if (original.schema) {
      // Under the schema's own name as well (the archive's CREATE SCHEMA is left to us).
      const again = tempFolder('restored-again');
      schemas.push(original.schema);
      await cli('restore', backupDir, { DATA_DIR: again, DATABASE_SCHEMA: original.schema, ...bucket });
      const same = await startServer({ env: { DATA_DIR: again, DATABASE_SCHEMA: original.schema, ...bucket } });
      try {
        expect(await allRows(same.app.db, same.app.dbDialect)).toEqual({ ...original.rows, upload_sessions: [], upload_chunks: [], setup_codes: [] });
      } finally {
        await same.close();
      }
    }
  });

  test('refusals: a backup into a folder in use, a restore into a non-empty DATA_DIR or schema, a corrupted or unfinished backup', async () => {
    const source = await startServer();
    const backupDir = tempFolder('backup');
    try {
      await organiserSession(source, 'ana@example.com');
      const sameBucket = usingS3() ? { S3_BUCKET: source.config.storage.s3!.bucket } : {};
      const env = { DATA_DIR: source.dataDir, DATABASE_SCHEMA: source.config.databaseSchema, ...sameBucket };
      fs.writeFileSync(path.join(backupDir, 'algo.txt'), 'x');
      await expect(cli('backup', backupDir, env)).rejects.toThrow(/não está vazia/);
      fs.rmSync(path.join(backupDir, 'algo.txt'));
      await cli('backup', backupDir, env);

      // The running server's own DATA_DIR (and schema) are not empty.
      await expect(cli('restore', backupDir, env)).rejects.toThrow(/DATA_DIR .* não está vazio/);
      if (usingPostgres()) {
        await expect(cli('restore', backupDir, { DATA_DIR: tempFolder('empty'), DATABASE_SCHEMA: source.config.databaseSchema, ...sameBucket })).rejects.toThrow(/esquema .* não está vazio/);
      }

      const emptyDir = tempFolder('empty');
      const otherSchema = usingPostgres() ? newSchema() : undefined;
      if (usingPostgres()) {
        // Restoring under another name recreates the source schema first: it must not exist here.
        await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema, ...sameBucket })).rejects.toThrow(/já existe neste banco/);
        expect(fs.readdirSync(emptyDir)).toEqual([]);
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      const dump = path.join(backupDir, manifest.database.file.path);
      const bytes = fs.readFileSync(dump);
      bytes[bytes.length - 1] ^= 0xff;
      fs.writeFileSync(dump, bytes);
      await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema, ...sameBucket })).rejects.toThrow(/corrompida: database\./);
      expect(fs.readdirSync(emptyDir)).toEqual([]);

      fs.rmSync(path.join(backupDir, 'manifest.json'));
      await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema, ...sameBucket })).rejects.toThrow(/falta manifest\.json/);
      await expect(run('restore', [])).rejects.toThrow(/Uso/);
    } finally {
      await source.close();
    }
  });
});
