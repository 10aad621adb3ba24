import { call, type ApiResult } from '../http/api-result';
import { http, setEventPinHeader, setWallTokenHeader } from '../http/http-client';
import { readEventPin } from '../event-pin';
import { storageKeys, writeStored } from '../storage-keys';
import type { EventInput } from './types';

function eventFormData(input: EventInput): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('date', input.date);
  form.append('location', input.location);
  form.append('contact', input.contact);
  // Issue 12: sent only when the form has them ('' clears a date).
  if (input.visibility !== undefined) form.append('visibility', input.visibility);
  if (input.reveal_at !== undefined) form.append('reveal_at', input.reveal_at);
  if (input.uploads_close_at !== undefined) form.append('uploads_close_at', input.uploads_close_at);
  if (input.pin !== undefined) form.append('pin', input.pin);
  // Issue 26: 'Aprovar recados antes de publicar?'.
  if (input.messages_require_approval !== undefined) form.append('messages_require_approval', String(input.messages_require_approval));
  // Issue 22: 'Convidados podem baixar as fotos'.
  if (input.guest_downloads !== undefined) form.append('guest_downloads', String(input.guest_downloads));
  // Issue 25: 'Duração máxima dos vídeos' in seconds; '' for the server's default.
  if (input.video_max_seconds !== undefined) form.append('video_max_seconds', input.video_max_seconds === null ? '' : String(input.video_max_seconds).trim());
  if (input.image) form.append('image', input.image);
  return form;
}

/**
 * A URL the browser can load for a file URL of the API (`/api/files?path=…`): relative URLs are
 * resolved against the API host (the page's origin unless the client's base URL points elsewhere).
 */
export function resolveApiUrl(url: string): string {
  if (/^(https?:|blob:|data:)/i.test(url)) return url;
  const base = (http.defaults.baseURL ?? '').replace(/\/$/, '');
  return `${base}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** GET /api/events: the organiser's events. */
export function listEvents() {
  return call('GET /api/events');
}

/** GET /api/events/{id}: a list whose first item is the event. */
export function getEvent(id: string) {
  return call('GET /api/events/:id', { params: { id } });
}

/** GET /api/events/{id}/public: what a guest may know of an event (name, date, image card, invite code). */
export function getPublicEvent(id: string) {
  return call('GET /api/events/:id/public', { params: { id } });
}

/** POST /api/events (multipart). 200 or 201 is success. */
export function createEvent(input: EventInput) {
  return call('POST /api/events', { body: eventFormData(input) });
}

/** PUT /api/events/{id} (multipart). 200 or 201 is success; the body is ignored. */
export async function updateEvent(id: string, input: EventInput): Promise<ApiResult<null>> {
  const result = await call('PUT /api/events/:id', { params: { id }, body: eventFormData(input) });
  return result.ok ? { ...result, data: null } : result;
}

/** DELETE /api/events/{id}. 200 is success. */
export function deleteEvent(id: string) {
  return call('DELETE /api/events/:id', { params: { id } });
}

/** POST /api/events/{id}/wall-link (owner): a new link for the live wall on a TV; the old one stops working. */
export function createWallLink(eventId: string) {
  return call('POST /api/events/:id/wall-link', { params: { id: eventId } });
}

/** DELETE /api/events/{id}/wall-link (owner): the wall link stops working. */
export function revokeWallLink(eventId: string) {
  return call('DELETE /api/events/:id/wall-link', { params: { id: eventId } });
}

/** GET /api/wall/{token}: the event a wall link opens (403 once revoked). */
export function getWallEvent(token: string) {
  return call('GET /api/wall/:token', { params: { token } });
}

/** Keeps the PIN the guest typed for an event (one event's PIN per device) and sends it from now on; null forgets it. */
export function rememberEventPin(eventId: string, pin: string | null): void {
  writeStored(storageKeys.eventPin, pin ? JSON.stringify({ eventId, pin }) : null);
  setEventPinHeader(pin);
}

/**
 * Issue 22: whether a refusal asks for the event's PIN (none sent, a wrong or changed one, too many
 * tries): the page then asks for it in place, showing the server's words.
 */
export function isPinRefusal(error: { status: number; message: string } | null | undefined): boolean {
  if (!error) return false;
  if (error.status === 403) return error.message === 'Digite o PIN do evento.' || error.message.startsWith('PIN incorreto');
  return error.status === 429 && error.message.startsWith('Muitas tentativas de PIN');
}

/** Whether this device holds a PIN for the event. */
export const hasEventPin = (eventId: string) => readEventPin()?.eventId === eventId;

/** The wall opened from a wall link: its token stands in for the event's PIN on the wall's calls. */
export const setWallToken = (token: string | null) => setWallTokenHeader(token);

/**
 * POST /api/events/{id}/printables-ticket (owner, issue 28): a short-lived ticket for the event's
 * printable QR kit and the PDF's URL; the caller adds `kind` and the places to its query.
 */
export function requestPrintables(eventId: string) {
  return call('POST /api/events/:id/printables-ticket', { params: { id: eventId } });
}
