import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config';
import { openDatabase } from '../../db/connection';
import { assertEmptyPostgres, copyDatabase, restoreDatabase } from './database';
import { filesBackupFor } from './files';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  copyWithHash,
  isEmptyFolder,
  MANIFEST_FILE,
  readManifest,
  verifyBackup,
  type BackedUpFile,
  type BackupManifest,
} from './manifest';

/** Secrets the server generates into DATA_DIR and needs back (tokens stay valid after a restore). */
const SECRET_FILES = ['jwt-secret'];

/**
 * A consistent copy of an event's data into an empty folder, while the server runs: first the
 * database (one snapshot), then the stored files (written once and renamed into place, so a copy is
 * never half a file), then the secrets, and the manifest last: a folder without it is an unfinished
 * backup. Keys the snapshot names that were deleted meanwhile are listed as `missing`.
 */
export async function createBackup(config: Config, dir: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(dir))) throw new BackupError(`${dir} não está vazia: escolha uma pasta nova ou vazia para a cópia de segurança.`);
  await fsp.mkdir(dir, { recursive: true });

  const database = await copyDatabase(config, dir);
  const filesBackup = filesBackupFor(config);
  const files = await filesBackup.backup(dir, database.referencedKeys).finally(() => filesBackup.close());
  const secrets: BackedUpFile[] = [];
  for (const name of SECRET_FILES) {
    const from = path.join(config.dataDir, name);
    if (!fs.existsSync(from)) continue;
    secrets.push({ path: `secrets/${name}`, ...(await copyWithHash(from, path.join(dir, 'secrets', name), 0o600)) });
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source: { host: os.hostname(), dataDir: config.dataDir },
    database: database.section,
    files,
    secrets,
  };
  const temporary = path.join(dir, `${MANIFEST_FILE}.part`);
  await fsp.writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await fsp.rename(temporary, path.join(dir, MANIFEST_FILE));
  return manifest;
}

/**
 * Brings a backup back into an empty DATA_DIR (and, on PostgreSQL, an empty schema). Every checksum
 * is verified before anything is written; if the restore fails half-way, what it wrote is removed,
 * so DATA_DIR is empty again. Chunked uploads that were unfinished at backup time are dropped (their
 * partial bytes are not in a backup): those guests send the file again.
 */
export async function restoreBackup(config: Config, dir: string): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  if (!(await isEmptyFolder(config.dataDir))) {
    throw new BackupError(`DATA_DIR (${config.dataDir}) não está vazio: a restauração só escreve numa pasta vazia, para não misturar dados. Aponte DATA_DIR para uma pasta nova ou esvazie esta.`);
  }
  if ((manifest.database.dialect === 'postgres') !== Boolean(config.databaseUrl)) {
    throw new BackupError(
      manifest.database.dialect === 'postgres'
        ? 'A cópia é de um PostgreSQL: defina DATABASE_URL (e DATABASE_SCHEMA) do banco de destino.'
        : 'A cópia é de um banco SQLite: restaure sem DATABASE_URL.',
    );
  }
  await verifyBackup(dir, manifest);
  if (manifest.database.dialect === 'postgres') await assertEmptyPostgres(config, manifest.database);

  await fsp.mkdir(config.dataDir, { recursive: true });
  try {
    const filesBackup = filesBackupFor(config);
    await filesBackup.restore(dir, manifest.files).finally(() => filesBackup.close());
    for (const secret of manifest.secrets) {
      const name = path.basename(secret.path);
      if (!SECRET_FILES.includes(name)) throw new BackupError(`Manifesto inválido: segredo desconhecido "${secret.path}".`);
      await copyWithHash(path.join(dir, secret.path), path.join(config.dataDir, name), 0o600);
    }
    await restoreDatabase(config, dir, manifest.database);
    const { db } = await openDatabase(config);
    try {
      await db.deleteFrom('upload_chunks').where('session_id', 'in', db.selectFrom('upload_sessions').select('id').where('photo_id', 'is', null)).execute();
      await db.deleteFrom('upload_sessions').where('photo_id', 'is', null).execute();
    } finally {
      await db.destroy();
    }
  } catch (error) {
    for (const entry of await fsp.readdir(config.dataDir)) await fsp.rm(path.join(config.dataDir, entry), { recursive: true, force: true });
    if (manifest.database.dialect === 'postgres' && error instanceof BackupError) {
      // The schema was empty before; what pg_restore may have created is left for the operator to see.
      error.message += ` DATA_DIR foi esvaziado de novo; o esquema "${config.databaseSchema ?? 'public'}" pode ter ficado incompleto: esvazie-o antes de tentar outra vez.`;
    }
    throw error;
  }
  return manifest;
}
