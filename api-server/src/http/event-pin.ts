import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEFAULT_PIN_LIMITS, holdsWallLink, PIN_HEADER, WALL_TOKEN_HEADER, type PinAttempt, type PinLimits } from '../domain/event-pin';
import { checkEventPin } from '../services/event-pin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the app from the configuration (PIN_MAX_FAILURES_PER_EVENT). */
    pinLimits?: PinLimits;
  }
}

/** A header's value. Issue 23: never a query string (URLs are logged); sockets use a ticket (ws-ticket.ts). */
function sent(request: FastifyRequest, header: string): string | null {
  const value = request.headers[header];
  const fromHeader = Array.isArray(value) ? value[0] : value;
  return fromHeader ? fromHeader.trim() : null;
}

/** What the request offers against an event's PIN (domain/event-pin.ts judges it). */
export function pinAttemptOf(request: FastifyRequest): PinAttempt {
  return {
    pin: sent(request, PIN_HEADER),
    wallToken: sent(request, WALL_TOKEN_HEADER),
    ip: request.ip,
    limits: request.server.pinLimits ?? DEFAULT_PIN_LIMITS,
  };
}

/** Whether the request carries the event's current wall link (`x-wall-token`). */
export const carriesWallLink = (request: FastifyRequest, event: { wall_token_hash: string | null }): boolean =>
  holdsWallLink(sent(request, WALL_TOKEN_HEADER), event);

/** The event's PIN checked for a guest's request (services/event-pin.ts). */
export const assertEventPin = (db: Kysely<Database>, request: FastifyRequest, eventId: string, organiserId: string | null): Promise<void> =>
  checkEventPin(db, pinAttemptOf(request), eventId, organiserId);
