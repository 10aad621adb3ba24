import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface NotificationFlags {
  pending_photos: boolean;
  daily_summary: boolean;
}

/** An organiser's alert switches; without a row both are off. */
export async function findNotificationSettings(db: Kysely<Database>, organiserId: string): Promise<NotificationFlags> {
  const row = await db.selectFrom('organiser_notifications').selectAll().where('organiser_id', '=', organiserId).executeTakeFirst();
  return { pending_photos: Number(row?.pending_photos ?? 0) === 1, daily_summary: Number(row?.daily_summary ?? 0) === 1 };
}

export async function saveNotificationSettings(db: Kysely<Database>, organiserId: string, flags: NotificationFlags, now = new Date()): Promise<void> {
  const values = { pending_photos: flags.pending_photos ? 1 : 0, daily_summary: flags.daily_summary ? 1 : 0, updated_at: now.toISOString() };
  await db
    .insertInto('organiser_notifications')
    .values({ organiser_id: organiserId, ...values })
    .onConflict((conflict) => conflict.column('organiser_id').doUpdateSet(values))
    .execute();
}

export interface AlertRecipient {
  id: string;
  name: string;
  email: string;
}

/** The event's owner and team members who switched 'Fotos aguardando aprovação' on. */
export function pendingAlertRecipients(db: Kysely<Database>, eventId: string): Promise<AlertRecipient[]> {
  return db
    .selectFrom('organisers')
    .innerJoin('organiser_notifications', 'organiser_notifications.organiser_id', 'organisers.id')
    .select(['organisers.id', 'organisers.name', 'organisers.email'])
    .where('organiser_notifications.pending_photos', '=', 1)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('events').select('events.id').where('events.id', '=', eventId).whereRef('events.organiser_id', '=', 'organisers.id')),
        eb.exists(
          eb.selectFrom('event_members').select('event_members.event_id').where('event_members.event_id', '=', eventId).whereRef('event_members.organiser_id', '=', 'organisers.id'),
        ),
      ]),
    )
    .orderBy('organisers.id')
    .execute();
}

/**
 * Claims the right to send one organiser the event's pending alert: true when no alert went in the
 * last `windowMs` (the row is written in the same statement, so of two instances or two jobs racing
 * only one wins).
 */
export async function claimPendingAlert(db: Kysely<Database>, organiserId: string, eventId: string, windowMs: number, now = new Date()): Promise<boolean> {
  const sentAt = now.toISOString();
  const before = new Date(now.getTime() - windowMs).toISOString();
  const result = await db
    .insertInto('pending_alerts')
    .values({ organiser_id: organiserId, event_id: eventId, sent_at: sentAt })
    .onConflict((conflict) =>
      conflict
        .columns(['organiser_id', 'event_id'])
        .doUpdateSet({ sent_at: sentAt })
        .where(sql.ref('pending_alerts.sent_at'), '<=', before),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Gives a claim back when its e-mail could not be sent, so the next pending photo tries again. */
export async function releasePendingAlert(db: Kysely<Database>, organiserId: string, eventId: string, sentAt: string): Promise<void> {
  await db.deleteFrom('pending_alerts').where('organiser_id', '=', organiserId).where('event_id', '=', eventId).where('sent_at', '=', sentAt).execute();
}

/** Photos of the event waiting for approval (not hidden), counted for the e-mail. */
export async function countPendingPhotos(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('albums.event_id', '=', eventId)
    .where('photos.pending', '=', 1)
    .where('photos.hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Guests' messages of the event waiting for approval (not hidden), counted for the e-mail (issue 26's 'Recados'). */
export async function countPendingMessages(db: Kysely<Database>, eventId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('event_id', '=', eventId)
    .where('pending', '=', 1)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
