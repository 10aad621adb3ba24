import exifr from 'exifr';
import { plausibleInstant } from './video';

/**
 * One object for every call: exifr keeps the options it derives from each options object in a Map of
 * its own, keyed by that object and never emptied, so a literal per call kept about 8 KB per photo for
 * the life of the process (issue 29: the soak's heap grew 0.3–0.5 MB a minute).
 */
const TAKEN_AT_TAGS = {
  pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'OffsetTime'],
  reviveValues: false,
  translateValues: false,
};

/**
 * A photo's capture time as an ISO UTC instant: EXIF DateTimeOriginal (else CreateDate) with its
 * offset (OffsetTimeOriginal, else OffsetTime). A time without an offset is read in the server's time
 * zone (TZ). null when the file says nothing plausible (JPEG, HEIC, PNG, WebP and AVIF are read).
 */
export async function photoTakenAt(file: string | Buffer): Promise<string | null> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(file, TAKEN_AT_TAGS);
  } catch {
    return null;
  }
  return takenAtFromExif(tags ?? {});
}

/** EXIF's 'YYYY:MM:DD HH:mm:ss' and '+HH:MM' as an instant (exported for tests). */
export function takenAtFromExif(tags: Record<string, unknown>): string | null {
  const stamp = [tags.DateTimeOriginal, tags.CreateDate].find((value): value is string => typeof value === 'string' && value.trim() !== '');
  const match = stamp ? /^(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(stamp.trim()) : null;
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const offsetText = [tags.OffsetTimeOriginal, tags.OffsetTime].find((value): value is string => typeof value === 'string' && /^[+-]\d{2}:\d{2}$/.test(value.trim()));
  if (offsetText) {
    const sign = offsetText.trim().startsWith('-') ? -1 : 1;
    const [hours, minutes] = offsetText.trim().slice(1).split(':').map(Number);
    return plausibleInstant(Date.UTC(year, month - 1, day, hour, minute, second) - sign * (hours * 60 + minutes) * 60_000);
  }
  return plausibleInstant(new Date(year, month - 1, day, hour, minute, second).getTime());
}
