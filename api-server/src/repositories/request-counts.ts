import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One more request for `key`, atomically: a closed window starts again at 1. Answers the count and when the window ends. */
export async function countRequest(db: Kysely<Database>, key: string, now: number, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('request_counts')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when request_counts.reset_at <= ${now} then 1 else request_counts.count + 1 end`,
        reset_at: sql<number>`case when request_counts.reset_at <= ${now} then ${resetAt} else request_counts.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

export async function deleteClosedRequestWindows(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('request_counts').where('reset_at', '<=', now).execute();
}

/** The count of `key` while its window is open (0 otherwise), without counting. */
export async function openRequestCount(db: Kysely<Database>, key: string, now: number): Promise<number> {
  const row = await db.selectFrom('request_counts').select('count').where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
  return row ? Number(row.count) : 0;
}

/** Gives one request back (an attempt that turned out right): one less for `key`, never below 0. */
export async function uncountRequest(db: Kysely<Database>, key: string): Promise<void> {
  await db.updateTable('request_counts').set({ count: sql<number>`request_counts.count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
}
