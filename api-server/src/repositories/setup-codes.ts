import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function hasAnyOrganiser(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('organisers').select('id').limit(1).executeTakeFirst());
}

export async function storeSetupCode(db: Db, codeHash: string, now = new Date()): Promise<void> {
  await db.insertInto('setup_codes').values({ code_hash: codeHash, created_at: now.toISOString() }).onConflict((conflict) => conflict.doNothing()).execute();
}

/**
 * Takes a code: deletes it and answers whether it was there. Two requests with the same code cannot
 * both take it (the second deletes nothing), on SQLite and on PostgreSQL alike.
 */
export async function takeSetupCode(db: Db, codeHash: string): Promise<boolean> {
  const result = await db.deleteFrom('setup_codes').where('code_hash', '=', codeHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Every code ends with the first organiser, and stale ones (older than `before`) at every start. */
export async function dropSetupCodes(db: Db, before?: Date): Promise<void> {
  let query = db.deleteFrom('setup_codes');
  if (before) query = query.where('created_at', '<', before.toISOString());
  await query.execute();
}

/** A row no typed code hashes to: inserting it twice conflicts, so only one first organiser is made. */
const CLAIM = 'first-organiser-claimed';

export async function claimFirstOrganiser(db: Db, now = new Date()): Promise<void> {
  await db.insertInto('setup_codes').values({ code_hash: CLAIM, created_at: now.toISOString() }).execute();
}
