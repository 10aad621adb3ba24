import type { ImageType } from './image-type';

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

/** The card's key, next to the image: `image-<random>-card.jpg`. */
export const eventCardKeyOf = (imageKey: string) => imageKey.replace(/\.[A-Za-z0-9]+$/, '') + '-card.jpg';
