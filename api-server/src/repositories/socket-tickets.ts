import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export async function insertSocketTicket(db: Kysely<Database>, row: { ticket_hash: string; album_id: string; is_owner: number; expires_at: number }): Promise<void> {
  await db.insertInto('socket_tickets').values(row).execute();
}

/** Takes a ticket: deleted in the same statement that reads it, so two sockets cannot both use it. */
export async function takeSocketTicket(db: Kysely<Database>, ticketHash: string, now: number): Promise<{ album_id: string; is_owner: number } | undefined> {
  const row = await db.deleteFrom('socket_tickets').where('ticket_hash', '=', ticketHash).returning(['album_id', 'is_owner', 'expires_at']).executeTakeFirst();
  return row && Number(row.expires_at) > now ? { album_id: row.album_id, is_owner: Number(row.is_owner) } : undefined;
}

export async function deleteExpiredSocketTickets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('socket_tickets').where('expires_at', '<=', now).execute();
}
