import type { AlbumFields } from '@momentos/api-contract';
import type { Kysely } from 'kysely';
import { photoFileColumns, photoFileKeys } from './photos';
import type { AlbumRow, Database } from '../db/schema';
import { newId } from '../domain/ids';

export type { AlbumFields };

export function listAlbums(db: Kysely<Database>, eventId: string, onlyPublic: boolean): Promise<AlbumRow[]> {
  let query = db.selectFrom('albums').selectAll().where('event_id', '=', eventId);
  if (onlyPublic) query = query.where('is_public', '=', 1);
  return query.orderBy('created_at').orderBy('id').execute();
}

export type AlbumWithOwner = AlbumRow & { organiser_id: string };

const albumWithOwner = (db: Kysely<Database>) =>
  db.selectFrom('albums').innerJoin('events', 'events.id', 'albums.event_id').selectAll('albums').select('events.organiser_id');

/** The album with the organiser that owns its event. */
export function findAlbumWithOwner(db: Kysely<Database>, albumId: string): Promise<AlbumWithOwner | undefined> {
  return albumWithOwner(db).where('albums.id', '=', albumId).executeTakeFirst();
}

/** The event's first album open for uploads (oldest first), with its owner. */
export function firstOpenAlbumOf(db: Kysely<Database>, eventId: string): Promise<AlbumWithOwner | undefined> {
  return albumWithOwner(db)
    .where('albums.event_id', '=', eventId)
    .where('albums.is_available', '=', 1)
    .orderBy('albums.created_at')
    .orderBy('albums.id')
    .executeTakeFirst();
}

/** Ids of the event's albums (only the public ones when asked). */
export async function albumIdsOf(db: Kysely<Database>, eventId: string, onlyPublic: boolean): Promise<string[]> {
  let query = db.selectFrom('albums').select('id').where('event_id', '=', eventId);
  if (onlyPublic) query = query.where('is_public', '=', 1);
  return (await query.execute()).map((row) => row.id);
}

const flags = (fields: AlbumFields) => ({
  is_public: fields.is_public ? 1 : 0,
  is_available: fields.is_available ? 1 : 0,
  requires_approval: fields.requires_approval ? 1 : 0,
});

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
    const photos = await trx.selectFrom('photos').select([...photoFileColumns]).where('album_id', '=', albumId).execute();
    await trx.deleteFrom('photos').where('album_id', '=', albumId).execute();
    await trx.deleteFrom('albums').where('id', '=', albumId).execute();
    return photos.flatMap(photoFileKeys);
  });
}
