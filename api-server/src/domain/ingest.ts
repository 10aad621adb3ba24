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
 * Files the finished temporary files into the album: one row per file, the file moved into storage
 * (a rename on local disk, an upload to the bucket) before its row is written. A file already stored
 * under the same idempotency key (album + client file name + size) is not stored again: its existing
 * item is answered. New photos are announced to the album's subscribers and queued for the media worker.
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
      // The file goes into storage first, then its row: a failed store leaves no row (and the client's
      // retry stores it), a refused row removes the stored file. A row never points at a missing file.
      await app.storage.moveIn(file.temp, row.original_path, file.type.mime);
      try {
        await app.db.insertInto('photos').values(row).execute();
      } catch (error) {
        await app.storage.remove(row.original_path).catch(() => undefined);
        // A concurrent retry of the same file won the unique index: answer its row.
        const winner = file.clientName ? await findByIdempotencyKey(app.db, album.id, file.clientName, file.size) : undefined;
        if (!winner) throw error;
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
      // A photo that could not be queued stays processing and is queued again at the next start.
      await app.media.enqueue(created.map((row) => row.id)).catch((error: unknown) => app.log.error({ err: error }, 'could not queue media jobs'));
    }
  }
  return items;
}
