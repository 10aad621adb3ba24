import type { Kysely, Transaction } from 'kysely';
import type { Database, PasswordResetsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertPasswordReset(db: Db, row: Omit<PasswordResetsTable, 'used_at'>): Promise<void> {
  await db.insertInto('password_resets').values({ ...row, used_at: null }).execute();
}

/** The open link a token hash names (unused, unexpired) and its organiser. */
export function findOpenReset(db: Db, tokenHash: string, now = new Date()) {
  return db
    .selectFrom('password_resets')
    .innerJoin('organisers', 'organisers.id', 'password_resets.organiser_id')
    .select(['password_resets.token_hash', 'password_resets.organiser_id', 'password_resets.expires_at', 'organisers.email', 'organisers.name'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Uses the link up, once: false when another request used it first. */
export async function useReset(db: Db, tokenHash: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other open link of the organiser ends with a reset or a password change; expired rows are swept. */
export async function closeResets(db: Db, organiserId: string, now = new Date()): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now.toISOString() }).where('organiser_id', '=', organiserId).where('used_at', 'is', null).execute();
  await db.deleteFrom('password_resets').where('expires_at', '<=', now.toISOString()).execute();
}
