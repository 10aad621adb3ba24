import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertInvite(
  db: Db,
  invite: { id: string; event_id: string; token_hash: string; role: string; email: string | null; invited_by: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('team_invites').values({ ...invite, used_at: null, used_by: null, revoked_at: null }).execute();
}

/** The event's invites still open at `now`. */
export function openInvites(db: Db, eventId: string, now = new Date()) {
  return db
    .selectFrom('team_invites')
    .select(['id', 'role', 'email', 'created_at', 'expires_at'])
    .where('event_id', '=', eventId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at')
    .execute();
}

/** An open invite by its token's hash, with the event's name and who invited. */
export function findOpenInvite(db: Db, tokenHash: string, now = new Date()) {
  return db
    .selectFrom('team_invites')
    .innerJoin('events', 'events.id', 'team_invites.event_id')
    .leftJoin('organisers', 'organisers.id', 'team_invites.invited_by')
    .select(['team_invites.id', 'team_invites.event_id', 'team_invites.role', 'team_invites.expires_at', 'events.name as event_name', 'events.organiser_id', 'organisers.name as inviter_name', 'organisers.email as inviter_email'])
    .where('team_invites.token_hash', '=', tokenHash)
    .where('team_invites.used_at', 'is', null)
    .where('team_invites.revoked_at', 'is', null)
    .where('team_invites.expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/** Marks the invite used by `organiserId`; false when another request used it first (single use). */
export async function useInvite(db: Db, inviteId: string, organiserId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('team_invites')
    .set({ used_at: now.toISOString(), used_by: organiserId })
    .where('id', '=', inviteId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function revokeInvite(db: Db, eventId: string, inviteId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('team_invites')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', inviteId)
    .where('event_id', '=', eventId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
