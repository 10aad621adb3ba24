import type { FastifyInstance } from 'fastify';
import type { PhotoRow } from '../db/schema';
import { storageKeys } from './files';
import { newId } from './ids';
import type { ReceivedFile } from './upload-rules';
import { findByIdempotencyKey, presentPhoto, type AlbumWithOwner, type PhotoItem } from '../repositories/photos';

let lastTimestamp = 0;
/** Strictly increasing timestamps within the process, so newest-first is exact inside one request. */
function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp).toISOString();
}

/**
 * Files the finished temporary files into the album: one row per file, the file renamed into place
 * inside the row's transaction. A file already stored under the same idempotency key (album + client
 * file name + size) is not stored again: its existing item is answered. New photos are announced to
 * the album's subscribers and queued for the media worker.
 */
export async function storeUploads(app: FastifyInstance, album: AlbumWithOwner, userId: string, files: ReceivedFile[]): Promise<PhotoItem[]> {
  const items: PhotoItem[] = [];
  const created: PhotoRow[] = [];
  try {
    for (const file of files) {
      const existing = file.clientName ? await findByIdempotencyKey(app.db, album.id, file.clientName, file.size) : undefined;
      if (existing) {
        await app.temp.remove(file.temp);
        items.push(presentPhoto(existing));
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
      };
      let moved = false;
      try {
        await app.db.transaction().execute(async (trx) => {
          await trx.insertInto('photos').values(row).execute();
          await app.storage.moveIn(file.temp, row.original_path);
          moved = true;
        });
      } catch (error) {
        if (moved) await app.storage.remove(row.original_path);
        // A concurrent retry of the same file won the unique index: answer its row.
        const winner = file.clientName ? await findByIdempotencyKey(app.db, album.id, file.clientName, file.size) : undefined;
        if (!winner) throw error;
        await app.temp.remove(file.temp);
        items.push(presentPhoto(winner));
        continue;
      }
      created.push(row);
      items.push(presentPhoto(row));
    }
  } finally {
    // Whatever happens, announce and process what was stored.
    if (created.length > 0) {
      app.realtime.announce(album, created.map(presentPhoto));
      app.media.enqueue(created.map((row) => row.id));
    }
  }
  return items;
}
