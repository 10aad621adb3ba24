import type { Kysely } from 'kysely';
import type { AlbumRow, Database, PhotoRow } from '../db/schema';
import { findByIdempotencyKey, insertPhoto } from '../repositories/photos';
import { storageKeys } from './files';
import { newId } from './ids';
import type { Storage } from './storage';
import type { TempArea } from './temp-area';
import type { ReceivedFile } from './upload-rules';

/** What storing uploads needs, and nothing more. */
export interface IngestDeps {
  db: Kysely<Database>;
  storage: Storage;
  temp: Pick<TempArea, 'remove'>;
  /** Tells the album's subscribers about photos just stored. */
  announce: (album: AlbumRow, photos: PhotoRow[]) => void;
  /** Queues photos for thumbnails and posters; a photo that could not be queued stays processing. */
  enqueue: (photoIds: string[]) => Promise<void>;
}

let lastTimestamp = 0;
/** Strictly increasing timestamps within the process, so newest-first is exact inside one request. */
function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp).toISOString();
}

/**
 * Files the finished temporary files into the album: one row per file, the file moved into storage
 * (a rename on local disk, an upload to the bucket) before its row is written. A file already stored
 * under the same idempotency key (album + client file name + size) is not stored again: its existing
 * row is answered. New photos are announced to the album's subscribers and queued for the media
 * worker. Answers one row per file, in order.
 */
export async function storeUploads(deps: IngestDeps, album: AlbumRow, userId: string, files: ReceivedFile[]): Promise<PhotoRow[]> {
  const { db, storage, temp } = deps;
  const stored: PhotoRow[] = [];
  const created: PhotoRow[] = [];
  try {
    for (const file of files) {
      const existing = file.clientName ? await findByIdempotencyKey(db, album.id, file.clientName, file.size) : undefined;
      if (existing) {
        await temp.remove(file.temp);
        stored.push(existing);
        continue;
      }
      const id = newId.photo();
      const row: PhotoRow = {
        id,
        album_id: album.id,
        user_id: userId,
        original_path: `${storageKeys.albumFolder(album.event_id, album.id)}/${id}.${file.type.ext}`,
        compressed_path: null,
        file_type: file.type.kind,
        processing: 1,
        error: null,
        client_file_name: file.clientName,
        client_file_size: file.size,
        created_at: nextTimestamp(),
        content_sha256: null,
        delete_key_hash: null,
        hidden: 0,
        pending: 0,
      };
      // The file goes into storage first, then its row: a failed store leaves no row (and the client's
      // retry stores it), a refused row removes the stored file. A row never points at a missing file.
      await storage.moveIn(file.temp, row.original_path, file.type.mime);
      try {
        await insertPhoto(db, row);
      } catch (error) {
        await storage.remove(row.original_path).catch(() => undefined);
        // A concurrent retry of the same file won the unique index: answer its row.
        const winner = file.clientName ? await findByIdempotencyKey(db, album.id, file.clientName, file.size) : undefined;
        if (!winner) throw error;
        stored.push(winner);
        continue;
      }
      created.push(row);
      stored.push(row);
    }
  } finally {
    // Whatever happens, announce and process what was stored.
    if (created.length > 0) {
      deps.announce(album, created);
      await deps.enqueue(created.map((row) => row.id));
    }
  }
  return stored;
}
