import type { Kysely } from 'kysely';
import type { AlbumRow, Database, PhotoRow } from '../db/schema';
import { HttpError } from '../errors';
import { findByContent, findByIdempotencyKey, insertPhoto, setDeleteKeyHash } from '../repositories/photos';
import { clientKeyMatches } from '../domain/client-key';
import { newDeleteKey } from '../domain/delete-key';
import { storageKeys } from '../domain/files';
import { newId } from '../domain/ids';
import type { MediaType } from '../domain/media-type';
import { previewKeyOf, type PreviewHeader } from '../domain/photo-preview';
import type { Storage } from '../infra/storage';
import type { Staged } from '../infra/storage/staged';

/**
 * A received file (issue 24): its bytes staged by the storage (storage/staging.ts: committed under
 * the photo's key by storeUploads, or aborted), and what they are.
 */
export type ReceivedFile = {
  staged: Staged;
  /** The photo id the bytes were staged for (their key names it), when they were; else storeUploads picks one. */
  photoId?: string;
  clientName: string | null;
  size: number;
  type: MediaType;
  /** SHA-256 (hex) of the file's bytes: the same bytes are stored once per album. */
  sha256: string;
  /** Issue 23: SHA-256 (hex) of the client key sent with the file, null without one. */
  clientKeyHash: string | null;
  /** A video's length read as its bytes passed (null: unreadable; undefined: the staged file must be read), when the staging did not keep them on this machine (video-limit.ts). */
  duration?: Promise<number | null | undefined>;
  /**
   * Issue 29: the guest's preview of the photo, sent in the same request right after it (its header
   * checked by the route, domain/photo-preview.ts): stored with it, it is the photo's grid copies from the start.
   */
  preview?: { bytes: Buffer; type: PreviewHeader['type'] };
};


/** What storing uploads needs, and nothing more. */
export interface IngestDeps {
  db: Kysely<Database>;
  /** Removes a committed original whose row was refused; stores a guest's preview. */
  storage: Pick<Storage, 'remove' | 'put'>;
  /** A preview that could not be stored (the photo then waits for the server's copies). */
  warn?: (details: object, message: string) => void;
  /** Tells the album's subscribers about photos just stored. */
  announce: (album: AlbumRow, photos: PhotoRow[]) => void;
  /** Queues photos for thumbnails and posters; a photo that could not be queued stays processing. */
  enqueue: (photoIds: string[]) => Promise<void>;
  /** Issue 27 item 5: photos of this event arrived waiting for approval (the organisers' alert). */
  photosPending?: (eventId: string) => void;
  /** Issue 27 item 6: every photo stored (pending ones too), for the event's webhook. */
  stored?: (album: AlbumRow, photos: PhotoRow[]) => void;
  /** Issue 25: throws (413) when a video is longer than its event allows, before anything is stored. */
  checkVideos?: (album: AlbumRow, files: ReceivedFile[]) => Promise<void>;
}

/** Where a photo's original is stored: in its album's folder, named after its id and detected type. */
export const originalKey = (album: Pick<AlbumRow, 'id' | 'event_id'>, photoId: string, type: Pick<MediaType, 'ext'>) =>
  `${storageKeys.albumFolder(album.event_id, album.id)}/${photoId}.${type.ext}`;

let lastTimestamp = 0;
/** Strictly increasing timestamps within the process, so newest-first is exact inside one request. */
function nextTimestamp(): string {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1);
  return new Date(lastTimestamp).toISOString();
}

/**
 * Issue 29: stores the guest's preview sent with a photo and makes it the row's grid copies (both
 * sizes, no screen copy: the state a first copies' job leaves, so the photo is on every screen with
 * its announcement). Its job makes the server's own copies and removes the preview. A preview that
 * cannot be stored is logged and left out: the photo waits for its job as without one. Answers its key.
 */
async function storePreview(deps: IngestDeps, row: PhotoRow, file: ReceivedFile): Promise<string | null> {
  if (!file.preview || row.file_type !== 'image') return null;
  const key = previewKeyOf(row.original_path, file.preview.type);
  try {
    await deps.storage.put(key, file.preview.bytes, file.preview.type);
  } catch (error) {
    deps.warn?.({ err: error, photoId: row.id }, 'could not store the guest preview');
    return null;
  }
  Object.assign(row, { processing: 0, compressed_path: key, thumb_path: key });
  return key;
}

/** One file of an upload as its sender learns it. */
export interface StoredUpload {
  row: PhotoRow;
  /** The name the client sent for this file (its queue's key), echoed. */
  clientName: string | null;
  /** The album already held these bytes: `row` is the existing photo, nothing was stored. */
  duplicate: boolean;
  /** The key that lets the sender remove the photo; never for a duplicate. */
  deleteKey?: string;
}

export const sameNameMessage = 'Outro arquivo com o mesmo nome e tamanho já foi enviado a este álbum. Selecione o arquivo de novo para enviá-lo.';

/**
 * The files of `files` (client name, size and client key) the album holds under those names, for a
 * request that failed part-way to learn what was stored. Issue 23: only a file whose client key
 * matches the one it was sent with is answered (the name and size prove nothing); a published photo
 * with a new delete key, a hidden or pending one as stored without its data (`withheld`).
 */
export async function findStored(
  db: Kysely<Database>,
  albumId: string,
  files: Array<{ name: string; size: number; clientKey: string }>,
): Promise<{ found: StoredUpload[]; withheld: Array<{ clientName: string; pending: boolean }> }> {
  const found: StoredUpload[] = [];
  const withheld: Array<{ clientName: string; pending: boolean }> = [];
  for (const file of files) {
    const row = await findByIdempotencyKey(db, albumId, file.name, file.size);
    if (!row || !clientKeyMatches(file.clientKey, row.client_key_hash)) continue;
    if (Number(row.hidden) === 1 || Number(row.pending) === 1) {
      withheld.push({ clientName: file.name, pending: Number(row.pending) === 1 && Number(row.hidden) === 0 });
      continue;
    }
    const { key, hash } = newDeleteKey();
    await setDeleteKeyHash(db, row.id, hash);
    found.push({ row, clientName: file.name, duplicate: false, deleteKey: key });
  }
  return { found, withheld };
}

/**
 * Files the finished temporary files into the album, answering one StoredUpload per file, in order.
 * - A retry of the same file (album + the client's random unique name + size) answers the row the
 *   first try stored, with a new delete key (the sender may have lost the first answer; only the
 *   device that made the random name can send it again).
 * - The same bytes already in the album (SHA-256) answer the existing row as a duplicate: nothing is
 *   stored or announced and no delete key is given (holding the bytes gives no power over another
 *   guest's photo).
 * - Otherwise the staged file is committed under the photo's key (storage/staging.ts), then its row. Two requests racing with the same bytes: the unique index on (album, hash) decides, the loser
 *   removes its copy and answers the winner as a duplicate.
 * New photos are announced to the album's subscribers and queued for the media worker.
 */
export async function storeUploads(deps: IngestDeps, album: AlbumRow, userId: string, files: ReceivedFile[], options: { place?: string | null } = {}): Promise<StoredUpload[]> {
  const { db, storage } = deps;
  const answers: StoredUpload[] = [];
  const created: PhotoRow[] = [];
  /** Drops the bytes of a file that is not stored (a retry, a duplicate). */
  const discard = (file: ReceivedFile) => file.staged.abort();
  /** The row a retry or a duplicate answers, if one exists now. */
  const earlier = async (file: ReceivedFile): Promise<StoredUpload | null> => {
    const retried = file.clientName ? await findByIdempotencyKey(db, album.id, file.clientName, file.size) : undefined;
    // Issue 23: a retry is its sender's only with the client key the first copy came with.
    if (retried && file.clientKeyHash !== null && retried.client_key_hash === file.clientKeyHash) {
      const { key, hash } = newDeleteKey();
      await setDeleteKeyHash(db, retried.id, hash);
      return { row: retried, clientName: file.clientName, duplicate: false, deleteKey: key };
    }
    if (retried && retried.content_sha256 === file.sha256) return { row: retried, clientName: file.clientName, duplicate: true };
    if (retried) throw new HttpError(409, sameNameMessage);
    const same = await findByContent(db, album.id, file.sha256);
    return same ? { row: same, clientName: file.clientName, duplicate: true } : null;
  };
  // Staged files not answered are their caller's to abort (a one-request upload's go; an assembled
  // chunk session stays for its finalize's retry).
  try {
    // A video over the event's length limit refuses the whole request: nothing of it is stored.
    if (deps.checkVideos) {
      try {
        await deps.checkVideos(album, files);
      } catch (error) {
        await Promise.all(files.map((file) => discard(file)));
        throw error;
      }
    }
    for (const file of files) {
      const existing = await earlier(file);
      if (existing) {
        await discard(file);
        answers.push(existing);
        continue;
      }
      const id = file.photoId ?? newId.photo();
      const deleteKey = newDeleteKey();
      const row: PhotoRow = {
        id,
        album_id: album.id,
        user_id: userId,
        original_path: originalKey(album, id, file.type),
        compressed_path: null,
        display_path: null,
        thumb_path: null,
        file_type: file.type.kind,
        processing: 1,
        error: null,
        client_file_name: file.clientName,
        client_file_size: file.size,
        created_at: nextTimestamp(),
        content_sha256: file.sha256,
        delete_key_hash: deleteKey.hash,
        client_key_hash: file.clientKeyHash,
        hidden: 0,
        // An album that asks for approval keeps a guest's photo from the others until the organiser approves it.
        pending: Number(album.requires_approval) === 1 ? 1 : 0,
        favorite: 0,
        guest_path: null,
        playback_path: null,
        playback_error: null,
        duration: null,
        width: null,
        height: null,
        taken_at: null,
        metadata_read: 0,
        // Issue 28: the place of the QR code the guest came from.
        place: options.place ?? null,
      };
      // The file goes into storage first, then its row: a failed store leaves no row (and the client's
      // retry stores it), a refused row removes the stored file. A row never points at a missing file.
      await file.staged.commit(row.original_path, file.type.mime);
      const preview = await storePreview(deps, row, file);
      try {
        await insertPhoto(db, row);
      } catch (error) {
        await storage.remove(row.original_path).catch(() => undefined);
        if (preview) await storage.remove(preview).catch(() => undefined);
        // A concurrent request won a unique index (the same file retried, or the same bytes): answer its row.
        const winner = await earlier(file);
        if (!winner) throw error;
        answers.push(winner);
        continue;
      }
      created.push(row);
      answers.push({ row, clientName: file.clientName, duplicate: false, deleteKey: deleteKey.key });
    }
  } finally {
    // Whatever happens, announce and process what was stored.
    if (created.length > 0) {
      // Photos waiting for approval are announced when approved, not now.
      deps.announce(album, created.filter((row) => row.pending === 0));
      deps.stored?.(album, created);
      await deps.enqueue(created.map((row) => row.id));
      if (created.some((row) => row.pending === 1)) deps.photosPending?.(album.event_id);
    }
  }
  return answers;
}
