import type { Kysely } from 'kysely';
import type { AlbumRow, Database } from '../db/schema';
import { newId } from '../domain/ids';

export interface AlbumFields {
  name: string;
  description: string;
  is_public: boolean;
  is_available: boolean;
}

export function listAlbums(db: Kysely<Database>, eventId: string, onlyPublic: boolean): Promise<AlbumRow[]> {
  let query = db.selectFrom('albums').selectAll().where('event_id', '=', eventId);
  if (onlyPublic) query = query.where('is_public', '=', 1);
  return query.orderBy('created_at').orderBy('id').execute();
}

/** The album with the organiser that owns its event. */
export function findAlbumWithOwner(db: Kysely<Database>, albumId: string) {
  return db
    .selectFrom('albums')
    .innerJoin('events', 'events.id', 'albums.event_id')
    .selectAll('albums')
    .select('events.organiser_id')
    .where('albums.id', '=', albumId)
    .executeTakeFirst();
}

const flags = (fields: AlbumFields) => ({ is_public: fields.is_public ? 1 : 0, is_available: fields.is_available ? 1 : 0 });

export async function createAlbum(db: Kysely<Database>, eventId: string, fields: AlbumFields): Promise<AlbumRow> {
  const now = new Date().toISOString();
  const row: AlbumRow = {
    id: newId.album(),
    event_id: eventId,
    name: fields.name,
    description: fields.description,
    ...flags(fields),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('albums').values(row).execute();
  return row;
}

export async function updateAlbum(db: Kysely<Database>, albumId: string, fields: AlbumFields): Promise<void> {
  await db
    .updateTable('albums')
    .set({ name: fields.name, description: fields.description, ...flags(fields), updated_at: new Date().toISOString() })
    .where('id', '=', albumId)
    .execute();
}

/** Deletes the album and its photos; answers the storage keys the photos used. */
export async function deleteAlbum(db: Kysely<Database>, albumId: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const photos = await trx.selectFrom('photos').select(['original_path', 'compressed_path']).where('album_id', '=', albumId).execute();
    await trx.deleteFrom('photos').where('album_id', '=', albumId).execute();
    await trx.deleteFrom('albums').where('id', '=', albumId).execute();
    return photos.flatMap((photo) => [photo.original_path, photo.compressed_path]).filter((key): key is string => !!key);
  });
}

export const presentAlbum = (row: AlbumRow) => ({
  id: row.id,
  album_name: row.name,
  album_description: row.description,
  is_available: Number(row.is_available) === 1,
  is_public: Number(row.is_public) === 1,
});
