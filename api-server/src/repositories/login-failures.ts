import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface FailureCount {
  key: string;
  count: number;
  resetAt: number;
}

/** The counts of `keys` whose window is still open at `now`. */
export async function openFailureCounts(db: Kysely<Database>, keys: string[], now: number): Promise<FailureCount[]> {
  const rows = await db.selectFrom('login_failures').selectAll().where('key', 'in', keys).where('reset_at', '>', now).execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.count), resetAt: Number(row.reset_at) }));
}

/** One more failure for `key`, atomically: a closed window starts again at 1. */
export async function addFailure(db: Kysely<Database>, key: string, now: number, windowMs: number): Promise<void> {
  const resetAt = now + windowMs;
  await db
    .insertInto('login_failures')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: sql<number>`case when login_failures.reset_at <= ${now} then 1 else login_failures.count + 1 end`,
        reset_at: sql<number>`case when login_failures.reset_at <= ${now} then ${resetAt} else login_failures.reset_at end`,
      }),
    )
    .execute();
}

export async function clearFailures(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', key).execute();
}

export async function deleteClosedWindows(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('login_failures').where('reset_at', '<=', now).execute();
}
