import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Fixed-window counters per key, shared by every instance: `login_failures` (the login limiter) and
 * `request_counts` (uploads per guest, PIN attempts). Both tables have the same columns.
 */
export type WindowCountTable = 'login_failures' | 'request_counts';

/**
 * One more for `key`, atomically (one upsert): a closed window starts again at 1. Answers the count
 * including this one, and when the window ends.
 */
export async function countInWindow(db: Kysely<Database>, table: WindowCountTable, key: string, now: number, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const resetAt = now + windowMs;
  const count = sql.ref<number>(`${table}.count`);
  const reset = sql.ref<number>(`${table}.reset_at`);
  const row = await db
    .insertInto(table)
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when ${reset} <= ${now} then 1 else ${count} + 1 end`,
        reset_at: sql<number>`case when ${reset} <= ${now} then ${resetAt} else ${reset} end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Gives one back (the attempt turned out right): one less for `key`, never below 0. */
export async function uncount(db: Kysely<Database>, table: WindowCountTable, key: string): Promise<void> {
  await db
    .updateTable(table)
    .set({ count: sql<number>`${sql.ref(`${table}.count`)} - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearCount(db: Kysely<Database>, table: WindowCountTable, key: string): Promise<void> {
  await db.deleteFrom(table).where('key', '=', key).execute();
}

export async function deleteClosedWindows(db: Kysely<Database>, table: WindowCountTable, now: number): Promise<void> {
  await db.deleteFrom(table).where('reset_at', '<=', now).execute();
}
