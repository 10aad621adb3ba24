import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { isSafeKey } from '../storage';
import { BackupError, copyWithHash, listFiles, type BackedUpFile, type FilesSection } from './manifest';

/**
 * The stored files in a backup, one implementation per storage driver.
 *
 * Local disk: the files themselves, copied under `files/` with their SHA-256.
 *
 * Object storage (the S3 driver, coming with the storage-driver work): the objects stay in the bucket,
 * which has its own durability and versioning; the backup records every key with its size and
 * checksum (`storage: 's3'`, no bytes copied), and a restore checks that the bucket still holds each
 * of them. That driver lists keys through the storage interface's `list`; it slots in here by
 * returning its own FilesBackup from `filesBackupFor`.
 */
export interface FilesBackup {
  /** Copies (or records) every stored file; `referencedKeys` are the keys the database snapshot names. */
  backup(target: string, referencedKeys: string[]): Promise<FilesSection>;
  /** Puts the files of a verified backup back into an empty DATA_DIR. */
  restore(backupDir: string, section: FilesSection): Promise<void>;
}

/** DATA_DIR/files: where the local driver keeps the stored files. */
export const storageRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'files');

class LocalFilesBackup implements FilesBackup {
  constructor(private readonly root: string) {}

  async backup(target: string, referencedKeys: string[]): Promise<FilesSection> {
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
    const copied = new Set(entries.map((entry) => entry.path));
    return {
      storage: 'local',
      count: entries.length,
      bytes: entries.reduce((sum, entry) => sum + entry.size, 0),
      entries,
      missing: [...new Set(referencedKeys)].filter((key) => !copied.has(key)).sort(),
    };
  }

  async restore(backupDir: string, section: FilesSection): Promise<void> {
    for (const entry of section.entries) {
      // A manifest is input too: a key that could leave the storage root is refused.
      if (!isSafeKey(entry.path)) throw new BackupError(`Manifesto inválido: caminho de arquivo não permitido "${entry.path}".`);
      const copied = await copyWithHash(path.join(backupDir, 'files', ...entry.path.split('/')), path.join(this.root, ...entry.path.split('/')));
      if (copied.sha256 !== entry.sha256) throw new BackupError(`Cópia de segurança corrompida: files/${entry.path} mudou durante a restauração.`);
    }
    await fsp.mkdir(this.root, { recursive: true });
  }
}

export function filesBackupFor(config: Config): FilesBackup {
  return new LocalFilesBackup(storageRoot(config));
}
