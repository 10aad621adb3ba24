import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, messages, notFound } from '../errors';
import { findEventOwner, findEventRules, findEventRulesOfAlbum } from '../repositories/events';
import { deleteExpiredSocketTickets, insertSocketTicket, takeSocketTicket } from '../repositories/socket-tickets';
import { findReadableAlbum } from './albums';
import { assertEventPin } from './event-pin';
import { isEventId } from './ids';
import { assertGalleryOpen } from './visibility';

/** How long a ticket may wait for its socket: the client asks for it just before opening one. */
export const SOCKET_TICKET_TTL_SECONDS = 60;
export const badTicketMessage = 'Ticket de conexão inválido ou expirado. Recarregue a página.';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * Who may subscribe to an album's (or an event's) announcements: anyone to a public album or an
 * event, the owner to any of theirs. Guests of a gallery closed to them (issue 12) hear nothing,
 * and on an event with a PIN they need it (`x-event-pin`) or its wall link (`x-wall-token`).
 */
export async function albumSubscriptionAccess(db: Kysely<Database>, request: FastifyRequest, albumId: string, organiserId: string | null): Promise<{ isOwner: boolean }> {
  let isOwner: boolean;
  if (isEventId(albumId)) {
    const event = await findEventOwner(db, albumId);
    if (!event) throw notFound(messages.eventNotFound);
    isOwner = event.organiser_id === organiserId;
  } else {
    const album = await findReadableAlbum(db, albumId, organiserId);
    if (!album) throw notFound(messages.albumNotFound);
    isOwner = album.organiser_id === organiserId;
  }
  if (!isOwner) {
    const rules = await rulesOf(db, albumId);
    if (rules) {
      await assertEventPin(db, request, rules.id, organiserId);
      assertGalleryOpen(rules);
    }
  }
  return { isOwner };
}

const rulesOf = (db: Kysely<Database>, albumId: string) => (isEventId(albumId) ? findEventRules(db, albumId) : findEventRulesOfAlbum(db, albumId));

/** Issue 23: a single-use ticket for one socket of `albumId`, carrying what the request's headers proved. */
export async function issueSocketTicket(db: Kysely<Database>, albumId: string, access: { isOwner: boolean }, now = Date.now()): Promise<{ ticket: string; expires_in: number }> {
  await deleteExpiredSocketTickets(db, now);
  const ticket = randomBytes(32).toString('base64url');
  await insertSocketTicket(db, { ticket_hash: hashOf(ticket), album_id: albumId, is_owner: access.isOwner ? 1 : 0, expires_at: now + SOCKET_TICKET_TTL_SECONDS * 1000 });
  return { ticket, expires_in: SOCKET_TICKET_TTL_SECONDS };
}

/**
 * Takes the ticket of a socket of `albumId` (used once: a second socket with it is refused). The PIN
 * was checked when it was issued; whether the gallery is open to guests is checked again now.
 */
export async function redeemSocketTicket(db: Kysely<Database>, ticket: string, albumId: string, now = Date.now()): Promise<{ isOwner: boolean }> {
  const row = await takeSocketTicket(db, hashOf(ticket), now);
  if (!row || row.album_id !== albumId) throw new HttpError(403, badTicketMessage);
  const isOwner = row.is_owner === 1;
  if (!isOwner) {
    const rules = await rulesOf(db, albumId);
    if (rules) assertGalleryOpen(rules);
  }
  return { isOwner };
}
