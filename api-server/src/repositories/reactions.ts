import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Issue 26: hearts, one per device per photo (the device identifier kept only as its SHA-256). */

export async function addHeart(db: Kysely<Database>, photoId: string, deviceHash: string): Promise<void> {
  await db
    .insertInto('photo_reactions')
    .values({ photo_id: photoId, device_hash: deviceHash, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['photo_id', 'device_hash']).doNothing())
    .execute();
}

export async function removeHeart(db: Kysely<Database>, photoId: string, deviceHash: string): Promise<void> {
  await db.deleteFrom('photo_reactions').where('photo_id', '=', photoId).where('device_hash', '=', deviceHash).execute();
}

export async function heartCount(db: Kysely<Database>, photoId: string): Promise<number> {
  const row = await db.selectFrom('photo_reactions').select((eb) => eb.fn.countAll<number | string>().as('hearts')).where('photo_id', '=', photoId).executeTakeFirst();
  return Number(row?.hearts ?? 0);
}

/** Hearts of every photo of these albums that has any (the lists add them to their items). */
export async function heartsOfAlbums(db: Kysely<Database>, albumIds: string[]): Promise<Map<string, number>> {
  if (albumIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('photo_reactions')
    .innerJoin('photos', 'photos.id', 'photo_reactions.photo_id')
    .select((eb) => ['photo_reactions.photo_id as photo_id', eb.fn.countAll<number | string>().as('hearts')])
    .where('photos.album_id', 'in', albumIds)
    .groupBy('photo_reactions.photo_id')
    .execute();
  return new Map(rows.map((row) => [row.photo_id, Number(row.hearts)]));
}
