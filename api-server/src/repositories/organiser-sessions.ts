import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrganiserRow } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A new session of the organiser, valid for `ttlSeconds`; expired sessions of theirs are swept on the way. */
export async function createSession(db: Db, organiserId: string, ttlSeconds: number, now = Date.now()): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.deleteFrom('organiser_sessions').where('organiser_id', '=', organiserId).where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('organiser_sessions')
    .values({ id, organiser_id: organiserId, created_at: new Date(now).toISOString(), expires_at: new Date(now + ttlSeconds * 1000).toISOString() })
    .execute();
  return id;
}

/** The organiser of a live session (the row exists, belongs to them and has not expired). */
export function findSessionOrganiser(db: Db, sessionId: string, organiserId: string, now = Date.now()): Promise<Pick<OrganiserRow, 'id' | 'email' | 'name'> | undefined> {
  return db
    .selectFrom('organiser_sessions')
    .innerJoin('organisers', 'organisers.id', 'organiser_sessions.organiser_id')
    .select(['organisers.id', 'organisers.email', 'organisers.name'])
    .where('organiser_sessions.id', '=', sessionId)
    .where('organiser_sessions.organiser_id', '=', organiserId)
    .where('organiser_sessions.expires_at', '>', new Date(now).toISOString())
    .executeTakeFirst();
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('organiser_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the organiser, but `keep` (the one that asked, on 'Minha conta'). */
export async function endOrganiserSessions(db: Db, organiserId: string, keep?: string): Promise<number> {
  let query = db.deleteFrom('organiser_sessions').where('organiser_id', '=', organiserId);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
