import type { Kysely } from 'kysely';
import type { Database, PhotoRow } from '../db/schema';
import type { Storage } from '../infra/storage';
import { deletePhotos, photoFileKeys } from '../repositories/photos';

/** An album as the realtime hub addresses it. */
export interface RemovedFrom {
  id: string;
  event_id: string;
  is_public: number | boolean;
}

export interface RemovalDeps {
  db: Kysely<Database>;
  storage: Storage;
  /** Tells the album's open galleries (`photos_removed`). */
  announceRemoved: (album: RemovedFrom, ids: string[]) => void;
  /** Issue 27 item 6: the photos removed, for the event's webhook. */
  removed?: (album: RemovedFrom, photos: PhotoRow[]) => void;
  /** A file that could not be removed is left behind (an orphan, never a broken row): it is logged. */
  warn: (details: object, message: string) => void;
}

/**
 * Removes photos of one album: the rows first (so no list shows them a moment longer), then the
 * original and every rendition of each, then one announcement to the album's open galleries.
 * Answers the ids removed (a concurrent removal may have taken some already).
 */
export async function removePhotos(deps: RemovalDeps, album: RemovedFrom, photos: PhotoRow[]): Promise<string[]> {
  const removed = new Set(await deletePhotos(deps.db, photos.map((photo) => photo.id)));
  const gone = photos.filter((photo) => removed.has(photo.id));
  await removeStoredFiles(deps, gone.flatMap(photoFileKeys));
  const ids = gone.map((photo) => photo.id);
  deps.announceRemoved(album, ids);
  deps.removed?.(album, gone);
  return ids;
}

/**
 * Removes the files of rows already deleted, then (when given) their whole folder. The deletion is
 * committed, so a file that cannot be removed (the store down, a write landing meanwhile) is logged and
 * left to the orphan sweep (services/orphans.ts): the request that deleted the rows still succeeds.
 */
export async function removeStoredFiles(
  deps: { storage: Storage; warn: (details: object, message: string) => void },
  keys: string[],
  folder?: string,
): Promise<void> {
  await Promise.all(keys.map((key) => deps.storage.remove(key).catch((error: unknown) => deps.warn({ err: error, key }, 'could not remove a deleted file'))));
  if (folder) await deps.storage.removePrefix(folder).catch((error: unknown) => deps.warn({ err: error, folder }, 'could not remove a deleted folder'));
}
