import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { findEventGuard } from '../repositories/events';
import { roleOn } from '../services/team/event-access';
import { countRequest, uncountRequest } from '../repositories/request-counts';

export const PIN_HEADER = 'x-event-pin';
export const WALL_TOKEN_HEADER = 'x-wall-token';
export const pinRequiredMessage = 'Digite o PIN do evento.';
export const wrongPinMessage = 'PIN incorreto. Confira com quem organiza o evento.';
export const tooManyPinsMessage = 'Muitas tentativas de PIN. Aguarde alguns minutos e tente novamente.';
export const tooManyEventPinsMessage = 'Muitas tentativas de PIN erradas neste evento. Aguarde alguns minutos e tente novamente.';

/** Wrong PINs one device (address) may try per event in a window before it must wait. */
const MAX_WRONG = 10;
const WINDOW_MS = 15 * 60_000;

/** Issue 23: PIN_MAX_FAILURES_PER_EVENT, wrong PINs one event takes from all addresses together in 15 minutes. */
export interface PinLimits {
  perEvent: number;
}
export const DEFAULT_PIN_LIMITS: PinLimits = { perEvent: 100 };

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the app from the configuration (PIN_MAX_FAILURES_PER_EVENT). */
    pinLimits?: PinLimits;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const same = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));

/** A header's value. Issue 23: never a query string (URLs are logged); sockets use a ticket (ws-ticket.ts). */
function sent(request: FastifyRequest, header: string): string | null {
  const value = request.headers[header];
  const fromHeader = Array.isArray(value) ? value[0] : value;
  return fromHeader ? fromHeader.trim() : null;
}

/** Whether the request carries the event's current wall link (`x-wall-token`). */
export function carriesWallLink(request: FastifyRequest, event: { wall_token_hash: string | null }): boolean {
  const wall = sent(request, WALL_TOKEN_HEADER);
  return !!wall && !!event.wall_token_hash && createHash('sha256').update(wall).digest('hex') === event.wall_token_hash;
}

/**
 * Issue 12: an event with a PIN requires it on every guest call (header `x-event-pin`; a socket's
 * ticket was issued against it). The organiser never needs it, nor does the event's wall link
 * (`x-wall-token`). Issue 23: every try is counted before it is judged, in one atomic upsert per
 * key shared by every instance (per address and event, and per event), and given back when the PIN
 * was right: a burst of guesses cannot all pass the check before any of them is counted. Past
 * MAX_WRONG per address, or PIN_MAX_FAILURES_PER_EVENT per event, in 15 minutes: 429.
 */
export async function assertEventPin(db: Kysely<Database>, request: FastifyRequest, eventId: string, organiserId: string | null): Promise<void> {
  const event = await findEventGuard(db, eventId);
  // The event's team (issue 27) never types the PIN.
  if (!event?.pin || event.organiser_id === organiserId || (await roleOn(db, eventId, organiserId)) !== null) return;
  if (carriesWallLink(request, event)) return;
  const pin = sent(request, PIN_HEADER);
  if (!pin) throw new HttpError(403, pinRequiredMessage);
  const limits = request.server.pinLimits ?? DEFAULT_PIN_LIMITS;
  const addressKey = createHash('sha256').update(`pin:${request.ip}:${eventId}`).digest('hex');
  const eventKey = createHash('sha256').update(`pin-event:${eventId}`).digest('hex');
  const now = Date.now();
  // The address first: an address already waiting spends nothing of the event's budget.
  if ((await countRequest(db, addressKey, now, WINDOW_MS)).count > MAX_WRONG) throw new HttpError(429, tooManyPinsMessage);
  if ((await countRequest(db, eventKey, now, WINDOW_MS)).count > limits.perEvent) {
    await uncountRequest(db, addressKey);
    throw new HttpError(429, tooManyEventPinsMessage);
  }
  if (!same(pin, event.pin)) throw new HttpError(403, wrongPinMessage);
  await Promise.all([uncountRequest(db, addressKey), uncountRequest(db, eventKey)]);
}

/** The PIN as the organiser's form sent it: 4 to 8 digits, '' to remove it; absent keeps it. */
export function readPin(sentPin: string | undefined, current: string | null): string | null {
  if (sentPin === undefined) return current;
  const pin = sentPin.trim();
  if (pin === '') return null;
  if (!/^\d{4,8}$/.test(pin)) throw new HttpError(400, "O campo 'pin' deve ter de 4 a 8 dígitos.");
  return pin;
}
