import type { Kysely } from 'kysely';
import type { Database, PhotoRow } from '../db/schema';
import { photoFileColumns } from '../domain/files';

export { photoFileColumns };

/** The storage keys of every file a photo row points at (each once: a guest copy may be the original itself). */
export function photoFileKeys(row: Pick<PhotoRow, (typeof photoFileColumns)[number]>): string[] {
  // Without ffmpeg a video's playback rendition is its original: each key once.
  return [...new Set(photoFileColumns.map((column) => row[column]).filter((key): key is string => !!key))];
}

/** Records the guests' copy of a photo's original (issue 22). */
export async function setGuestPath(db: Kysely<Database>, id: string, key: string): Promise<void> {
  await db.updateTable('photos').set({ guest_path: key }).where('id', '=', id).execute();
}

/**
 * Who reads a list: the event's owner sees every photo (hidden and pending ones marked); everyone
 * else only the published ones (issue 11: neither hidden by the organiser nor waiting for approval).
 */
export type Audience = 'owner' | 'guest';


/**
 * An album's photos, newest first ('recent'), or in the order they were taken ('taken': capture time,
 * oldest first, those of unknown time last, newest sent first among them); `limit` stops at the first
 * ones (the gallery's painted first screen); `place` keeps those sent from one place (issue 28).
 */
export async function listPhotos(
  db: Kysely<Database>,
  albumIds: string[],
  userId?: string,
  audience: Audience = 'guest',
  limit?: number,
  order: 'recent' | 'taken' = 'recent',
  place?: string,
): Promise<PhotoRow[]> {
  if (albumIds.length === 0) return [];
  let query = db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .$if(audience === 'guest', (qb) => qb.where('hidden', '=', 0).where('pending', '=', 0));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  if (place !== undefined) query = query.where('place', '=', place);
  if (limit !== undefined) query = query.limit(limit);
  if (order === 'taken') {
    // Unknown capture times last on both databases (SQLite sorts NULL first, PostgreSQL last).
    query = query.orderBy((eb) => eb.case().when('taken_at', 'is', null).then(1).else(0).end()).orderBy('taken_at', 'asc');
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function photosByIds(db: Kysely<Database>, albumIds: string[], ids: string[] | null, audience: Audience = 'guest'): Promise<PhotoRow[]> {
  if (albumIds.length === 0 || (ids && ids.length === 0)) return [];
  let query = db
    .selectFrom('photos')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .$if(audience === 'guest', (qb) => qb.where('hidden', '=', 0).where('pending', '=', 0));
  if (ids) query = query.where('id', 'in', ids);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Sets the organiser's flags on a photo. */
export async function setPhotoFlags(db: Kysely<Database>, id: string, flags: { hidden?: 0 | 1; pending?: 0 | 1; favorite?: 0 | 1 }): Promise<void> {
  await db.updateTable('photos').set(flags).where('id', '=', id).execute();
}

/** Counts per event (issue 11): images, videos, distinct uploaders and the originals' bytes, every photo included. */
export async function eventPhotoStats(db: Kysely<Database>, eventIds: string[]) {
  if (eventIds.length === 0) return new Map<string, PhotoStats>();
  const rows = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select((eb) => [
      'albums.event_id as event_id',
      eb.fn.count<number | string>(eb.case().when('photos.file_type', '=', 'video').then(null).else(1).end()).as('photos'),
      eb.fn.count<number | string>(eb.case().when('photos.file_type', '=', 'video').then(1).else(null).end()).as('videos'),
      eb.fn.count<number | string>('photos.user_id').distinct().as('guests'),
      eb.fn.sum<number | string | null>('photos.client_file_size').as('bytes'),
    ])
    .where('albums.event_id', 'in', eventIds)
    .groupBy('albums.event_id')
    .execute();
  return new Map(rows.map((row) => [row.event_id, { photos: Number(row.photos), videos: Number(row.videos), guests: Number(row.guests), bytes: Number(row.bytes ?? 0) }]));
}

export interface PhotoStats {
  photos: number;
  videos: number;
  guests: number;
  bytes: number;
}

/** Per album: how many items it holds and its newest item's grid rendition (the owner's album tiles). */
export async function albumPhotoStats(db: Kysely<Database>, albumIds: string[]) {
  const stats = new Map<string, { count: number; cover: string | null }>();
  if (albumIds.length === 0) return stats;
  const counts = await db
    .selectFrom('photos')
    .select((eb) => ['album_id', eb.fn.countAll<number | string>().as('count')])
    .where('album_id', 'in', albumIds)
    .groupBy('album_id')
    .execute();
  for (const row of counts) stats.set(row.album_id, { count: Number(row.count), cover: null });
  // The newest finished rendition of each album: one small query per album with photos.
  await Promise.all(
    [...stats.entries()].map(async ([albumId, entry]) => {
      const newest = await db
        .selectFrom('photos')
        .select('compressed_path')
        .where('album_id', '=', albumId)
        .where('compressed_path', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      entry.cover = newest?.compressed_path ?? null;
    }),
  );
  return stats;
}

/** The photos a download holds, in folder order (album, uploader, time). */
export function photosForDownload(db: Kysely<Database>, albumIds: string[], options: { userId?: string; includeHidden: boolean; place?: string }) {
  if (albumIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom('photos').selectAll().where('album_id', 'in', albumIds);
  if (!options.includeHidden) query = query.where('hidden', '=', 0).where('pending', '=', 0);
  if (options.userId !== undefined) query = query.where('user_id', '=', options.userId);
  if (options.place !== undefined) query = query.where('place', '=', options.place);
  return query.orderBy('album_id').orderBy('user_id').orderBy('created_at').orderBy('id').execute();
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Distinct uploader names, sorted the same way on both databases. */
export async function listUploaders(db: Kysely<Database>, albumIds: string[], audience: Audience = 'guest'): Promise<string[]> {
  if (albumIds.length === 0) return [];
  const rows = await db
    .selectFrom('photos')
    .select('user_id')
    .distinct()
    .where('album_id', 'in', albumIds)
    .$if(audience === 'guest', (qb) => qb.where('hidden', '=', 0).where('pending', '=', 0))
    .execute();
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

/** The album's photo holding these bytes (SHA-256, hex), if any. */
export function findByContent(db: Kysely<Database>, albumId: string, sha256: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('album_id', '=', albumId).where('content_sha256', '=', sha256).executeTakeFirst();
}

/** Replaces the hash of a photo's delete key (a new key handed to its sender). */
export async function setDeleteKeyHash(db: Kysely<Database>, id: string, hash: string): Promise<void> {
  await db.updateTable('photos').set({ delete_key_hash: hash }).where('id', '=', id).execute();
}

/** Up to `limit` photos without a content hash, after `afterId` in id order (the backfill's cursor). */
export function photosWithoutContentHash(db: Kysely<Database>, afterId: string, limit: number) {
  return db
    .selectFrom('photos')
    .select(['id', 'album_id', 'original_path'])
    .where('content_sha256', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Records a photo's content hash unless one is there already. */
export async function setContentHash(db: Kysely<Database>, id: string, sha256: string): Promise<void> {
  await db.updateTable('photos').set({ content_sha256: sha256 }).where('id', '=', id).where('content_sha256', 'is', null).execute();
}

export async function insertPhoto(db: Kysely<Database>, row: PhotoRow): Promise<void> {
  await db.insertInto('photos').values(row).execute();
}

export function findPhoto(db: Kysely<Database>, id: string): Promise<PhotoRow | undefined> {
  return db.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function pendingPhotoIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('photos').select('id').where('processing', '=', 1).orderBy('created_at').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Ends a photo's processing with its first copies (or its error). With `only` (issue 29), only a row
 * still processing, or one whose grid copy is still the guest's preview `only.preview`; answers
 * whether the row was written.
 */
export async function finishProcessing(
  db: Kysely<Database>,
  id: string,
  result: { compressedPath: string | null; displayPath: string | null; thumbPath?: string | null; error: string | null; metadata?: MediaMetadata },
  only?: { processing: true } | { preview: string },
): Promise<boolean> {
  let update = db
    .updateTable('photos')
    .set({
      processing: 0,
      compressed_path: result.compressedPath,
      display_path: result.displayPath,
      thumb_path: result.thumbPath ?? null,
      error: result.error,
      ...(result.metadata ? metadataColumns(result.metadata) : {}),
    })
    .where('id', '=', id);
  if (only && 'processing' in only) update = update.where('processing', '=', 1);
  if (only && 'preview' in only) update = update.where('compressed_path', '=', only.preview);
  const written = await update.executeTakeFirst();
  return Number(written.numUpdatedRows) > 0;
}

/**
 * Issue 29: the guest's preview becomes a processing photo's grid copies (both sizes, no screen copy):
 * the state its first copies' job leaves, so every list and wall shows it as they would. Answers false
 * when the photo is no longer processing (its job was first) or is gone.
 */
export async function showPreview(db: Kysely<Database>, id: string, key: string): Promise<boolean> {
  const result = await db
    .updateTable('photos')
    .set({ processing: 0, compressed_path: key, thumb_path: key, display_path: null })
    .where('id', '=', id)
    .where('processing', '=', 1)
    .where('file_type', '=', 'image')
    .where('error', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** What the media job reads of a file (issue 25): the capture time, and a video's length and size. */
export interface MediaMetadata {
  takenAt: string | null;
  duration?: number | null;
  width?: number | null;
  height?: number | null;
}

const metadataColumns = (metadata: MediaMetadata) => ({
  taken_at: metadata.takenAt,
  metadata_read: 1,
  ...(metadata.duration !== undefined ? { duration: metadata.duration, width: metadata.width ?? null, height: metadata.height ?? null } : {}),
});

/** Records what was read of a stored photo (the metadata backfill). */
export async function setMetadata(db: Kysely<Database>, id: string, metadata: MediaMetadata): Promise<void> {
  await db.updateTable('photos').set(metadataColumns(metadata)).where('id', '=', id).execute();
}

/** A video's length and size as the video lane read them, where the poster job has not written them yet (it may run at the same time). */
export async function setVideoSize(db: Kysely<Database>, id: string, size: { duration: number | null; width: number | null; height: number | null }): Promise<void> {
  await db.updateTable('photos').set(size).where('id', '=', id).where('duration', 'is', null).execute();
}

/** Records a video's playback rendition, or why it could not be made. */
export async function setPlayback(db: Kysely<Database>, id: string, result: { path: string } | { error: string }): Promise<void> {
  await db
    .updateTable('photos')
    .set('path' in result ? { playback_path: result.path, playback_error: null } : { playback_path: null, playback_error: result.error })
    .where('id', '=', id)
    .execute();
}

/** Finished videos without a playback rendition (stored before issue 25, or cut short): the video lane's backfill, oldest first. */
export async function videosNeedingPlayback(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('file_type', '=', 'video')
    .where('processing', '=', 0)
    .where('playback_path', 'is', null)
    .where('playback_error', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Finished photos made before renditions existed (a 1600-px thumbnail, no display copy), before the
 * phone grid's rendition (no thumb_path, issue 29), or before capture times were read (issue 25): the
 * backfill's work, oldest first.
 */
export async function photosNeedingRenditions(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('photos')
    .select('id')
    .where('processing', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('error', 'is', null),
          eb('compressed_path', 'is not', null),
          eb.or([eb('display_path', 'is', null), eb('thumb_path', 'is', null)]),
        ]),
        eb('metadata_read', '=', 0),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The backfill's result: the new renditions of a finished photo. */
export async function replaceRenditions(db: Kysely<Database>, id: string, paths: { compressedPath: string; displayPath: string; thumbPath: string }) {
  await db
    .updateTable('photos')
    .set({ compressed_path: paths.compressedPath, display_path: paths.displayPath, thumb_path: paths.thumbPath })
    .where('id', '=', id)
    .execute();
}

/** The backfill's result for a photo that had its other renditions: its phone grid's rendition (issue 29). */
export async function setThumbRendition(db: Kysely<Database>, id: string, thumbPath: string) {
  await db.updateTable('photos').set({ thumb_path: thumbPath }).where('id', '=', id).execute();
}

/** The screen rendition of a photo shown with its first ones (issue 29: the screen lane's result). */
export async function setDisplayRendition(db: Kysely<Database>, id: string, displayPath: string) {
  await db.updateTable('photos').set({ display_path: displayPath }).where('id', '=', id).execute();
}

/** The photo with its album and the album's owner, or undefined. */
export function findPhotoWithAlbum(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .innerJoin('events', 'events.id', 'albums.event_id')
    .selectAll('photos')
    .select(['albums.event_id', 'albums.is_public', 'events.organiser_id'])
    .where('photos.id', '=', id)
    .executeTakeFirst();
}

/** Deletes the rows; answers the ids that were there (a concurrent removal may have taken some). */
export async function deletePhotos(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.deleteFrom('photos').where('id', 'in', ids).returning('id').execute();
  return rows.map((row) => row.id);
}

/** What an event holds now: its photos and videos, and their originals' bytes (the quota's measure). */
export async function eventUsage(db: Kysely<Database>, eventId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select((eb) => [eb.fn.countAll<number | string>().as('files'), eb.fn.sum<number | string | null>('photos.client_file_size').as('bytes')])
    .where('albums.event_id', '=', eventId)
    .executeTakeFirst();
  // Issue 26: the guestbook's voice notes count toward the event's bytes.
  const audio = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.sum<number | string | null>('audio_bytes').as('bytes'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) + Number(audio?.bytes ?? 0) };
}
