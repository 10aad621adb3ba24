import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { messages } from '../errors';
import { findPhoto, finishProcessing, replaceRenditions } from '../repositories/photos';
import type { PhotoRow } from '../db/schema';
import type { Storage } from './storage';
import type { TempArea } from './temp-area';
import { decodeHeic, extractPosterFrame, makeRenditions } from './thumbnails';
import { ensureGuestCopy } from './location-strip';
import { isMessageId } from './ids';
import { failVoiceNote, processVoiceNote } from './guestbook/voice-note';

export interface MediaJobDeps {
  db: Kysely<Database>;
  storage: Storage;
  temp: TempArea;
  media: Config['media'];
  /** Issue 26: voice notes are cut at MESSAGE_MAX_AUDIO_SECONDS in their AAC rendition. */
  guestbook?: Pick<Config['guestbook'], 'maxAudioSeconds'>;
  log: { warn: (details: object, message: string) => void };
}

/** The job was cut short by a shutdown: the photo stays processing and the job is taken up again. */
export class MediaJobAborted extends Error {
  constructor() {
    super('media job aborted by shutdown');
    this.name = 'MediaJobAborted';
  }
}

/** The renditions' keys, next to the original: `<id>-grid.webp` (compressed_photo) and `<id>-display.webp`. */
export function renditionKeysOf(originalKey: string): { grid: string; display: string } {
  const base = originalKey.replace(/\.[A-Za-z0-9]+$/, '');
  return { grid: `${base}-grid.webp`, display: `${base}-display.webp` };
}

/**
 * A finished photo made before renditions existed (issue 13): it has a 1600-px thumbnail and no screen
 * rendition. The backfill at start remakes both from the original.
 */
export function needsRenditions(photo: Pick<PhotoRow, 'processing' | 'error' | 'compressed_path' | 'display_path'>): boolean {
  return Number(photo.processing) === 0 && !photo.error && !!photo.compressed_path && !photo.display_path;
}

/** The original as a file on this machine: in place on local disk, else a temporary copy named after `id` (removed by `release`). */
export async function localOriginal(deps: Pick<MediaJobDeps, 'storage' | 'temp'>, key: string, id: string): Promise<{ file: string; release: () => Promise<void> }> {
  const inPlace = await deps.storage.localPath(key);
  if (inPlace) return { file: inPlace, release: async () => {} };
  const stored = await deps.storage.get(key);
  if (!stored) throw new Error(`original ${key} is missing from storage`);
  const copy = deps.temp.file('media', `${id}-original`);
  try {
    await pipeline(stored.body, fs.createWriteStream(copy, { highWaterMark: 1024 * 1024 }));
  } catch (error) {
    await deps.temp.remove(copy);
    throw error;
  }
  return { file: copy, release: () => deps.temp.remove(copy) };
}

/**
 * Makes the photo's renditions, `compressed_photo` (the grid's WebP, at most MEDIA_THUMBNAIL_SIZE px)
 * and `display_photo` (the screen's, at most MEDIA_DISPLAY_SIZE px), a video's from its poster frame,
 * and ends its processing. A photo that cannot be decoded ends with the error at once; a failure of
 * the store or the database throws, so that a queue may try again (the caller decides when a job has
 * failed for good and calls `failPhoto`). A finished photo made before renditions existed gets them
 * here too (the backfill): its old thumbnail stays until the new files are in place.
 */
export async function processPhoto(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<void> {
  // Issue 26: the queue also makes the guestbook's voice notes' AAC renditions (ids `msg_…`).
  if (isMessageId(id)) return processVoiceNote(deps, id, signal);
  const photo = await findPhoto(deps.db, id);
  if (!photo) return;
  const backfill = needsRenditions(photo);
  if (Number(photo.processing) !== 1 && !backfill) return;
  const config = deps.media;
  if (photo.file_type === 'video' && !config.ffmpegPath) {
    // Without ffmpeg a video has no poster; that is not an error. An old poster stays the display copy.
    if (backfill) await replaceRenditions(deps.db, id, { compressedPath: photo.compressed_path!, displayPath: photo.compressed_path! });
    else await finishProcessing(deps.db, id, { compressedPath: null, displayPath: null, error: null });
    return;
  }

  const original = await localOriginal(deps, photo.original_path, id);
  const files = { grid: deps.temp.file('media', `${id}-grid.webp`), display: deps.temp.file('media', `${id}-display.webp`) };
  const poster = deps.temp.file('media', `${id}-poster.jpg`);
  const options = { gridSize: config.thumbnailSize, displaySize: config.displaySize, maxInputPixels: config.maxInputPixels };
  try {
    try {
      if (photo.file_type === 'video') {
        await extractPosterFrame(config.ffmpegPath!, original.file, poster, signal);
        await makeRenditions(poster, files, options);
      } else if (/\.(heic|heif)$/i.test(photo.original_path)) {
        await makeRenditions(await decodeHeic(original.file, signal), files, options);
      } else {
        await makeRenditions(original.file, files, options);
      }
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      // The bytes themselves cannot be made into renditions: trying again would not help.
      deps.log.warn({ err: error, photoId: id }, 'media processing failed');
      // A backfilled photo keeps the thumbnail it had, now also its display copy.
      if (backfill) await replaceRenditions(deps.db, id, { compressedPath: photo.compressed_path!, displayPath: photo.compressed_path! });
      else await finishProcessing(deps.db, id, { compressedPath: null, displayPath: null, error: messages.processingFailed });
      return;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const keys = renditionKeysOf(photo.original_path);
    await deps.storage.moveIn(files.grid, keys.grid, 'image/webp');
    await deps.storage.moveIn(files.display, keys.display, 'image/webp');
    if (backfill) {
      await replaceRenditions(deps.db, id, { compressedPath: keys.grid, displayPath: keys.display });
      // The old thumbnail's row no longer points at it. A crash before this line leaves it as an
      // orphan file; a row never points at a missing file.
      if (photo.compressed_path !== keys.grid) await deps.storage.remove(photo.compressed_path!);
    } else {
      await finishProcessing(deps.db, id, { compressedPath: keys.grid, displayPath: keys.display, error: null });
    }
    await makeGuestCopy(deps, photo);
  } finally {
    await deps.temp.remove(files.grid);
    await deps.temp.remove(files.display);
    await deps.temp.remove(poster);
    await original.release();
  }
}

/**
 * Issue 22: the guests' copy of the original, without location, made with the renditions (the file
 * route makes it on first use otherwise). A copy that cannot be made is logged, never the job's failure:
 * guests are then refused the original, and the next request tries again.
 */
async function makeGuestCopy(deps: MediaJobDeps, photo: PhotoRow): Promise<void> {
  try {
    await ensureGuestCopy({ ...deps, exiftoolPath: deps.media.exiftoolPath }, photo);
  } catch (error) {
    deps.log.warn({ err: error, photoId: photo.id }, 'could not make the guest copy without location');
  }
}

/** Ends a photo whose job failed for good: not processing, with the error the gallery shows. */
export async function failPhoto(db: Kysely<Database>, id: string): Promise<void> {
  if (isMessageId(id)) return failVoiceNote(db, id);
  const photo = await findPhoto(db, id);
  if (!photo || Number(photo.processing) !== 1) return;
  await finishProcessing(db, id, { compressedPath: null, displayPath: null, error: messages.processingFailed });
}
