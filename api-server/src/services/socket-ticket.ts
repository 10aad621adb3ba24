import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError, messages, notFound } from '../errors';
import { findEventGuard, findEventOwner, findEventRules } from '../repositories/events';
import { deleteExpiredSocketTickets, insertSocketTicket, takeSocketTicket } from '../repositories/socket-tickets';
import { findReadableAlbum } from './albums';
import { readsAsTeam } from './team/event-access';
import { holdsWallLink, type PinAttempt } from '../domain/event-pin';
import { checkEventPin } from './event-pin';
import { isEventId } from '../domain/ids';
import { assertGalleryOpen } from '../domain/visibility';

/** How long a ticket may wait for its socket: the client asks for it just before opening one. */
export const SOCKET_TICKET_TTL_SECONDS = 60;
export const badTicketMessage = 'Ticket de conexão inválido ou expirado. Recarregue a página.';

/**
 * What a subscriber proved when its socket opened. Issue 22 keeps it to check again before every
 * delivery: a guest hears only while the album is public, the gallery open and the PIN unchanged;
 * a wall while its link stands; the owner always.
 */
export interface SocketAccess {
  isOwner: boolean;
  eventId: string;
  organiserId: string | null;
  /** Connected through the event's wall link. */
  wall: boolean;
  /** The event's PIN the guest proved (null: none was needed). */
  pin: string | null;
}

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * The album's (or event's) event and whether `organiserId` reads it as its team (issue 27: the owner,
 * or a member whose role may view its photos); 404 for what the caller may not see.
 */
async function ownership(db: Kysely<Database>, albumId: string, organiserId: string | null): Promise<{ isOwner: boolean; eventId: string }> {
  if (isEventId(albumId)) {
    const event = await findEventOwner(db, albumId);
    if (!event) throw notFound(messages.eventNotFound);
    return { isOwner: await readsAsTeam(db, event.id, organiserId), eventId: event.id };
  }
  const album = await findReadableAlbum(db, albumId, organiserId);
  if (!album) throw notFound(messages.albumNotFound);
  return { isOwner: album.team, eventId: album.event_id };
}

/**
 * Who may subscribe to an album's (or an event's) announcements: anyone to a public album or an
 * event, the owner to any of theirs. Guests of a gallery closed to them (issue 12) hear nothing,
 * and on an event with a PIN they need it (`x-event-pin`) or its wall link (`x-wall-token`).
 */
export async function albumSubscriptionAccess(db: Kysely<Database>, attempt: PinAttempt, albumId: string, organiserId: string | null): Promise<SocketAccess> {
  const { isOwner, eventId } = await ownership(db, albumId, organiserId);
  if (isOwner) return { isOwner, eventId, organiserId, wall: false, pin: null };
  const rules = await findEventRules(db, eventId);
  if (rules) {
    await checkEventPin(db, attempt, rules.id, organiserId);
    assertGalleryOpen(rules);
  }
  const guard = await findEventGuard(db, eventId);
  const wall = !!guard && holdsWallLink(attempt.wallToken, guard);
  return { isOwner, eventId, organiserId, wall, pin: wall ? null : (guard?.pin ?? null) };
}

/** Issue 23: a single-use ticket for one socket of `albumId`, carrying what the request's headers proved. */
export async function issueSocketTicket(db: Kysely<Database>, albumId: string, access: SocketAccess, now = Date.now()): Promise<{ ticket: string; expires_in: number }> {
  await deleteExpiredSocketTickets(db, now);
  const ticket = randomBytes(32).toString('base64url');
  await insertSocketTicket(db, {
    ticket_hash: hashOf(ticket),
    album_id: albumId,
    is_owner: access.isOwner ? 1 : 0,
    organiser_id: access.organiserId,
    wall: access.wall ? 1 : 0,
    pin: access.pin,
    expires_at: now + SOCKET_TICKET_TTL_SECONDS * 1000,
  });
  return { ticket, expires_in: SOCKET_TICKET_TTL_SECONDS };
}

/**
 * Takes the ticket of a socket of `albumId` (used once: a second socket with it is refused). The PIN
 * was checked when it was issued; whether the gallery is still open to guests, and the PIN still the
 * one proved, is checked again now.
 */
export async function redeemSocketTicket(db: Kysely<Database>, ticket: string, albumId: string, now = Date.now()): Promise<SocketAccess> {
  const row = await takeSocketTicket(db, hashOf(ticket), now);
  if (!row || row.album_id !== albumId) throw new HttpError(403, badTicketMessage);
  const { isOwner, eventId } = await ownership(db, albumId, row.organiser_id);
  const access: SocketAccess = { isOwner, eventId, organiserId: row.organiser_id, wall: row.wall === 1, pin: row.pin };
  if (isOwner) return access;
  const rules = await findEventRules(db, eventId);
  if (rules) assertGalleryOpen(rules);
  const guard = await findEventGuard(db, eventId);
  if (!access.wall && (guard?.pin ?? null) !== access.pin) throw new HttpError(403, badTicketMessage);
  return access;
}
