import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, PhotoRow } from '../../db/schema';
import { setGuestPath } from '../../repositories/photos';
import type { Exiftool } from '../../infra/media/exiftool';
import type { Storage } from '../../infra/storage';
import type { TempArea } from '../../infra/temp-area';
import { localOriginal, removeIfPhotoGone } from './job-parts';

/**
 * Issue 22: guests never get the place where a photo or video was taken. Their copy of an original is
 * the same file with its location metadata removed by exiftool, which rewrites metadata only (the
 * picture and the video stream are never re-encoded): EXIF GPS, XMP location (exif:GPS*, the IPTC
 * location fields, photoshop:City/State/Country), QuickTime/MP4 `©xyz`, `loci` and the Keys
 * `com.apple.quicktime.location.*`. Orientation and capture dates stay. The original itself is never
 * changed (its SHA-256 is the album's dedupe key, and the organiser's 'Baixar tudo' gives it as sent).
 */

/** Tag names (every group) that say where: read to decide, deleted to strip. */
const LOCATION_TAGS = [
  'gps*',
  'location*',
  'city',
  'state',
  'province-state',
  'country*',
  'sub-location',
  'sublocation',
  'xmp-iptcExt:LocationCreated*',
  'xmp-iptcExt:LocationShown*',
];

/** QuickTime Keys that exiftool reads but cannot delete one by one (`location` as ffmpeg and some phones write it): the Keys box goes, these stay. */
const KEYS_KEPT = ['Keys:CreationDate', 'Keys:Make', 'Keys:Model', 'Keys:Software'];

/** The location tags a file carries (`Group:Tag` names; exiftool's derived Composite tags left out). */
export async function locationTags(exiftool: Exiftool, file: string): Promise<string[]> {
  const out = await exiftool.run(['-j', '-a', '-G1', '-n', '-m', ...LOCATION_TAGS.map((tag) => `-${tag}`), file]);
  const [found] = JSON.parse(out || '[{}]') as Array<Record<string, unknown>>;
  return Object.keys(found ?? {}).filter((name) => name !== 'SourceFile' && !name.startsWith('Composite:'));
}

export class LocationNotRemovedError extends Error {
  constructor(readonly tags: string[]) {
    super(`location metadata could not be removed: ${tags.join(', ')}`);
    this.name = 'LocationNotRemovedError';
  }
}

/** Writes `output` (which must not exist): `input` without location metadata, checked by reading it back. */
export async function stripLocation(exiftool: Exiftool, input: string, output: string): Promise<void> {
  await exiftool.run(['-m', ...LOCATION_TAGS.map((tag) => `-${tag}=`), '-o', output, input]);
  let left = await locationTags(exiftool, output);
  if (left.some((name) => name.startsWith('Keys:'))) {
    await exiftool.run(['-m', '-overwrite_original', '-Keys:all=', '-tagsFromFile', '@', ...KEYS_KEPT.map((tag) => `-${tag}`), output]);
    left = await locationTags(exiftool, output);
  }
  if (left.length > 0) throw new LocationNotRemovedError(left);
}

/** The key of a photo's guest copy, next to its original: `<id>-guest.<ext>`. */
export const guestKeyOf = (originalKey: string) => originalKey.replace(/(\.[A-Za-z0-9]+)$/, '-guest$1');

export interface GuestCopyDeps {
  db: Kysely<Database>;
  storage: Storage;
  temp: TempArea;
  /** null: no exiftool, no guest copies (guests are refused the originals). */
  exiftool: Exiftool | null;
}

const making = new Map<string, Promise<string | null>>();

/**
 * The key of the photo's guest copy, made now when missing: the original's own key when it carries no
 * location, else `<id>-guest.<ext>`. Null without exiftool. One copy at a time per photo in this process.
 * `originalFile`: the original already on this machine (the media job's copy), not fetched again.
 */
export function ensureGuestCopy(deps: GuestCopyDeps, photo: Pick<PhotoRow, 'id' | 'original_path' | 'guest_path'>, originalFile?: string): Promise<string | null> {
  if (photo.guest_path) return Promise.resolve(photo.guest_path);
  if (!deps.exiftool) return Promise.resolve(null);
  const running = making.get(photo.id);
  if (running) return running;
  const job = makeGuestCopy(deps, deps.exiftool, photo, originalFile).finally(() => making.delete(photo.id));
  making.set(photo.id, job);
  return job;
}

async function makeGuestCopy(deps: GuestCopyDeps, exiftool: Exiftool, photo: Pick<PhotoRow, 'id' | 'original_path'>, originalFile?: string): Promise<string> {
  const original = originalFile ? { file: originalFile, release: async () => {} } : await localOriginal(deps, photo.original_path, `${photo.id}-for-guests`);
  const output = deps.temp.file('media', `${photo.id}-guest${path.extname(photo.original_path)}`);
  try {
    let key = photo.original_path;
    if ((await locationTags(exiftool, original.file)).length > 0) {
      await deps.temp.remove(output);
      await stripLocation(exiftool, original.file, output);
      key = guestKeyOf(photo.original_path);
      await deps.storage.moveIn(output, key);
    }
    await setGuestPath(deps.db, photo.id, key);
    if (key !== photo.original_path) await removeIfPhotoGone(deps, photo.id, [key]);
    return key;
  } finally {
    await deps.temp.remove(output);
    await original.release();
  }
}
