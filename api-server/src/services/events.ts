import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database, EventRow } from '../db/schema';
import { deleteEvent, eventsWithoutCards, setEventCard } from '../repositories/events';
import { storageKeys } from '../domain/files';
import { eventCardKeyOf, type EventImage } from '../domain/events';
import type { Storage } from '../infra/storage';
import { makeEventCard } from '../infra/media/thumbnails';
import { storeWelcomeImages } from '../infra/media/welcome-image';
import { removeStoredFiles } from './photo-removal';

/** Where an event image and its card were stored. */
export interface StoredEventImage {
  imagePath: string;
  /** Null when the card could not be made (the image is kept; the welcome and previews show the original). */
  cardPath: string | null;
}

/** Makes and stores the image's 1200×630 card and the welcome's copies (issue 29); null (logged) when the bytes cannot be decoded. */
export async function storeEventCard(
  deps: { storage: Storage; maxInputPixels: number; log?: { warn: (details: object, message: string) => void } },
  imageKey: string,
  bytes: Buffer,
): Promise<string | null> {
  let card: Buffer;
  try {
    card = await makeEventCard(bytes, deps.maxInputPixels);
  } catch (error) {
    deps.log?.warn({ err: error, imageKey }, 'could not make the event card');
    return null;
  }
  const key = eventCardKeyOf(imageKey);
  // Issue 29: the welcome's AVIF copies of the same crop, beside the card (welcome-image.ts).
  await Promise.all([deps.storage.put(key, card, 'image/jpeg'), storeWelcomeImages(deps, key, bytes)]);
  return key;
}

/**
 * Stores a cover image under the event's folder (a fresh name, so caches never show the old one) and
 * its card; answers their keys.
 */
export async function storeEventImage(
  deps: { storage: Storage; maxInputPixels: number; log?: { warn: (details: object, message: string) => void } },
  eventId: string,
  image: EventImage,
): Promise<StoredEventImage> {
  const imagePath = `${storageKeys.eventFolder(eventId)}/image-${randomBytes(8).toString('hex')}.${image.ext}`;
  await deps.storage.put(imagePath, image.bytes);
  return { imagePath, cardPath: await storeEventCard(deps, imagePath, image.bytes) };
}

/**
 * Events whose image has no card yet (stored before cards existed, or a card that failed): made at
 * start in the background, one at a time; a stop leaves the rest to the next start. On several
 * instances two may make the same card: the key is derived from the image's, so they write the same file.
 */
export async function backfillEventCards(deps: {
  db: Kysely<Database>;
  storage: Storage;
  maxInputPixels: number;
  log: { warn: (details: object, message: string) => void; info: (details: object, message: string) => void };
  stopped: () => boolean;
}): Promise<void> {
  const events = await eventsWithoutCards(deps.db);
  if (events.length > 0) deps.log.info({ count: events.length }, 'making link-preview cards of event images');
  for (const event of events) {
    if (deps.stopped()) return;
    const stored = await deps.storage.get(event.image_path);
    if (!stored) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const cardPath = await storeEventCard(deps, event.image_path, Buffer.concat(chunks));
    // A card that cannot be made is not asked for again: the image's own key stands in for it.
    await setEventCard(deps.db, event.id, event.image_path, cardPath ?? event.image_path);
  }
}

/** Deletes the event, its albums, photos and every file under its folder (what cannot go is logged: removeStoredFiles). */
export async function removeEvent(deps: { db: Kysely<Database>; storage: Storage; warn: (details: object, message: string) => void }, eventId: string): Promise<void> {
  const photoKeys = await deleteEvent(deps.db, eventId);
  await removeStoredFiles(deps, photoKeys, storageKeys.eventFolder(eventId));
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
