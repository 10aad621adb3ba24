import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { WELCOME_IMAGE_WIDTHS } from '@momentos/app-manifest/dist/welcome-image';
import { cardKeyOfWelcomeImage, welcomeImageKeyOf } from '../domain/welcome-image';
import { photoFileColumns } from './photos';

// Issue 23: which stored files rows point at, asked by the orphan sweep and `npm run doctor`.

/** The keys an event's rows point at (its photos' files, its image and card), or null when the event does not exist. */
export async function eventFileKeys(db: Kysely<Database>, eventId: string): Promise<Set<string> | null> {
  const event = await db.selectFrom('events').select(['image_path', 'image_card_path']).where('id', '=', eventId).executeTakeFirst();
  if (!event) return null;
  const keys = new Set<string>();
  if (event.image_path) keys.add(event.image_path);
  if (event.image_card_path) keys.add(event.image_card_path);
  // Issue 29: the card's welcome copies are named after it.
  if (event.image_card_path) for (const width of WELCOME_IMAGE_WIDTHS) keys.add(welcomeImageKeyOf(event.image_card_path, width));
  const photos = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select(photoFileColumns.map((column) => `photos.${column}` as const))
    .where('albums.event_id', '=', eventId)
    .execute();
  for (const photo of photos) for (const column of photoFileColumns) if (photo[column]) keys.add(photo[column]);
  return keys;
}

/** Whether any row points at `key` now (asked again just before a file is removed). */
export async function isReferenced(db: Kysely<Database>, key: string): Promise<boolean> {
  // A welcome copy is referenced while its card is.
  const card = cardKeyOfWelcomeImage(key);
  if (card) return isReferenced(db, card);
  const photo = await db
    .selectFrom('photos')
    .select('id')
    .where((eb) => eb.or(photoFileColumns.map((column) => eb(column, '=', key))))
    .executeTakeFirst();
  if (photo) return true;
  const event = await db
    .selectFrom('events')
    .select('id')
    .where((eb) => eb.or([eb('image_path', '=', key), eb('image_card_path', '=', key)]))
    .executeTakeFirst();
  return Boolean(event);
}

/** Whether a chunk session that is not finished holds `sessionId` (its `uploads/<id>` object on S3). */
export async function isOpenSession(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('upload_sessions').select('id').where('id', '=', sessionId).where('photo_id', 'is', null).executeTakeFirst();
  return Boolean(row);
}
