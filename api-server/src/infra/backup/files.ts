import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { isSafeKey, type Storage } from '../storage';
import { openStorage } from '../storage/open';
import {
  BackupError,
  copyWithHash,
  listFiles,
  type BackedUpFile,
  type FilesSection,
  type LocalFilesSection,
  type ObjectFilesSection,
  type RecordedObject,
} from './manifest';

/** Every stored key lives under this folder (domain/files.ts `storageKeys`). */
const STORED_PREFIX = 'events';

/**
 * The stored files in a backup, one implementation per storage driver:
 * - local disk: the files themselves, copied under `files/` with their SHA-256;
 * - S3: the objects stay in the bucket, which keeps its own copies (versioning, replication); the
 *   backup records every key with its size and ETag, and a restore checks that the bucket still holds
 *   each of them, unchanged, before it restores the database that names them.
 */
export interface FilesBackup {
  /** Copies (or records) every stored file; `referencedKeys` are the keys the database snapshot names. */
  backup(target: string, referencedKeys: string[]): Promise<FilesSection>;
  /** Puts back (or checks) the files of a verified backup. */
  restore(backupDir: string, section: FilesSection): Promise<void>;
  close(): Promise<void>;
}

const missingOf = (referencedKeys: string[], present: Set<string>) => [...new Set(referencedKeys)].filter((key) => !present.has(key)).sort();

class LocalFilesBackup implements FilesBackup {
  constructor(private readonly root: string) {}

  async backup(target: string, referencedKeys: string[]): Promise<LocalFilesSection> {
    const entries: BackedUpFile[] = [];
    for (const key of await listFiles(this.root)) {
      // Only what the server could have written: a stray file with an odd name is not part of the data.
      if (!isSafeKey(key)) continue;
      try {
        const copied = await copyWithHash(path.join(this.root, ...key.split('/')), path.join(target, 'files', ...key.split('/')));
        entries.push({ path: key, ...copied });
      } catch (error) {
        // Deleted between the listing and the copy (an event deleted meanwhile): not in the backup.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    return {
      storage: 'local',
      count: entries.length,
      bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
      entries,
      missing: missingOf(referencedKeys, new Set(entries.map((entry) => entry.path))),
    };
  }

  async restore(backupDir: string, section: FilesSection): Promise<void> {
    if (section.storage !== 'local') throw new BackupError(`A cópia é de arquivos num bucket S3 (${section.bucket}): restaure com STORAGE_DRIVER=s3 e o mesmo bucket.`);
    for (const entry of section.entries) {
      // A manifest is input too: a key that could leave the storage root is refused.
      if (!isSafeKey(entry.path)) throw new BackupError(`Manifesto inválido: caminho de arquivo não permitido "${entry.path}".`);
      const copied = await copyWithHash(path.join(backupDir, 'files', ...entry.path.split('/')), path.join(this.root, ...entry.path.split('/')));
      if (copied.sha256 !== entry.sha256) throw new BackupError(`Cópia de segurança corrompida: files/${entry.path} mudou durante a restauração.`);
    }
    await fsp.mkdir(this.root, { recursive: true });
  }

  async close(): Promise<void> {}
}

class ObjectFilesBackup implements FilesBackup {
  constructor(
    private readonly storage: Storage,
    private readonly settings: { bucket: string; endpoint?: string },
  ) {}

  async backup(_target: string, referencedKeys: string[]): Promise<ObjectFilesSection> {
    const objects: RecordedObject[] = [];
    for await (const file of this.storage.list(STORED_PREFIX)) {
      const info = await this.storage.head(file.key);
      if (info) objects.push({ key: file.key, size: info.size, etag: info.etag });
    }
    return {
      storage: 's3',
      ...this.settings,
      count: objects.length,
      bytes: objects.reduce((sum, object) => sum + object.size, 0),
      objects,
      missing: missingOf(referencedKeys, new Set(objects.map((object) => object.key))),
    };
  }

  async restore(_backupDir: string, section: FilesSection): Promise<void> {
    if (section.storage !== 's3') throw new BackupError('A cópia traz os arquivos em disco: restaure com STORAGE_DRIVER=local (o padrão).');
    const absent: string[] = [];
    for (const object of section.objects) {
      const info = await this.storage.head(object.key);
      if (!info || info.size !== object.size || info.etag !== object.etag) absent.push(object.key);
    }
    if (absent.length > 0) {
      throw new BackupError(
        `O bucket "${this.settings.bucket}" não tem ${absent.length} dos ${section.objects.length} objetos da cópia como estavam (por exemplo ${absent[0]}): restaure-os no bucket (versões, replicação) antes do banco.`,
      );
    }
  }

  async close(): Promise<void> {
    await this.storage.close();
  }
}

export function filesBackupFor(config: Config): FilesBackup {
  if (config.storage.driver === 's3') {
    const s3 = config.storage.s3!;
    return new ObjectFilesBackup(openStorage(config), { bucket: s3.bucket, endpoint: s3.endpoint });
  }
  return new LocalFilesBackup(path.join(config.dataDir, 'files'));
}
