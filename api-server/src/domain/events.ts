import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database, EventRow } from '../db/schema';
import { deleteEvent } from '../repositories/events';
import { storageKeys } from './files';
import type { ImageType } from './image-type';
import type { Storage } from './storage';

/** Largest event cover image. */
export const MAX_EVENT_IMAGE_BYTES = 5 * 1024 * 1024;

/** A cover image whose bytes were checked. */
export interface EventImage {
  bytes: Buffer;
  ext: ImageType['ext'];
}

/** 'YYYY-MM-DD HH:mm' when the text names a real date and time, else null. */
export function normaliseEventDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && hour < 24 && minute < 60;
  return real ? `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}` : null;
}

/** Stores a cover image under the event's folder (a fresh name, so caches never show the old one); answers its key. */
export async function storeEventImage(storage: Storage, eventId: string, image: EventImage): Promise<string> {
  const key = `${storageKeys.eventFolder(eventId)}/image-${randomBytes(8).toString('hex')}.${image.ext}`;
  await storage.put(key, image.bytes);
  return key;
}

/** Deletes the event, its albums, photos and every file under its folder. */
export async function removeEvent(deps: { db: Kysely<Database>; storage: Storage }, eventId: string): Promise<void> {
  const photoKeys = await deleteEvent(deps.db, eventId);
  await Promise.all(photoKeys.map((key) => deps.storage.remove(key)));
  await deps.storage.removePrefix(storageKeys.eventFolder(eventId));
}

/** The QR image of an invite link, made once per link (its digest names the file); answers its storage key. */
export async function inviteQrCode(storage: Storage, event: Pick<EventRow, 'id'>, link: string): Promise<string> {
  const digest = createHash('sha256').update(link).digest('hex').slice(0, 16);
  const key = `${storageKeys.eventFolder(event.id)}/qrcode-${digest}.png`;
  if (!(await storage.head(key))) {
    const png = await QRCode.toBuffer(link, { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
    await storage.put(key, png);
  }
  return key;
}
