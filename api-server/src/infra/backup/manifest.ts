import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'momentos-backup';
export const BACKUP_VERSION = 1;

/** A file of the backup, relative to its folder ('/'-separated), with what it must hash to. */
export interface BackedUpFile {
  path: string;
  size: number;
  sha256: string;
}

export interface DatabaseSection {
  dialect: 'sqlite' | 'postgres';
  /** The dump: a SQLite file (online backup) or a pg_dump archive (custom format). */
  file: BackedUpFile;
  /** PostgreSQL: the schema dumped (public when DATABASE_SCHEMA was not set). */
  schema?: string;
  /** PostgreSQL: the version of pg_dump that wrote the archive. */
  tool?: string;
  /** Rows per table in the copy, read in the same snapshot as the dump. */
  rows: Record<string, number>;
}

/** Local storage: the files themselves, under files/ in the backup. */
export interface LocalFilesSection {
  storage: 'local';
  count: number;
  bytes: number;
  entries: BackedUpFile[];
  /** Keys the database named that were gone when the files were copied (deleted during the backup). */
  missing: string[];
}

/** An object left in its bucket, as the backup saw it. */
export interface RecordedObject {
  key: string;
  size: number;
  /** The store's checksum of the object (S3's ETag: the MD5 of a single-part upload). */
  etag: string;
}

/** Object storage: the objects stay in the bucket; the backup records each key with its checksum. */
export interface ObjectFilesSection {
  storage: 's3';
  bucket: string;
  endpoint?: string;
  count: number;
  bytes: number;
  objects: RecordedObject[];
  missing: string[];
}

export type FilesSection = LocalFilesSection | ObjectFilesSection;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The app that wrote it (hostname and DATA_DIR), for the reader. */
  source: { host: string; dataDir: string };
  database: DatabaseSection;
  files: FilesSection;
  /** Generated secrets kept in DATA_DIR (the token signing key), restored with mode 0600. */
  secrets: BackedUpFile[];
}

/** A backup problem told to the operator in one Portuguese line. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Copies a file while hashing it; the target's folders are made. */
export async function copyWithHash(from: string, to: string, mode?: number): Promise<{ size: number; sha256: string }> {
  await fsp.mkdir(path.dirname(to), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  const source = fs.createReadStream(from);
  source.on('data', (piece) => {
    hash.update(piece as Buffer);
    size += piece.length;
  });
  await pipeline(source, fs.createWriteStream(to, { flags: 'wx', mode }));
  return { size, sha256: hash.digest('hex') };
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const piece of fs.createReadStream(file)) {
    hash.update(piece as Buffer);
    size += (piece as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Every file under `root`, as '/'-separated relative paths, in a stable order. */
export async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(dir: string, prefix: string): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) out.push(relative);
    }
  }
  await walk(root, '');
  return out;
}

/** Whether a folder is missing or holds nothing. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await fsp.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} não é uma cópia de segurança completa: falta ${MANIFEST_FILE} (a cópia foi interrompida?).`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError(`${MANIFEST_FILE} em ${dir} não é um JSON válido.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError(`${dir} não é uma cópia de segurança do Momentos na versão ${BACKUP_VERSION}.`);
  }
  return manifest;
}

/** Checks every file of a backup against its manifest before anything is restored. */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<void> {
  const files = manifest.files.storage === 'local' ? manifest.files.entries.map((entry) => ({ ...entry, path: `files/${entry.path}` })) : [];
  const all = [manifest.database.file, ...files, ...manifest.secrets];
  for (const file of all) {
    let actual: { size: number; sha256: string };
    try {
      actual = await hashFile(path.join(dir, ...file.path.split('/')));
    } catch {
      throw new BackupError(`Cópia de segurança incompleta: falta ${file.path}.`);
    }
    if (actual.size !== file.size || actual.sha256 !== file.sha256) {
      throw new BackupError(`Cópia de segurança corrompida: ${file.path} não confere com o manifesto (tamanho ou SHA-256).`);
    }
  }
}
