// Issue 28: a place's invite link (`/invite/{code}?local=Mesa%205`), written by the server's
// printable kit and the organiser's preview, read by the guest's invite. Its own module, not the
// package's index: the shell bundles the index into every first visit.

/** The query parameter of an invite link that names where its QR code was printed. */
export const INVITE_PLACE_PARAM = 'local';

/** The longest place name kept (a table card's line). */
export const MAX_PLACE_LENGTH = 40;

/** A place as stored and shown: control characters dropped, spaces collapsed, at most 40 characters; null when nothing is left. */
export function normalisePlace(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const place = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim();
  return place === '' ? null : place;
}

/** The invite link of a place: `<link>?local=Mesa%205`; the link itself without a place. */
export function placeInviteLink(inviteLink: string, place: string | null): string {
  return place === null ? inviteLink : `${inviteLink}?${INVITE_PLACE_PARAM}=${encodeURIComponent(place)}`;
}

/** The place an invite URL's query names ('?local=Mesa%205'), cut to the longest kept; null without one. */
export function placeOfSearch(search: string): string | null {
  const place = normalisePlace(new URLSearchParams(search).get(INVITE_PLACE_PARAM));
  return place === null ? null : place.slice(0, MAX_PLACE_LENGTH);
}

/**
 * The cookie that keeps an event's place for the guest's uploads: the server sets it when it answers
 * `/invite/{code}?local=…` (no script on the first visit pays for it), the upload screen reads it.
 */
export const placeCookieName = (eventId: string) => `momentos-place-${eventId}`;

/** The place an event's cookie holds in `document.cookie`, or null. */
export function placeFromCookies(cookies: string, eventId: string): string | null {
  const name = `${placeCookieName(eventId)}=`;
  const found = cookies.split(/;\s*/).find((cookie) => cookie.startsWith(name));
  if (!found) return null;
  try {
    return placeOfSearch(`?${INVITE_PLACE_PARAM}=${found.slice(name.length)}`);
  } catch {
    return null;
  }
}
