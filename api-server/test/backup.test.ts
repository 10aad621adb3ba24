import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { Client } from 'pg';
import sharp from 'sharp';
import { run } from '../src/cli/backup';
import type { Database } from '../src/db/schema';
import { TABLES } from '../src/domain/backup/database';
import { createAlbum, createEvent, organiserSession, PNG_BYTES, readJson, startServer, usingPostgres } from './helpers';

jest.setTimeout(120_000);

/** Every row of every table (and the migrations), in a stable order. */
async function allRows(db: Kysely<Database>) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const keys = table === 'upload_chunks' ? ['session_id', 'chunk_index'] : ['id'];
    out[table] = (await sql`select * from ${sql.table(table)} order by ${sql.join(keys.map((key) => sql.ref(key)))}`.execute(db)).rows;
  }
  out.migrations = (await sql`select name from kysely_migration order by name`.execute(db)).rows;
  return out;
}

/** Every file of a folder with its bytes. */
function tree(root: string, skip: (relative: string) => boolean = () => false): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (skip(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else out.set(relative, fs.readFileSync(full));
    }
  };
  walk(root);
  return out;
}

async function dropSchema(schema: string) {
  const client = new Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}

describe(`backup and restore (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  const saved = { ...process.env };
  const folders: string[] = [];
  const schemas: string[] = [];
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
    process.env = { ...saved, INIT_CWD: '', LOG_LEVEL: 'silent', ...env };
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
  });

  test('a backup taken while the server runs, restored into an empty DATA_DIR, is identical: rows, files byte for byte, secrets', async () => {
    const source = await startServer();
    let original: { rows: Record<string, unknown[]>; files: Map<string, Buffer>; schema?: string; photoUrl: string; albumId: string };
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

      const lines = await cli('backup', backupDir, { DATA_DIR: source.dataDir, DATABASE_SCHEMA: source.config.databaseSchema });
      expect(lines[0]).toMatch(/^Cópia de segurança em .*: banco (sqlite|postgres) \(6 linhas\), 6 arquivos/);

      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        format: 'momentos-backup',
        version: 1,
        database: { dialect: usingPostgres() ? 'postgres' : 'sqlite', rows: { organisers: 1, events: 1, albums: 1, photos: 2, upload_sessions: 1 } },
        files: { storage: 'local', count: 6, missing: [] },
        secrets: [{ path: 'secrets/jwt-secret', size: 64, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      });
      expect(Date.parse(manifest.createdAt)).toBeGreaterThan(Date.now() - 60_000);
      expect(manifest.files.entries.every((entry: { sha256: string }) => /^[0-9a-f]{64}$/.test(entry.sha256))).toBe(true);
      expect((fs.statSync(path.join(backupDir, 'secrets', 'jwt-secret')).mode & 0o777).toString(8)).toBe('600');

      original = {
        rows: await allRows(source.app.db),
        files: tree(source.dataDir, (relative) => relative.startsWith('tmp') || relative.startsWith('momentos.sqlite')),
        schema: source.config.databaseSchema,
        photoUrl: uploaded.photos[0].original_photo,
        albumId: album.id,
      };
      expect(original.rows.upload_sessions).toEqual([expect.objectContaining({ id: init.sessionId })]);
    } finally {
      // The server goes away with its data (its schema is dropped): the backup is all that is left.
      await source.close();
    }

    const restoredDir = tempFolder('restored');
    const restoredSchema = usingPostgres() ? newSchema() : undefined;
    const lines = await cli('restore', backupDir, { DATA_DIR: restoredDir, DATABASE_SCHEMA: restoredSchema });
    expect(lines[0]).toMatch(/^Restaurado em /);

    const restored = await startServer({ env: { DATA_DIR: restoredDir, ...(restoredSchema ? { DATABASE_SCHEMA: restoredSchema } : {}) } });
    try {
      const rows = await allRows(restored.app.db);
      expect(rows).toEqual({ ...original.rows, upload_sessions: [], upload_chunks: [] });
      const files = tree(restoredDir, (relative) => relative.startsWith('tmp') || relative.startsWith('momentos.sqlite'));
      expect([...files.keys()].sort()).toEqual([...original.files.keys()].sort());
      for (const [name, bytes] of original.files) expect([name, files.get(name)!.equals(bytes)]).toEqual([name, true]);
      // And the API serves it as before.
      const served = Buffer.from(await (await fetch(`${restored.url}${original.photoUrl}`)).arrayBuffer());
      expect(served.equals(original.files.get(path.join('files', ...original.photoUrl.replace('/api/files?path=', '').split('/')))!)).toBe(true);
      expect(await readJson(await fetch(`${restored.url}/api/events/photos/${original.albumId}`))).toHaveLength(2);
    } finally {
      await restored.close();
    }

    if (original.schema) {
      // Under the schema's own name as well (the archive's CREATE SCHEMA is left to us).
      const again = tempFolder('restored-again');
      schemas.push(original.schema);
      await cli('restore', backupDir, { DATA_DIR: again, DATABASE_SCHEMA: original.schema });
      const same = await startServer({ env: { DATA_DIR: again, DATABASE_SCHEMA: original.schema } });
      try {
        expect(await allRows(same.app.db)).toEqual({ ...original.rows, upload_sessions: [], upload_chunks: [] });
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
      const env = { DATA_DIR: source.dataDir, DATABASE_SCHEMA: source.config.databaseSchema };
      fs.writeFileSync(path.join(backupDir, 'algo.txt'), 'x');
      await expect(cli('backup', backupDir, env)).rejects.toThrow(/não está vazia/);
      fs.rmSync(path.join(backupDir, 'algo.txt'));
      await cli('backup', backupDir, env);

      // The running server's own DATA_DIR (and schema) are not empty.
      await expect(cli('restore', backupDir, env)).rejects.toThrow(/DATA_DIR .* não está vazio/);
      if (usingPostgres()) {
        await expect(cli('restore', backupDir, { DATA_DIR: tempFolder('empty'), DATABASE_SCHEMA: source.config.databaseSchema })).rejects.toThrow(/esquema .* não está vazio/);
      }

      const emptyDir = tempFolder('empty');
      const otherSchema = usingPostgres() ? newSchema() : undefined;
      if (usingPostgres()) {
        // Restoring under another name recreates the source schema first: it must not exist here.
        await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema })).rejects.toThrow(/já existe neste banco/);
        expect(fs.readdirSync(emptyDir)).toEqual([]);
      }
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
      const dump = path.join(backupDir, manifest.database.file.path);
      const bytes = fs.readFileSync(dump);
      bytes[bytes.length - 1] ^= 0xff;
      fs.writeFileSync(dump, bytes);
      await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema })).rejects.toThrow(/corrompida: database\./);
      expect(fs.readdirSync(emptyDir)).toEqual([]);

      fs.rmSync(path.join(backupDir, 'manifest.json'));
      await expect(cli('restore', backupDir, { DATA_DIR: emptyDir, DATABASE_SCHEMA: otherSchema })).rejects.toThrow(/falta manifest\.json/);
      await expect(run('restore', [])).rejects.toThrow(/Uso/);
    } finally {
      await source.close();
    }
  });
});
