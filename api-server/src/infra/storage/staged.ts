import type { Readable } from 'node:stream';
import type { TempArea } from '../temp-area';
import type { Storage } from './index';

/** A guest's file on its way into storage (see staging.ts). */
export interface StagedBytes {
  /** Where the bytes wait: a temporary file, or the store's key. */
  key: string;
  size: number;
  /** SHA-256 (hex) of the bytes, computed as they streamed in. */
  sha256: string;
  /** The first bytes (SNIFF_BYTES), for the type. */
  head: Buffer;
}

export interface Staged extends StagedBytes {
  /** The bytes before commit, to read them (ffprobe): a path on this machine, or a stream; null when kept nowhere. */
  read(): Promise<string | Readable | null>;
  /** Makes the bytes the stored file `key` (a photo's original). Done once; an abort after it does nothing. */
  commit(key: string, contentType: string): Promise<void>;
  /** Drops the bytes (a refused or duplicate file); nothing after a commit. Never throws. */
  abort(): Promise<void>;
}

/** A file staged in a temporary file of this machine. */
export function stagedFile(storage: Pick<Storage, 'moveIn'>, temp: Pick<TempArea, 'remove'>, file: string, bytes: Omit<StagedBytes, 'key'>): Staged {
  let done = false;
  return {
    key: file,
    ...bytes,
    read: async () => (done ? null : file),
    async commit(key, contentType) {
      if (done) throw new Error(`staged file already ${file} committed or aborted`);
      await storage.moveIn(file, key, contentType);
      done = true;
    },
    async abort() {
      if (done) return;
      done = true;
      await temp.remove(file).catch(() => undefined);
    },
  };
}

/** A file staged in the store under `key`: committed where it is, or renamed by the store when another key is asked. */
export function stagedObject(
  storage: Pick<Storage, 'remove' | 'get' | 'localPath'>,
  bytes: StagedBytes,
  rename: (from: string, to: string, contentType: string) => Promise<void>,
): Staged {
  let done = false;
  return {
    ...bytes,
    read: async () => (done ? null : ((await storage.localPath(bytes.key)) ?? (await storage.get(bytes.key))?.body ?? null)),
    async commit(key, contentType) {
      if (done) throw new Error(`staged object ${bytes.key} already committed or aborted`);
      if (key !== bytes.key) await rename(bytes.key, key, contentType);
      done = true;
    },
    async abort() {
      if (done) return;
      done = true;
      await storage.remove(bytes.key).catch(() => undefined);
    },
  };
}

/** Bytes that were not media: read, counted and hashed, kept nowhere. */
export const keptNowhere = (bytes: StagedBytes): Staged => ({
  ...bytes,
  read: async () => null,
  commit: async () => {
    throw new Error('bytes kept nowhere cannot be committed');
  },
  abort: async () => undefined,
});

