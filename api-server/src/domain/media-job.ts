import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { messages } from '../errors';
import { findPhoto, finishProcessing } from '../repositories/photos';
import type { Storage } from './storage';
import type { TempArea } from './temp-area';
import { decodeHeic, extractPosterFrame, makeImageThumbnail } from './thumbnails';

export interface MediaJobDeps {
  db: Kysely<Database>;
  storage: Storage;
  temp: TempArea;
  media: Config['media'];
  log: { warn: (details: object, message: string) => void };
}

/** The job was cut short by a shutdown: the photo stays processing and the job is taken up again. */
export class MediaJobAborted extends Error {
  constructor() {
    super('media job aborted by shutdown');
    this.name = 'MediaJobAborted';
  }
}

/** The thumbnail's key: next to the original, `<id>-thumb.webp`. */
export const thumbnailKeyOf = (originalKey: string) => originalKey.replace(/\.[A-Za-z0-9]+$/, '') + '-thumb.webp';

/** The original as a file on this machine: in place on local disk, else a temporary copy (removed by `release`). */
async function localOriginal(deps: MediaJobDeps, key: string, id: string): Promise<{ file: string; release: () => Promise<void> }> {
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
 * Makes the photo's `compressed_photo` (a WebP of at most MEDIA_THUMBNAIL_SIZE px; a video's from its
 * poster frame) and ends its processing. A photo that cannot be decoded ends with the error at once;
 * a failure of the store or the database throws, so that a queue may try again (the caller decides
 * when a job has failed for good and calls `failPhoto`).
 */
export async function processPhoto(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<void> {
  const photo = await findPhoto(deps.db, id);
  if (!photo || Number(photo.processing) !== 1) return;
  const config = deps.media;
  if (photo.file_type === 'video' && !config.ffmpegPath) {
    // Without ffmpeg a video has no poster; that is not an error.
    await finishProcessing(deps.db, id, { compressedPath: null, error: null });
    return;
  }

  const original = await localOriginal(deps, photo.original_path, id);
  const output = deps.temp.file('media', `${id}.webp`);
  const poster = deps.temp.file('media', `${id}-poster.jpg`);
  const options = { size: config.thumbnailSize, maxInputPixels: config.maxInputPixels };
  try {
    try {
      if (photo.file_type === 'video') {
        await extractPosterFrame(config.ffmpegPath!, original.file, poster, signal);
        await makeImageThumbnail(poster, output, options);
      } else if (/\.(heic|heif)$/i.test(photo.original_path)) {
        await makeImageThumbnail(await decodeHeic(original.file, signal), output, options);
      } else {
        await makeImageThumbnail(original.file, output, options);
      }
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      // The bytes themselves cannot be made into a thumbnail: trying again would not help.
      deps.log.warn({ err: error, photoId: id }, 'media processing failed');
      await finishProcessing(deps.db, id, { compressedPath: null, error: messages.processingFailed });
      return;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const thumbnailKey = thumbnailKeyOf(photo.original_path);
    await deps.storage.moveIn(output, thumbnailKey, 'image/webp');
    await finishProcessing(deps.db, id, { compressedPath: thumbnailKey, error: null });
  } finally {
    await deps.temp.remove(output);
    await deps.temp.remove(poster);
    await original.release();
  }
}

/** Ends a photo whose job failed for good: not processing, with the error the gallery shows. */
export async function failPhoto(db: Kysely<Database>, id: string): Promise<void> {
  const photo = await findPhoto(db, id);
  if (!photo || Number(photo.processing) !== 1) return;
  await finishProcessing(db, id, { compressedPath: null, error: messages.processingFailed });
}
