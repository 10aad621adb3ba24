import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clearCount, countInWindow, deleteClosedWindows as deleteClosed, uncount } from './window-counts';

export interface FailureCount {
  key: string;
  count: number;
  resetAt: number;
}

/** One more failed login for `key` (a closed window starts again at 1): the count including it, and when the window ends. */
export async function addFailure(db: Kysely<Database>, key: string, now: number, windowMs: number): Promise<FailureCount> {
  return { key, ...(await countInWindow(db, 'login_failures', key, now, windowMs)) };
}

/** Gives an attempt back (it succeeded): one less for `key`, never below 0. */
export const takeBackFailure = (db: Kysely<Database>, key: string) => uncount(db, 'login_failures', key);

export const clearFailures = (db: Kysely<Database>, key: string) => clearCount(db, 'login_failures', key);

export const deleteClosedWindows = (db: Kysely<Database>, now: number) => deleteClosed(db, 'login_failures', now);
