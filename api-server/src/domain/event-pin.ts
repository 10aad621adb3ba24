import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { findEventGuard } from '../repositories/events';
import { countRequest, openRequestCount } from '../repositories/request-counts';

export const PIN_HEADER = 'x-event-pin';
export const WALL_TOKEN_HEADER = 'x-wall-token';
export const pinRequiredMessage = 'Digite o PIN do evento.';
export const wrongPinMessage = 'PIN incorreto. Confira com quem organiza o evento.';
export const tooManyPinsMessage = 'Muitas tentativas de PIN. Aguarde alguns minutos e tente novamente.';

/** Wrong PINs one device (address) may try per event in a window before it must wait. */
const MAX_WRONG = 10;
const WINDOW_MS = 15 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const same = (a: string, b: string) => timingSafeEqual(sha256(a), sha256(b));

function sent(request: FastifyRequest, header: string, query: string): string | null {
  const value = request.headers[header];
  const fromHeader = Array.isArray(value) ? value[0] : value;
  if (fromHeader) return fromHeader.trim();
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.[query];
  return typeof fromQuery === 'string' && fromQuery ? fromQuery.trim() : null;
}

/** Whether the request carries the event's current wall link (`x-wall-token`, or `?wall=`). */
export function carriesWallLink(request: FastifyRequest, event: { wall_token_hash: string | null }): boolean {
  const wall = sent(request, WALL_TOKEN_HEADER, 'wall');
  return !!wall && !!event.wall_token_hash && createHash('sha256').update(wall).digest('hex') === event.wall_token_hash;
}

/**
 * Issue 12: an event with a PIN requires it on every guest call (header `x-event-pin`, or `?pin=` on
 * the websocket). The organiser never needs it, nor does the event's wall link (`x-wall-token`, or
 * `?wall=`). Wrong PINs are counted per address and event: past MAX_WRONG in 15 minutes, 429.
 */
export async function assertEventPin(db: Kysely<Database>, request: FastifyRequest, eventId: string, organiserId: string | null): Promise<void> {
  const event = await findEventGuard(db, eventId);
  if (!event?.pin || event.organiser_id === organiserId) return;
  if (carriesWallLink(request, event)) return;
  const key = createHash('sha256').update(`pin:${request.ip}:${eventId}`).digest('hex');
  const now = Date.now();
  if ((await openRequestCount(db, key, now)) >= MAX_WRONG) throw new HttpError(429, tooManyPinsMessage);
  const pin = sent(request, PIN_HEADER, 'pin');
  if (!pin) throw new HttpError(403, pinRequiredMessage);
  if (same(pin, event.pin)) return;
  await countRequest(db, key, now, WINDOW_MS);
  throw new HttpError(403, wrongPinMessage);
}

/** The PIN as the organiser's form sent it: 4 to 8 digits, '' to remove it; absent keeps it. */
export function readPin(sentPin: string | undefined, current: string | null): string | null {
  if (sentPin === undefined) return current;
  const pin = sentPin.trim();
  if (pin === '') return null;
  if (!/^\d{4,8}$/.test(pin)) throw new HttpError(400, "O campo 'pin' deve ter de 4 a 8 dígitos.");
  return pin;
}
