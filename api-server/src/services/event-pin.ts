import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import { findEventGuard } from '../repositories/events';
import { roleOn } from './team/event-access';
import { countRequest, uncountRequest } from '../repositories/request-counts';
import {
  holdsWallLink,
  MAX_WRONG_PINS,
  PIN_WINDOW_MS,
  pinCountKeys,
  pinRequiredMessage,
  samePin,
  tooManyEventPinsMessage,
  tooManyPinsMessage,
  wrongPinMessage,
  type PinAttempt,
} from '../domain/event-pin';

/**
 * Issue 12: an event with a PIN requires it on every guest call (header `x-event-pin`; a socket's
 * ticket was issued against it). The organiser never needs it, nor does the event's wall link
 * (`x-wall-token`). Issue 23: every try is counted before it is judged, in one atomic upsert per
 * key shared by every instance (per address and event, and per event), and given back when the PIN
 * was right: a burst of guesses cannot all pass the check before any of them is counted. Past
 * MAX_WRONG_PINS per address, or PIN_MAX_FAILURES_PER_EVENT per event, in 15 minutes: 429.
 */
export async function checkEventPin(db: Kysely<Database>, attempt: PinAttempt, eventId: string, organiserId: string | null): Promise<void> {
  const event = await findEventGuard(db, eventId);
  // The event's team (issue 27) never types the PIN.
  if (!event?.pin || event.organiser_id === organiserId || (await roleOn(db, eventId, organiserId)) !== null) return;
  if (holdsWallLink(attempt.wallToken, event)) return;
  const pin = attempt.pin;
  if (!pin) throw new HttpError(403, pinRequiredMessage);
  const { addressKey, eventKey } = pinCountKeys(attempt.ip, eventId);
  const now = Date.now();
  // The address first: an address already waiting spends nothing of the event's budget.
  if ((await countRequest(db, addressKey, now, PIN_WINDOW_MS)).count > MAX_WRONG_PINS) throw new HttpError(429, tooManyPinsMessage);
  if ((await countRequest(db, eventKey, now, PIN_WINDOW_MS)).count > attempt.limits.perEvent) {
    await uncountRequest(db, addressKey);
    throw new HttpError(429, tooManyEventPinsMessage);
  }
  if (!samePin(pin, event.pin)) throw new HttpError(403, wrongPinMessage);
  await Promise.all([uncountRequest(db, addressKey), uncountRequest(db, eventKey)]);
}
