import type { MessageModeration } from '@momentos/api-contract';
import { call } from '../http/api-result';
import { readStored, writeStored } from '../storage-keys';

export type { MessageItem, MessageModeration, PostedMessage, ReactionState } from '@momentos/api-contract';

// Issue 26: the guestbook ('Recados') and hearts ('Curtir').

/**
 * What the screens hold a message to before sending (the contract's MAX_MESSAGE_TEXT, and
 * MESSAGE_MAX_AUDIO_SECONDS' default); the server decides, and says so when it refuses.
 */
export const messageLimits = { maxText: 1000, maxAudioSeconds: 60 } as const;

/** GET /api/events/{id}/messages: guests the published ones, newest first; the owner every one, flagged. */
export function listMessages(eventId: string) {
  return call('GET /api/events/:id/messages', { params: { id: eventId } });
}

export interface MessageInput {
  userId: string;
  text: string;
  /** The recording as MediaRecorder made it, and its length in seconds. */
  audio?: Blob | null;
  audioSeconds?: number | null;
  /** Issue 28: the place of the invite the guest opened (its cookie), as uploads carry it. */
  place?: string | null;
}

const audioExtension = (type: string) => (/mp4|aac|m4a/.test(type) ? 'm4a' : /ogg/.test(type) ? 'ogg' : 'webm');

/** POST /api/events/{id}/messages (multipart): answers the message and, once, its delete key. */
export function postMessage(eventId: string, input: MessageInput) {
  const form = new FormData();
  form.append('user_id', input.userId);
  form.append('text', input.text);
  if (input.place) form.append('place', input.place);
  if (input.audio) {
    if (input.audioSeconds) form.append('audio_seconds', String(Math.round(input.audioSeconds * 10) / 10));
    form.append('audio', input.audio, `recado.${audioExtension(input.audio.type)}`);
  }
  return call('POST /api/events/:id/messages', { params: { id: eventId }, body: form });
}

/** PATCH /api/events/messages/{id} (owner): `{hidden}` or `{pending: false}`. */
export function moderateMessage(messageId: string, change: MessageModeration) {
  return call('PATCH /api/events/messages/:messageId', { params: { messageId }, body: change });
}

/** DELETE /api/events/messages/{id}: the owner, or the guest who sent it with its key. */
export function removeMessage(messageId: string, deleteKey?: string) {
  return call('DELETE /api/events/messages/:messageId', { params: { messageId } }, { headers: deleteKey ? { 'x-delete-key': deleteKey } : undefined });
}

const DEVICE_KEY = 'device-id';
const HEARTED_KEY = 'hearted-photos';

/** The identifier this browser keeps for its hearts (one heart per device per photo). */
export function deviceId(): string {
  const known = readStored(DEVICE_KEY);
  if (known && /^[A-Za-z0-9_-]{16,128}$/.test(known)) return known;
  const fresh = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  writeStored(DEVICE_KEY, fresh);
  return fresh;
}

/** The photos this device has hearted (kept on the device, as the heart itself is). */
export function heartedPhotos(): Set<string> {
  try {
    const value = JSON.parse(readStored(HEARTED_KEY) ?? '[]') as unknown;
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

function rememberHeart(photoId: string, on: boolean): void {
  const set = heartedPhotos();
  if (on) set.add(photoId);
  else set.delete(photoId);
  // The newest 2,000 are plenty for any event.
  writeStored(HEARTED_KEY, JSON.stringify([...set].slice(-2000)));
}

/** POST (on) or DELETE (off) /api/events/photos/{id}/reactions: answers the photo's hearts now. */
export async function setHeart(photoId: string, on: boolean) {
  const result = await call(on ? 'POST /api/events/photos/:photoId/reactions' : 'DELETE /api/events/photos/:photoId/reactions', { params: { photoId } }, { headers: { 'x-device-id': deviceId() } });
  if (result.ok) rememberHeart(photoId, on);
  return result;
}
