import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../errors';

export const PIN_HEADER = 'x-event-pin';
export const WALL_TOKEN_HEADER = 'x-wall-token';
export const pinRequiredMessage = 'Digite o PIN do evento.';
export const wrongPinMessage = 'PIN incorreto. Confira com quem organiza o evento.';
export const tooManyPinsMessage = 'Muitas tentativas de PIN. Aguarde alguns minutos e tente novamente.';
export const tooManyEventPinsMessage = 'Muitas tentativas de PIN erradas neste evento. Aguarde alguns minutos e tente novamente.';

/** Wrong PINs one device (address) may try per event in a window before it must wait. */
export const MAX_WRONG_PINS = 10;
export const PIN_WINDOW_MS = 15 * 60_000;

/** Issue 23: PIN_MAX_FAILURES_PER_EVENT, wrong PINs one event takes from all addresses together in 15 minutes. */
export interface PinLimits {
  perEvent: number;
}
export const DEFAULT_PIN_LIMITS: PinLimits = { perEvent: 100 };

/** What a guest's call offers against an event's PIN, as the web layer read it from the request (http/event-pin.ts). */
export interface PinAttempt {
  /** The `x-event-pin` header, trimmed; null without one. */
  pin: string | null;
  /** The `x-wall-token` header, trimmed; null without one. */
  wallToken: string | null;
  /** The client's address, as TRUST_PROXY lets the server see it. */
  ip: string;
  limits: PinLimits;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** Whether a sent PIN is the event's, in constant time. */
export const samePin = (sent: string, pin: string) => timingSafeEqual(sha256(sent), sha256(pin));

/** Whether a sent wall token is the event's current wall link (`x-wall-token`). */
export function holdsWallLink(wallToken: string | null, event: { wall_token_hash: string | null }): boolean {
  return !!wallToken && !!event.wall_token_hash && createHash('sha256').update(wallToken).digest('hex') === event.wall_token_hash;
}

/** The request-count keys of a PIN try: per address and event, and per event. */
export function pinCountKeys(ip: string, eventId: string): { addressKey: string; eventKey: string } {
  return {
    addressKey: createHash('sha256').update(`pin:${ip}:${eventId}`).digest('hex'),
    eventKey: createHash('sha256').update(`pin-event:${eventId}`).digest('hex'),
  };
}

/** The PIN as the organiser's form sent it: 4 to 8 digits, '' to remove it; absent keeps it. */
export function readPin(sentPin: string | undefined, current: string | null): string | null {
  if (sentPin === undefined) return current;
  const pin = sentPin.trim();
  if (pin === '') return null;
  if (!/^\d{4,8}$/.test(pin)) throw new HttpError(400, "O campo 'pin' deve ter de 4 a 8 dígitos.");
  return pin;
}
