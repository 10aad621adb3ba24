import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export type TempKind = 'uploads' | 'chunks' | 'media';

/**
 * Files being written: DATA_DIR/tmp/<kind>/, on the same disk as the storage so that a finished file
 * is renamed into place. Nothing here is ever served; a half-written file never has a row.
 */
export class TempArea {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    for (const kind of ['uploads', 'chunks', 'media'] as const) fs.mkdirSync(this.dir(kind), { recursive: true });
  }

  dir(kind: TempKind): string {
    return path.join(this.root, kind);
  }

  /** A fresh path for a temporary file. */
  file(kind: TempKind, name: string = randomUUID()): string {
    return path.join(this.dir(kind), `${name}.part`);
  }

  async remove(file: string): Promise<void> {
    await fsp.rm(file, { force: true });
  }

  /** Removes every file of a kind, or those for which `keep` answers false. */
  async sweep(kind: TempKind, keep: (name: string) => boolean = () => false): Promise<number> {
    let removed = 0;
    for (const name of await fsp.readdir(this.dir(kind))) {
      if (keep(name)) continue;
      await fsp.rm(path.join(this.dir(kind), name), { force: true, recursive: true });
      removed++;
    }
    return removed;
  }
}
