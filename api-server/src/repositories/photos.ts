import type { Kysely } from 'kysely';
import type { AlbumRow, Database, PhotoRow } from '../db/schema';
import { fileUrl } from '../domain/files';
import { isEventId } from '../domain/ids';
import { HttpError, messages, notFound } from '../errors';

export interface PhotoItem {
  id: string;
  original_photo: string;
  compressed_photo: string | null;
  user_id: string;
  processing: boolean;
  error: false | string;
  file_type: 'image' | 'video';
  created_at: string;
}

export const presentPhoto = (row: PhotoRow): PhotoItem => ({
  id: row.id,
  original_photo: fileUrl(row.original_path),
  compressed_photo: row.compressed_path ? fileUrl(row.compressed_path) : null,
  user_id: row.user_id,
  processing: Number(row.processing) === 1,
  error: row.error ? row.error : false,
  file_type: row.file_type === 'video' ? 'video' : 'image',
  created_at: row.created_at,
});

export const presentUpdate = (row: PhotoRow) => {
  const item = presentPhoto(row);
  return { id: item.id, compressed_photo: item.compressed_photo, error: item.error, processing: item.processing };
};

export type AlbumWithOwner = AlbumRow & { organiser_id: string };

const albumWithOwner = (db: Kysely<Database>) =>
  db.selectFrom('albums').innerJoin('events', 'events.id', 'albums.event_id').selectAll('albums').select('events.organiser_id');

/**
 * The album a guest uploads into: an album id, or an event id meaning the event's first album open
 * for uploads (DESIGN §3). 404 when unknown; 403 when it does not take uploads.
 */
export async function findUploadAlbum(db: Kysely<Database>, id: string): Promise<AlbumWithOwner> {
  if (isEventId(id)) {
    const event = await db.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst();
    if (!event) throw notFound(messages.eventNotFound);
    const album = await albumWithOwner(db)
      .where('albums.event_id', '=', id)
      .where('albums.is_available', '=', 1)
      .orderBy('albums.created_at')
      .orderBy('albums.id')
      .executeTakeFirst();
    if (!album) throw new HttpError(403, messages.albumNotAvailable);
    return album;
  }
  const album = await albumWithOwner(db).where('albums.id', '=', id).executeTakeFirst();
  if (!album) throw notFound(messages.albumNotFound);
  if (Number(album.is_available) !== 1) throw new HttpError(403, messages.albumNotAvailable);
  return album;
}

/** The album if the caller may see it: public albums for anyone, every album for its owner; 404 otherwise. */
export async function findReadableAlbum(db: Kysely<Database>, albumId: string, organiserId: string | null): Promise<AlbumWithOwner> {
  const album = await albumWithOwner(db).where('albums.id', '=', albumId).executeTakeFirst();
  if (!album) throw notFound(messages.albumNotFound);
  if (Number(album.is_public) !== 1 && album.organiser_id !== organiserId) throw notFound(messages.albumNotFound);
  return album;
}

/** The albums a listing id covers: the album itself, or the readable albums of an event. */
export async function readableAlbumIds(db: Kysely<Database>, id: string, organiserId: string | null): Promise<string[]> {
  if (!isEventId(id)) return [(await findReadableAlbum(db, id, organiserId)).id];
  const event = await db.selectFrom('events').select(['id', 'organiser_id']).where('id', '=', id).executeTakeFirst();
  if (!event) throw notFound(messages.eventNotFound);
  let query = db.selectFrom('albums').select('id').where('event_id', '=', id);
  if (event.organiser_id !== organiserId) query = query.where('is_public', '=', 1);
  return (await query.execute()).map((row) => row.id);
}

export async function listPhotos(db: Kysely<Database>, albumIds: string[], userId?: string): Promise<PhotoRow[]> {
  if (albumIds.length === 0) return [];
  let query = db.selectFrom('photos').selectAll().where('album_id', 'in', albumIds);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function photosByIds(db: Kysely<Database>, albumIds: string[], ids: string[] | null): Promise<PhotoRow[]> {
  if (albumIds.length === 0 || (ids && ids.length === 0)) return [];
  let query = db.selectFrom('photos').selectAll().where('album_id', 'in', albumIds);
  if (ids) query = query.where('id', 'in', ids);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Distinct uploader names, sorted the same way on both databases. */
export async function listUploaders(db: Kysely<Database>, albumIds: string[]): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const rows = await db.selectFrom('photos').select('user_id').distinct().where('album_id', 'in', albumIds).execute();
  return rows.map((row) => row.user_id).sort((a, b) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
}

export function findByIdempotencyKey(db: Kysely<Database>, albumId: string, fileName: string, size: number): Promise<PhotoRow | undefined> {
  return db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', '=', albumId)
    .where('client_file_name', '=', fileName)
    .where('client_file_size', '=', size)
    .executeTakeFirst();
}

export function findPhoto(db: Kysely<Database>, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pendingPhotoIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('photos').select('id').where('processing', '=', 1).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function finishProcessing(db: Kysely<Database>, id: string, result: { compressedPath: string | null; error: string | null }) {
  await db
    .updateTable('photos')
    .set({ processing: 0, compressed_path: result.compressedPath, error: result.error })
    .where('id', '=', id)
    .execute();
}
