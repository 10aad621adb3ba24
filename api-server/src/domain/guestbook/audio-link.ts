import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Issue 26: an expiring link that plays one voice note without a login: the 'Livro de recados' QR
 * codes and the organiser's own player (which cannot send the token from an <audio> element). Signed
 * with a key derived from the token secret for this one purpose: never a login token, never a
 * download ticket.
 */
const linkKey = (secret: string) => createHmac('sha256', secret).update('momentos voice note link v1').digest();

const signature = (messageId: string, exp: number, secret: string) =>
  createHmac('sha256', linkKey(secret)).update(`${messageId}.${exp}`).digest().subarray(0, 18).toString('base64url');

/** The path (same origin) that plays the message's voice note until `now + ttlSeconds`. */
export function signedAudioPath(messageId: string, secret: string, ttlSeconds: number, now = Date.now()): string {
  const exp = Math.floor(now / 1000) + ttlSeconds;
  return `/api/events/messages/${messageId}/audio?exp=${exp}&sig=${signature(messageId, exp, secret)}`;
}

/** Whether the link's signature holds for this message and it has not expired. */
export function audioLinkValid(messageId: string, exp: string, sig: string, secret: string, now = Date.now()): boolean {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires) || expires <= Math.floor(now / 1000)) return false;
  const given = Buffer.from(sig, 'base64url');
  const expected = Buffer.from(signature(messageId, expires, secret), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
