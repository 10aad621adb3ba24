import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { photosWithoutContentHash, setContentHash } from '../repositories/photos';
import type { Storage } from '../infra/storage';

export interface BackfillDeps {
  db: Kysely<Database>;
  storage: Pick<Storage, 'get'>;
  warn: (details: object, message: string) => void;
  /** Stops the walk between photos (the server is closing). */
  stopped: () => boolean;
}

/** Photos read from storage at once: enough to overlap the store's latency, little enough to leave the uploads room. */
export const BACKFILL_CONCURRENCY = 2;
const PAGE = 100;

async function hashStored(storage: Pick<Storage, 'get'>, key: string): Promise<string | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const hash = createHash('sha256');
  for await (const piece of file.body as AsyncIterable<Buffer>) hash.update(piece);
  return hash.digest('hex');
}

/**
 * Gives the photos stored before content hashes existed their SHA-256, reading each original once.
 * Resumable by construction: it walks only rows still without a hash (in id order), and each row is
 * written as soon as its hash is known, so a restart (or another instance doing the same) continues
 * where the work stands. Two old photos of one album with the same bytes: the second keeps no hash
 * (the unique index refuses it), which only means it takes no part in dedupe. Answers how many rows
 * got a hash.
 */
export async function backfillContentHashes(deps: BackfillDeps, concurrency = BACKFILL_CONCURRENCY): Promise<number> {
  let cursor = '';
  let hashed = 0;
  for (;;) {
    if (deps.stopped()) return hashed;
    const page = await photosWithoutContentHash(deps.db, cursor, PAGE);
    if (page.length === 0) return hashed;
    cursor = page[page.length - 1].id;
    let next = 0;
    const worker = async () => {
      while (next < page.length && !deps.stopped()) {
        const photo = page[next++];
        try {
          const sha256 = await hashStored(deps.storage, photo.original_path);
          if (!sha256) continue; // the file is gone: nothing to compare with
          await setContentHash(deps.db, photo.id, sha256);
          hashed += 1;
        } catch (error) {
          deps.warn({ err: error, photoId: photo.id }, 'content hash backfill skipped a photo');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  }
}
