import type { EventFields } from '@momentos/api-contract';
import type { Kysely } from 'kysely';
import { photoFileColumns, photoFileKeys } from './photos';
import type { Database, EventRow } from '../db/schema';
import { newId } from '../domain/ids';
import { generateInviteCode } from '../domain/invite-code';

export type { EventFields };

export function listEventsOf(db: Kysely<Database>, organiserId: string): Promise<EventRow[]> {
  return db.selectFrom('events').selectAll().where('organiser_id', '=', organiserId).orderBy('date').orderBy('created_at').execute();
}

export function findEventOf(db: Kysely<Database>, organiserId: string, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).where('organiser_id', '=', organiserId).executeTakeFirst();
}

/** The organiser's event with this invite code (already normalised). */
export function findEventOfByCode(db: Kysely<Database>, organiserId: string, code: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('code', '=', code).where('organiser_id', '=', organiserId).executeTakeFirst();
}

/** Who owns an event, or undefined when it does not exist. */
export function findEventOwner(db: Kysely<Database>, id: string): Promise<Pick<EventRow, 'id' | 'organiser_id'> | undefined> {
  return db.selectFrom('events').select(['id', 'organiser_id']).where('id', '=', id).executeTakeFirst();
}

export function findEventByCode(db: Kysely<Database>, code: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('code', '=', code).executeTakeFirst();
}

async function codeIsFree(db: Kysely<Database>, code: string): Promise<boolean> {
  return !(await db.selectFrom('events').select('id').where('code', '=', code).executeTakeFirst());
}

export async function createEvent(
  db: Kysely<Database>,
  organiserId: string,
  fields: Pick<EventFields, 'name' | 'date' | 'location' | 'contact'> &
    Partial<Pick<EventRow, 'visibility' | 'reveal_at' | 'uploads_close_at' | 'pin' | 'guest_downloads' | 'video_max_seconds' | 'messages_require_approval'>>,
  id: string = newId.event(),
): Promise<EventRow> {
  const now = new Date().toISOString();
  // A collision is astronomically rare; the unique index is the final guard.
  for (let attempt = 0; ; attempt++) {
    const code = generateInviteCode();
    if (!(await codeIsFree(db, code)) && attempt < 5) continue;
    const row: EventRow = { id, organiser_id: organiserId, code, ...fields, image_path: null, image_card_path: null, wall_token_hash: null, visibility: 'open', reveal_at: null, uploads_close_at: null, pin: null, guest_downloads: 1, video_max_seconds: null, messages_require_approval: 0, ...fields, created_at: now, updated_at: now };
    try {
      await db.insertInto('events').values(row).execute();
      return row;
    } catch (error) {
      if (attempt >= 5 || (await codeIsFree(db, code))) throw error;
    }
  }
}

/** Any event by id, for the guests' public read (the route decides what of it they see). */
export function findEvent(db: Kysely<Database>, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Events with an image but no card (the card backfill's work). */
export function eventsWithoutCards(db: Kysely<Database>): Promise<Array<{ id: string; image_path: string }>> {
  return db
    .selectFrom('events')
    .select(['id', 'image_path'])
    .where('image_path', 'is not', null)
    .where('image_card_path', 'is', null)
    .orderBy('created_at')
    .execute() as Promise<Array<{ id: string; image_path: string }>>;
}

/** Records the card of the image the event still has (an image replaced meanwhile keeps its own card). */
export async function setEventCard(db: Kysely<Database>, id: string, imagePath: string, cardPath: string) {
  await db.updateTable('events').set({ image_card_path: cardPath }).where('id', '=', id).where('image_path', '=', imagePath).execute();
}

export async function updateEvent(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<EventFields, 'name' | 'date' | 'location' | 'contact'>> &
    Partial<Pick<EventRow, 'visibility' | 'reveal_at' | 'uploads_close_at' | 'pin' | 'guest_downloads' | 'messages_require_approval' | 'image_path' | 'image_card_path'>> &
    Partial<Pick<EventRow, 'video_max_seconds'>>,
) {
  await db
    .updateTable('events')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the event, its albums and photos; answers the storage keys the photos used. */
export async function deleteEvent(db: Kysely<Database>, id: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const albumIds = trx.selectFrom('albums').select('id').where('event_id', '=', id);
    const photos = await trx.selectFrom('photos').select([...photoFileColumns]).where('album_id', 'in', albumIds).execute();
    await trx.deleteFrom('photos').where('album_id', 'in', albumIds).execute();
    await trx.deleteFrom('albums').where('event_id', '=', id).execute();
    await trx.deleteFrom('event_members').where('event_id', '=', id).execute();
    await trx.deleteFrom('team_invites').where('event_id', '=', id).execute();
    // Issue 27 item 6: the event's webhook and its deliveries.
    await trx.deleteFrom('webhook_deliveries').where('webhook_id', 'in', trx.selectFrom('webhooks').select('id').where('event_id', '=', id)).execute();
    await trx.deleteFrom('webhooks').where('event_id', '=', id).execute();
    await trx.deleteFrom('events').where('id', '=', id).execute();
    return photos.flatMap(photoFileKeys);
  });
}

/** Sets (or, with null, revokes) the event's wall link. */
export async function setWallTokenHash(db: Kysely<Database>, id: string, hash: string | null): Promise<void> {
  await db.updateTable('events').set({ wall_token_hash: hash }).where('id', '=', id).execute();
}

/** The event a wall link's token hash opens, if any. */
export function findEventByWallToken(db: Kysely<Database>, hash: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('wall_token_hash', '=', hash).executeTakeFirst();
}

/** The visibility rules of an event (issue 12), or undefined when it does not exist. */
export function findEventRules(db: Kysely<Database>, eventId: string) {
  return db.selectFrom('events').select(['id', 'visibility', 'reveal_at', 'uploads_close_at']).where('id', '=', eventId).executeTakeFirst();
}

/** The rules of the event an album belongs to. */
export function findEventRulesOfAlbum(db: Kysely<Database>, albumId: string) {
  return db
    .selectFrom('albums')
    .innerJoin('events', 'events.id', 'albums.event_id')
    .select(['events.id', 'events.visibility', 'events.reveal_at', 'events.uploads_close_at'])
    .where('albums.id', '=', albumId)
    .executeTakeFirst();
}

/** What guarding an event's guest calls needs (issue 12): its PIN, its owner and its wall link. */
export function findEventGuard(db: Kysely<Database>, eventId: string) {
  return db.selectFrom('events').select(['id', 'pin', 'organiser_id', 'wall_token_hash', 'guest_downloads']).where('id', '=', eventId).executeTakeFirst();
}
