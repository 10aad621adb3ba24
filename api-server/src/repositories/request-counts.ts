import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { countInWindow, deleteClosedWindows, uncount } from './window-counts';

/** One more request for `key` (a closed window starts again at 1): the count and when the window ends. */
export const countRequest = (db: Kysely<Database>, key: string, now: number, windowMs: number) => countInWindow(db, 'request_counts', key, now, windowMs);

export const deleteClosedRequestWindows = (db: Kysely<Database>, now: number) => deleteClosedWindows(db, 'request_counts', now);

/** Gives one request back (an attempt that turned out right): one less for `key`, never below 0. */
export const uncountRequest = (db: Kysely<Database>, key: string) => uncount(db, 'request_counts', key);
