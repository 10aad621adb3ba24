import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface FailureCount {
  key: string;
  count: number;
  resetAt: number;
}

/**
 * One more attempt for `key`, atomically (one upsert, shared by every instance): a closed window
 * starts again at 1. Answers the count including this attempt, and when the window ends.
 */
export async function addFailure(db: Kysely<Database>, key: string, now: number, windowMs: number): Promise<FailureCount> {
  const resetAt = now + windowMs;
  const row = await db
    .insertInto('login_failures')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when login_failures.reset_at <= ${now} then 1 else login_failures.count + 1 end`,
        reset_at: sql<number>`case when login_failures.reset_at <= ${now} then ${resetAt} else login_failures.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { key, count: Number(row.count), resetAt: Number(row.reset_at) };
}

/** Gives an attempt back (it succeeded): one less for `key`, never below 0. */
export async function takeBackFailure(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ count: sql<number>`login_failures.count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

export async function deleteClosedWindows(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('login_failures').where('reset_at', '<=', now).execute();
}
