import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config';

/**
 * DATA_DIR is made before any part of the server touches it: a fresh clone has no `data/`, and a new
 * `DATA_DIR=/srv/momentos` does not exist either. A folder that cannot be made or written stops the
 * start with one line naming the variable and the path (server.ts and the CLIs print ConfigError's
 * message alone), instead of a stack trace from whichever plugin happened to touch it first.
 */
export function ensureWritableFolder(variable: string, folder: string): void {
  try {
    fs.mkdirSync(folder, { recursive: true });
    // Permission bits lie for root and on some mounts: write and remove a file to know.
    const probe = path.join(folder, `.escrita-${process.pid}-${Date.now()}`);
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${variable}=${folder}: não foi possível criar a pasta ou escrever nela${code ? ` (${code})` : ''}. Aponte ${variable} para uma pasta que este usuário possa escrever.`);
  }
}

/** DATA_DIR and the folders the server writes under it: `tmp/` always, `files/` with local storage. */
export function prepareDataDir(config: Pick<Config, 'dataDir' | 'storage'>): void {
  ensureWritableFolder('DATA_DIR', config.dataDir);
  const folders = ['tmp', ...(config.storage.driver === 'local' ? ['files'] : [])];
  for (const folder of folders) ensureWritableFolder('DATA_DIR', path.join(config.dataDir, folder));
}
