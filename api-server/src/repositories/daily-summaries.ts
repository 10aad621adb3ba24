import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { AlertRecipient } from './notifications';

/** Issue 27 item 5: what a daily summary covers (ISO instants; what arrived at `start` or later and before `end`). */
export interface SummaryPeriod {
  start: string;
  end: string;
}

/** A period claimed for one organiser, and the one before it (null: the first summary), to give the claim back. */
export interface SummaryClaim {
  period: SummaryPeriod;
  previous: SummaryPeriod | null;
}

/** The organisers who switched 'Resumo diário' on. */
export function dailySummaryRecipients(db: Kysely<Database>): Promise<AlertRecipient[]> {
  return db
    .selectFrom('organisers')
    .innerJoin('organiser_notifications', 'organiser_notifications.organiser_id', 'organisers.id')
    .select(['organisers.id', 'organisers.name', 'organisers.email'])
    .where('organiser_notifications.daily_summary', '=', 1)
    .orderBy('organisers.id')
    .execute();
}

/**
 * Claims the organiser's next summary period, up to `now`: from the end of the last one, or from
 * `firstSince` when there is none. Null when another run holds it or a summary already covered part
 * of today (`notBefore`, the start of the server's day): the write is conditional on the row read
 * (an insert that yields on conflict, an update keyed by the old end), so of two runs racing one wins.
 */
export async function claimDailySummary(db: Kysely<Database>, organiserId: string, now: Date, firstSince: Date, notBefore: Date): Promise<SummaryClaim | null> {
  const end = now.toISOString();
  const row = await db.selectFrom('daily_summaries').select(['period_start', 'period_end']).where('organiser_id', '=', organiserId).executeTakeFirst();
  if (!row) {
    const period = { start: firstSince.toISOString(), end };
    const inserted = await db
      .insertInto('daily_summaries')
      .values({ organiser_id: organiserId, period_start: period.start, period_end: period.end })
      .onConflict((conflict) => conflict.column('organiser_id').doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ? { period, previous: null } : null;
  }
  if (row.period_end >= notBefore.toISOString() || row.period_end >= end) return null;
  const period = { start: row.period_end, end };
  const updated = await db
    .updateTable('daily_summaries')
    .set({ period_start: period.start, period_end: period.end })
    .where('organiser_id', '=', organiserId)
    .where('period_end', '=', row.period_end)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? { period, previous: { start: row.period_start, end: row.period_end } } : null;
}

/** Gives a claim back when its e-mail could not be sent: the next run covers that period again. */
export async function releaseDailySummary(db: Kysely<Database>, organiserId: string, claim: SummaryClaim): Promise<void> {
  const mine = db.updateTable('daily_summaries').where('organiser_id', '=', organiserId).where('period_end', '=', claim.period.end);
  if (claim.previous) {
    await mine.set({ period_start: claim.previous.start, period_end: claim.previous.end }).execute();
    return;
  }
  await db.deleteFrom('daily_summaries').where('organiser_id', '=', organiserId).where('period_end', '=', claim.period.end).execute();
}

/**
 * The summary was switched on again: its next period starts at most at `since` (24 hours back), not at
 * the end of a summary sent long ago. A summary sent today stays (its end is later), so switching off and
 * on again does not send a second one the same day.
 */
export async function capDailySummary(db: Kysely<Database>, organiserId: string, since: Date): Promise<void> {
  const cap = since.toISOString();
  await db.updateTable('daily_summaries').set({ period_start: cap, period_end: cap }).where('organiser_id', '=', organiserId).where('period_end', '<', cap).execute();
}

/** One event's news in a period. */
export interface EventNews {
  photos: number;
  videos: number;
  /** Of those photos and videos, how many wait for approval. */
  pending: number;
  /** Distinct names that sent them. */
  guests: number;
  messages: number;
}

/** The table's rows that arrived in the period and are not hidden. */
const shownArrivals = (table: 'photos' | 'messages', period: SummaryPeriod) => {
  const createdAt = sql.ref(`${table}.created_at`);
  return sql<SqlBool>`${createdAt} >= ${period.start} and ${createdAt} < ${period.end} and ${sql.ref(`${table}.hidden`)} = 0`;
};

/** Per event (of `eventIds`), the photos, videos, their senders and the guests' messages that arrived in the period (hidden ones left out). */
export async function newsByEvent(db: Kysely<Database>, eventIds: string[], period: SummaryPeriod): Promise<Map<string, EventNews>> {
  const news = new Map<string, EventNews>();
  if (eventIds.length === 0) return news;
  const entry = (eventId: string) => {
    let found = news.get(eventId);
    if (!found) news.set(eventId, (found = { photos: 0, videos: 0, pending: 0, guests: 0, messages: 0 }));
    return found;
  };
  const uploads = await db
    .selectFrom('photos')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .select((eb) => [
      'albums.event_id',
      eb.fn.sum<number | string>(sql<number>`case when photos.file_type = 'video' then 0 else 1 end`).as('photos'),
      eb.fn.sum<number | string>(sql<number>`case when photos.file_type = 'video' then 1 else 0 end`).as('videos'),
      eb.fn.sum<number | string>('photos.pending').as('pending'),
      eb.fn.count<number | string>('photos.user_id').distinct().as('guests'),
    ])
    .where('albums.event_id', 'in', eventIds)
    .where(shownArrivals('photos', period))
    .groupBy('albums.event_id')
    .execute();
  for (const row of uploads) Object.assign(entry(row.event_id), { photos: Number(row.photos), videos: Number(row.videos), pending: Number(row.pending), guests: Number(row.guests) });
  const messages = await db
    .selectFrom('messages')
    .select((eb) => ['event_id', eb.fn.countAll<number | string>().as('count')])
    .where('event_id', 'in', eventIds)
    .where(shownArrivals('messages', period))
    .groupBy('event_id')
    .execute();
  for (const row of messages) entry(row.event_id).messages = Number(row.count);
  return news;
}
