import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download ticket allows: one event's ZIP, narrowed as it was asked for. */
export interface DownloadScope {
  eventId: string;
  albumId?: string;
  userId?: string;
  includeHidden?: boolean;
  /** Issue 26: the favourites only ('Só favoritas'). */
  favoritesOnly?: boolean;
  /** Issue 26: a ticket for the 'Livro de recados' PDF, never for the ZIP (and the other way round). */
  book?: boolean;
  /** Issue 28: the printable QR kit of the event (`printables.pdf`), never its ZIP. */
  printables?: boolean;
  /** Issue 28: only one place's photos; a folder per place. */
  place?: string;
  byPlace?: boolean;
}

interface TicketPayload extends DownloadScope {
  /** The organiser who asked for it (still checked to own the event at download time). */
  organiserId: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

/** At most 10 minutes (issue 11): long enough for a browser to start the download, short enough to leak little. */
export const TICKET_TTL_SECONDS = 10 * 60;

/**
 * Tickets are signed with a key derived from the token secret for this one purpose, so a ticket is
 * never a valid login token and a login token is never a valid ticket.
 */
const ticketKey = (secret: string) => createHmac('sha256', secret).update('momentos download ticket v1').digest();

const mac = (payload: string, secret: string) => createHmac('sha256', ticketKey(secret)).update(payload).digest();

export function signDownloadTicket(scope: DownloadScope & { organiserId: string }, secret: string, now = Date.now()): { ticket: string; expiresAt: Date } {
  const exp = Math.floor(now / 1000) + TICKET_TTL_SECONDS;
  const payload = Buffer.from(JSON.stringify({ ...scope, exp } satisfies TicketPayload)).toString('base64url');
  return { ticket: `${payload}.${mac(payload, secret).toString('base64url')}`, expiresAt: new Date(exp * 1000) };
}

/** The ticket's payload when its signature holds and it has not expired; null otherwise. */
export function verifyDownloadTicket(ticket: string, secret: string, now = Date.now()): TicketPayload | null {
  const parts = ticket.split('.');
  if (parts.length !== 2 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return null;
  const [payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const value = claims as Partial<TicketPayload> | null;
  if (!value || typeof value.eventId !== 'string' || typeof value.organiserId !== 'string' || typeof value.exp !== 'number') return null;
  if (value.exp <= Math.floor(now / 1000)) return null;
  return value as TicketPayload;
}

/** Whether a download request asks for exactly the ticket's scope (the URL it came with). */
export const sameScope = (ticket: DownloadScope, asked: DownloadScope) =>
  ticket.eventId === asked.eventId &&
  (ticket.albumId ?? null) === (asked.albumId ?? null) &&
  (ticket.userId ?? null) === (asked.userId ?? null) &&
  Boolean(ticket.includeHidden) === Boolean(asked.includeHidden) &&
  Boolean(ticket.favoritesOnly) === Boolean(asked.favoritesOnly) &&
  Boolean(ticket.book) === Boolean(asked.book) &&
  Boolean(ticket.printables) === Boolean(asked.printables) &&
  (ticket.place ?? null) === (asked.place ?? null) &&
  Boolean(ticket.byPlace) === Boolean(asked.byPlace);
