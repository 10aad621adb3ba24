import type { Insertable, Kysely } from 'kysely';
import type { Database, SocketTicketsTable } from '../db/schema';

export type SocketTicketRow = Pick<SocketTicketsTable, 'album_id' | 'is_owner' | 'organiser_id' | 'wall' | 'pin'>;

export async function insertSocketTicket(db: Kysely<Database>, row: Insertable<SocketTicketsTable>): Promise<void> {
  await db.insertInto('socket_tickets').values(row).execute();
}

/** Takes a ticket: deleted in the same statement that reads it, so two sockets cannot both use it. */
export async function takeSocketTicket(db: Kysely<Database>, ticketHash: string, now: number): Promise<{ album_id: string; is_owner: number; organiser_id: string | null; wall: number; pin: string | null } | undefined> {
  const row = await db
    .deleteFrom('socket_tickets')
    .where('ticket_hash', '=', ticketHash)
    .returning(['album_id', 'is_owner', 'organiser_id', 'wall', 'pin', 'expires_at'])
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return undefined;
  return { album_id: row.album_id, is_owner: Number(row.is_owner), organiser_id: row.organiser_id, wall: Number(row.wall), pin: row.pin };
}

export async function deleteExpiredSocketTickets(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom('socket_tickets').where('expires_at', '<=', now).execute();
}
