import { THUMB_PHOTO_EDGE } from '@momentos/app-manifest/dist/grid-tile';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { messages } from '../../errors';
import { findPhoto, finishProcessing, replaceRenditions, setDisplayRendition, setMetadata, setPlayback, setThumbRendition, setVideoSize, type MediaMetadata } from '../../repositories/photos';
import type { PhotoRow } from '../../db/schema';
import { extractPosterFrame, makeRenditions, makeThumbFromGrid } from '../../infra/media/thumbnails';
import { heifDimensions } from '../../infra/media/heic-dimensions';
import { ensureGuestCopy } from './location-strip';
import { photoTakenAt } from '../../infra/media/taken-at';
import { canRemux, playbackArgs, probeVideo, runFfmpeg } from '../../infra/media/video';
import { isMessageId } from '../../domain/ids';
import { showsPreview } from '../../domain/photo-preview';
import { failVoiceNote, processVoiceNote } from '../guestbook/voice-note';
import { localCopy, localOriginal, MediaJobAborted, removeIfPhotoGone, type MediaJobDeps } from './job-parts';

export { localOriginal, MediaJobAborted, type MediaJobDeps };

/** Announces the photo's new state (issue 24); a failure is logged, never thrown. */
async function announceUpdated(deps: Pick<MediaJobDeps, 'announce' | 'log'>, id: string): Promise<void> {
  try {
    await deps.announce?.(id);
  } catch (error) {
    deps.log.warn({ err: error, photoId: id }, 'could not announce the photo update');
  }
}

/**
 * The renditions' keys, next to the original: `<id>-grid.webp` (compressed_photo), `<id>-display.webp`
 * (display_photo), `<id>-tile.webp` (thumb_photo, issue 29; not `-thumb.webp`, the first release's
 * 1600-px thumbnail) and a video's `<id>-playback.mp4` (playback_video, issue 25).
 */
export function renditionKeysOf(originalKey: string): { grid: string; display: string; thumb: string; playback: string } {
  const base = originalKey.replace(/\.[A-Za-z0-9]+$/, '');
  return { grid: `${base}-grid.webp`, display: `${base}-display.webp`, thumb: `${base}-tile.webp`, playback: `${base}-playback.mp4` };
}

/**
 * What a photo job leaves to the other lanes: a finished video that still needs its playback rendition
 * (`playback`), a photo shown with its first copies that still needs its screen copy (`display`).
 */
export interface PhotoJobResult {
  playback: boolean;
  display?: boolean;
}

const needsPlayback = (photo: Pick<PhotoRow, 'file_type' | 'error' | 'playback_path' | 'playback_error'>) =>
  photo.file_type === 'video' && !photo.error && !photo.playback_path && !photo.playback_error;

/** The capture time (and a video's length and size) of a file on this machine; nothing known when it cannot be read. */
async function readMetadata(deps: MediaJobDeps, photo: PhotoRow, file: string, signal: AbortSignal): Promise<MediaMetadata> {
  if (photo.file_type === 'video') {
    const ffprobe = deps.media.video.ffprobePath;
    if (!ffprobe) return { takenAt: null };
    try {
      const probe = await probeVideo(ffprobe, file, signal);
      return { takenAt: probe.takenAt, duration: probe.duration || null, width: probe.width || null, height: probe.height || null };
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      deps.log.warn({ err: error, photoId: photo.id }, 'ffprobe could not read the video');
      return { takenAt: null };
    }
  }
  return { takenAt: await photoTakenAt(file) };
}

/**
 * A finished photo made before renditions existed (issue 13): it has a 1600-px thumbnail and no screen
 * rendition. The backfill at start remakes both from the original.
 */
export function needsRenditions(photo: Pick<PhotoRow, 'processing' | 'error' | 'compressed_path' | 'display_path' | 'original_path'>): boolean {
  return Number(photo.processing) === 0 && !photo.error && !!photo.compressed_path && !photo.display_path && !showsPreview(photo);
}

/**
 * Issue 29: a photo shown with its first copies (grid and phone grid) whose screen copy is still to be
 * made (the screen lane's work; also the start's backfill after a crash between the two).
 */
export function needsDisplay(photo: Pick<PhotoRow, 'processing' | 'error' | 'compressed_path' | 'display_path' | 'thumb_path' | 'original_path'>): boolean {
  return Number(photo.processing) === 0 && !photo.error && !!photo.compressed_path && !!photo.thumb_path && !photo.display_path && !showsPreview(photo);
}

/**
 * Issue 29: a new photo's copies come from two decodes. The first makes the grid's and the phone
 * grid's copies (JPEG and WebP decode at a quarter of their size for them: about 0.15 s of a core for
 * a 12-MP photo instead of the job's 0.8 s), and the photo is announced: on the wall (which shows the
 * grid copy until the screen's arrives) and in every gallery at once. The second, in a lane of its
 * own (makeScreenCopy), makes the screen's copy and the guests' copy without location. HEIC (decoded
 * whole by heic-convert, where most of its time goes) and video posters stay one decode.
 */
const inTwoSteps = (photo: Pick<PhotoRow, 'file_type'>, ext: string) => photo.file_type === 'image' && ext !== 'heic' && ext !== 'heif';

/** A finished photo with its grid and screen renditions made before the phone grid's one (issue 29). */
export function needsThumb(photo: Pick<PhotoRow, 'processing' | 'error' | 'compressed_path' | 'display_path' | 'thumb_path'>): boolean {
  return Number(photo.processing) === 0 && !photo.error && !!photo.compressed_path && !!photo.display_path && !photo.thumb_path;
}


/** The renditions' sizes (MEDIA_THUMBNAIL_SIZE, MEDIA_DISPLAY_SIZE, the phone grid's edge) and the pixel-flood guard. */
const renditionOptions = (media: Config['media']) => ({
  gridSize: media.thumbnailSize,
  displaySize: media.displaySize,
  thumbSize: THUMB_PHOTO_EDGE,
  maxInputPixels: media.maxInputPixels,
});

/** Issue 23: every decoder runs in a process of its own, under a memory ceiling and a time limit. */
const decoderLimits = (media: Config['media'], signal: AbortSignal) => ({ memoryBytes: media.jobMaxMemoryBytes, timeoutMs: media.decodeTimeoutMs, signal });

/**
 * The backfill of issue 29: the phone grid's rendition made from the stored grid rendition (a photo's
 * or a video's poster, no ffmpeg needed), in the decoder process under the same limits as any decode.
 * A grid copy that cannot be decoded leaves the photo with its grid copy as its thumb too (the tiles
 * then offer one size), so it is not tried at every start.
 */
async function backfillThumb(deps: MediaJobDeps, photo: PhotoRow, signal: AbortSignal): Promise<void> {
  const grid = await localCopy(deps, photo.compressed_path!, `${photo.id}-grid-copy.webp`);
  const output = deps.temp.file('media', `${photo.id}-tile.webp`);
  try {
    try {
      await makeThumbFromGrid(grid.file, output, THUMB_PHOTO_EDGE, deps.media.maxInputPixels, decoderLimits(deps.media, signal));
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      deps.log.warn({ err: error, photoId: photo.id }, 'thumb rendition failed');
      await setThumbRendition(deps.db, photo.id, photo.compressed_path!);
      return;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const key = renditionKeysOf(photo.original_path).thumb;
    await deps.storage.moveIn(output, key, 'image/webp');
    await setThumbRendition(deps.db, photo.id, key);
    await removeIfPhotoGone(deps, photo.id, [key]);
  } finally {
    await deps.temp.remove(output);
    await grid.release();
  }
}

/**
 * Makes the photo's renditions, `compressed_photo` (the grid's WebP, at most MEDIA_THUMBNAIL_SIZE px)
 * and `display_photo` (the screen's, at most MEDIA_DISPLAY_SIZE px), a video's from its poster frame,
 * and ends its processing. A photo that cannot be decoded ends with the error at once; a failure of
 * the store or the database throws, so that a queue may try again (the caller decides when a job has
 * failed for good and calls `failPhoto`). A finished photo made before renditions existed gets them
 * here too (the backfill): its old thumbnail stays until the new files are in place.
 */
export async function processPhoto(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<PhotoJobResult> {
  // Issue 26: the queue also makes the guestbook's voice notes' AAC renditions (ids `msg_…`).
  if (isMessageId(id)) {
    await processVoiceNote(deps, id, signal);
    return { playback: false };
  }
  const photo = await findPhoto(deps.db, id);
  if (!photo) return { playback: false };
  if (needsDisplay(photo)) {
    await makeDisplay(deps, photo, signal);
    return { playback: false };
  }
  const backfill = needsRenditions(photo);
  // Issue 29: a photo shown with the guest's preview gets its first copies as if it were processing.
  const fresh = Number(photo.processing) === 1 || showsPreview(photo);
  // Issue 25: a finished photo stored before capture times were read only gets them read.
  const metadataOnly = !backfill && !fresh && Number(photo.metadata_read) === 0;
  // Issue 29: a finished photo with every other rendition only gets its phone copy (it needs no original).
  if (!metadataOnly && needsThumb(photo)) {
    await backfillThumb(deps, photo, signal);
    return { playback: false };
  }
  if (!fresh && !backfill && !metadataOnly) return { playback: false };
  const config = deps.media;
  if (photo.file_type === 'video' && !config.ffmpegPath) {
    // Without ffmpeg a video has no poster and no rendition; that is not an error: players get the
    // original, as before issue 25. An old poster stays the display copy.
    if (backfill) await replaceRenditions(deps.db, id, { compressedPath: photo.compressed_path!, displayPath: photo.compressed_path!, thumbPath: photo.compressed_path! });
    else if (!metadataOnly) await finishProcessing(deps.db, id, { compressedPath: null, displayPath: null, error: null, metadata: { takenAt: null } });
    if (metadataOnly) await setMetadata(deps.db, id, { takenAt: null });
    if (metadataOnly && needsThumb(photo)) await backfillThumb(deps, photo, signal);
    if (!photo.playback_path) await setPlayback(deps.db, id, { path: photo.original_path });
    if (!metadataOnly) await announceUpdated(deps, id);
    return { playback: false };
  }

  const original = await localOriginal(deps, photo.original_path, id);
  if (metadataOnly) {
    try {
      await setMetadata(deps.db, id, await readMetadata(deps, photo, original.file, signal));
      if (needsThumb(photo)) await backfillThumb(deps, photo, signal);
      return { playback: needsPlayback(photo) };
    } finally {
      await original.release();
    }
  }
  const files = {
    grid: deps.temp.file('media', `${id}-grid.webp`),
    display: deps.temp.file('media', `${id}-display.webp`),
    thumb: deps.temp.file('media', `${id}-tile.webp`),
  };
  const poster = deps.temp.file('media', `${id}-poster.jpg`);
  const options = renditionOptions(config);
  const limits = decoderLimits(config, signal);
  const ext = /\.([a-z0-9]+)$/i.exec(photo.original_path)?.[1].toLowerCase() ?? '';
  const firstOnly = !backfill && inTwoSteps(photo, ext);
  const made = firstOnly ? { grid: files.grid, thumb: files.thumb } : files;
  try {
    const metadata = Number(photo.metadata_read) === 1 ? undefined : await readMetadata(deps, photo, original.file, signal);
    try {
      if (photo.file_type === 'video') {
        await extractPosterFrame(config.ffmpegPath!, original.file, ext, poster, limits);
        await makeRenditions(poster, files, options, limits);
      } else if (ext === 'heic' || ext === 'heif') {
        await assertHeifPixels(original.file, config.maxInputPixels);
        await makeRenditions(original.file, files, options, limits, true);
      } else {
        await makeRenditions(original.file, made, options, limits);
      }
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      // The bytes themselves cannot be made into renditions: trying again would not help.
      deps.log.warn({ err: error, photoId: id }, 'media processing failed');
      // A backfilled photo keeps the thumbnail it had, now also its display copy.
      if (backfill) await replaceRenditions(deps.db, id, { compressedPath: photo.compressed_path!, displayPath: photo.compressed_path!, thumbPath: photo.compressed_path! });
      else await finishFirstCopies(deps, photo, { compressedPath: null, displayPath: null, error: messages.processingFailed, metadata });
      if (backfill && metadata) await setMetadata(deps.db, id, metadata);
      await announceUpdated(deps, id);
      return { playback: false };
    }
    if (signal.aborted) throw new MediaJobAborted();
    const keys = renditionKeysOf(photo.original_path);
    await deps.storage.moveIn(files.grid, keys.grid, 'image/webp');
    if (!firstOnly) await deps.storage.moveIn(files.display, keys.display, 'image/webp');
    await deps.storage.moveIn(files.thumb, keys.thumb, 'image/webp');
    const written = firstOnly ? [keys.grid, keys.thumb] : [keys.grid, keys.display, keys.thumb];
    if (firstOnly) {
      await finishFirstCopies(deps, photo, { compressedPath: keys.grid, displayPath: null, thumbPath: keys.thumb, error: null, metadata });
      if (await removeIfPhotoGone(deps, id, written)) return { playback: false };
      await announceUpdated(deps, id);
      return { playback: false, display: true };
    }
    if (backfill) {
      await replaceRenditions(deps.db, id, { compressedPath: keys.grid, displayPath: keys.display, thumbPath: keys.thumb });
      // The old thumbnail's row no longer points at it. A crash before this line leaves it as an
      // orphan file; a row never points at a missing file.
      if (photo.compressed_path !== keys.grid) await deps.storage.remove(photo.compressed_path!);
      if (metadata) await setMetadata(deps.db, id, metadata);
    } else {
      await finishFirstCopies(deps, photo, { compressedPath: keys.grid, displayPath: keys.display, thumbPath: keys.thumb, error: null, metadata });
    }
    if (await removeIfPhotoGone(deps, id, written)) return { playback: false };
    await announceUpdated(deps, id);
    // The original this job already has on this machine (on S3: not fetched a second time).
    await makeGuestCopy(deps, photo, original.file);
    // The rendition is queued after the poster, not beside it: started together on two cores, the
    // poster job (at normal priority) took its CPU from the transcoding, which then ran at 0.89 of bare
    // ffmpeg's speed and ended no sooner (bench/api/video-transcode.mjs, docs/decisions.md).
    return { playback: needsPlayback({ ...photo, error: null }) };
  } finally {
    await deps.temp.remove(files.grid);
    await deps.temp.remove(files.display);
    await deps.temp.remove(files.thumb);
    await deps.temp.remove(poster);
    await original.release();
  }
}

/**
 * Ends a new photo's processing with its first copies (or its error). A guest's preview that the row
 * shows (sent before or during this job) is replaced, and its file removed: a preview is never what a
 * photo keeps. A crash between the two leaves the file to the orphan sweep.
 */
async function finishFirstCopies(deps: MediaJobDeps, photo: PhotoRow, result: Parameters<typeof finishProcessing>[2]): Promise<void> {
  if (await finishProcessing(deps.db, photo.id, result, { processing: true })) return;
  // Not processing: the row shows a preview (none can come any more: it asks for processing), or it is
  // gone, or another job for the same photo finished first.
  const now = await findPhoto(deps.db, photo.id);
  if (!now?.compressed_path || !showsPreview(now)) return;
  if (await finishProcessing(deps.db, photo.id, result, { preview: now.compressed_path })) await deps.storage.remove(now.compressed_path);
}

/**
 * How much nicer than the server a screen copy's decoder runs: on a busy machine the first copies of
 * the photos behind it, and the uploads themselves, take the CPU first.
 */
const SCREEN_COPY_NICE = 10;

/**
 * The screen lane's job (issue 29): the screen copy of a photo already shown with its first copies,
 * then the guests' copy without location. Nothing to do for a photo that has it, or is gone.
 */
export async function makeScreenCopy(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<void> {
  const photo = await findPhoto(deps.db, id);
  if (photo && needsDisplay(photo)) await makeDisplay(deps, photo, signal);
}

/** Ends a screen copy whose job failed for good (the PostgreSQL queue's dead letters): the grid copy serves the screens. */
export async function failScreenCopy(db: Kysely<Database>, id: string, announcer?: Pick<MediaJobDeps, 'announce' | 'log'>): Promise<void> {
  const photo = await findPhoto(db, id);
  if (!photo || !needsDisplay(photo)) return;
  await setDisplayRendition(db, id, photo.compressed_path!);
  if (announcer) await announceUpdated(announcer, id);
}

/**
 * The screen copy of a photo already shown with its first copies, then the guests' copy without
 * location. A screen copy that cannot be made (a decode past the memory ceiling at full size, say)
 * leaves the grid copy as the screen's too, so it is not tried at every start.
 */
async function makeDisplay(deps: MediaJobDeps, photo: PhotoRow, signal: AbortSignal): Promise<void> {
  const original = await localOriginal(deps, photo.original_path, photo.id);
  const output = deps.temp.file('media', `${photo.id}-display.webp`);
  const config = deps.media;
  const options = renditionOptions(config);
  try {
    let decoded = true;
    try {
      await makeRenditions(original.file, { display: output }, options, { ...decoderLimits(config, signal), nice: SCREEN_COPY_NICE });
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      // The bytes cannot be made into this copy: trying again would not help.
      deps.log.warn({ err: error, photoId: photo.id }, 'screen rendition failed');
      decoded = false;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const key = decoded ? renditionKeysOf(photo.original_path).display : photo.compressed_path!;
    if (decoded) await deps.storage.moveIn(output, key, 'image/webp');
    await setDisplayRendition(deps.db, photo.id, key);
    if (await removeIfPhotoGone(deps, photo.id, decoded ? [key] : [])) return;
    await announceUpdated(deps, photo.id);
    await makeGuestCopy(deps, photo, original.file);
  } finally {
    await deps.temp.remove(output);
    await original.release();
  }
}

/**
 * Issue 22: the guests' copy of the original, without location, made with the renditions (the file
 * route makes it on first use otherwise). A copy that cannot be made is logged, never the job's failure:
 * guests are then refused the original, and the next request tries again.
 */
async function makeGuestCopy(deps: MediaJobDeps, photo: PhotoRow, originalFile: string): Promise<void> {
  try {
    await ensureGuestCopy({ ...deps, exiftool: deps.exiftool ?? null }, photo, originalFile);
  } catch (error) {
    deps.log.warn({ err: error, photoId: photo.id }, 'could not make the guest copy without location');
  }
}

/**
 * Issue 23: a HEIC's declared size (its container's `ispe`) is checked against MEDIA_MAX_INPUT_PIXELS
 * before any decoder sees it; one that declares no size is not decoded either.
 */
async function assertHeifPixels(file: string, maxPixels: number): Promise<void> {
  const size = await heifDimensions(file);
  if (!size) throw new Error('HEIC declares no image size (ispe): not decoded');
  if (size.width * size.height > maxPixels) {
    throw new Error(`HEIC declares ${size.width}×${size.height} pixels, past MEDIA_MAX_INPUT_PIXELS (${maxPixels}): not decoded`);
  }
}

/** Ends a photo whose job failed for good: not processing, with the error the gallery shows. */
export async function failPhoto(db: Kysely<Database>, id: string, announcer?: Pick<MediaJobDeps, 'announce' | 'log'>): Promise<void> {
  if (isMessageId(id)) return failVoiceNote(db, id);
  const photo = await findPhoto(db, id);
  if (!photo || Number(photo.processing) !== 1) return;
  await finishProcessing(db, id, { compressedPath: null, displayPath: null, error: messages.processingFailed });
  if (announcer) await announceUpdated(announcer, id);
}

/** What the players say of a video whose rendition could not be made (the original stays for the organiser). */
export const playbackFailedMessage = 'Não foi possível preparar este vídeo.';

/**
 * The video lane's job (issue 25): a finished video's playback rendition, H.264/AAC in MP4 with
 * `+faststart` (video.ts). A video already H.264/AAC within the limits is only remuxed; anything else
 * is transcoded, within MEDIA_JOB_TIMEOUT. A file ffmpeg cannot read (or that runs out of time) ends
 * with `playback_error`; a failure of the store or the database throws, so the queue tries again.
 */
export async function makePlayback(deps: MediaJobDeps, id: string, signal: AbortSignal): Promise<void> {
  // At the backfill it may run while the photo lane reads the same video's metadata: each writes its own columns.
  const photo = await findPhoto(deps.db, id);
  if (!photo || !needsPlayback(photo)) return;
  const { ffmpegPath } = deps.media;
  const { ffprobePath, maxEdge, maxBitrate, preset } = deps.media.video;
  if (!ffmpegPath || !ffprobePath) {
    await setPlayback(deps.db, id, { path: photo.original_path });
    await announceUpdated(deps, id);
    return;
  }
  // Its own temporary copy of an S3 original: the poster job may hold `<id>-original` at the same time.
  const original = await localCopy(deps, photo.original_path, `${id}-playback-source`);
  const output = deps.temp.file('media', `${id}-playback.mp4`);
  try {
    try {
      const probe = await probeVideo(ffprobePath, original.file, signal);
      const limits = { maxEdge, maxBitrate, preset };
      await runFfmpeg(ffmpegPath, playbackArgs(original.file, output, canRemux(probe, limits), limits), signal, deps.media.jobs.timeoutSeconds * 1000);
      if (photo.duration === null) await setVideoSize(deps.db, id, { duration: probe.duration || null, width: probe.width || null, height: probe.height || null });
    } catch (error) {
      if (signal.aborted) throw new MediaJobAborted();
      deps.log.warn({ err: error, photoId: id }, 'playback rendition failed');
      await setPlayback(deps.db, id, { error: playbackFailedMessage });
      await announceUpdated(deps, id);
      return;
    }
    if (signal.aborted) throw new MediaJobAborted();
    const key = renditionKeysOf(photo.original_path).playback;
    await deps.storage.moveIn(output, key, 'video/mp4');
    await setPlayback(deps.db, id, { path: key });
    if (await removeIfPhotoGone(deps, id, [key])) return;
    await announceUpdated(deps, id);
  } finally {
    await deps.temp.remove(output);
    await original.release();
  }
}

/** Ends a video whose rendition job failed for good (the PostgreSQL queue's dead letters). */
export async function failPlayback(db: Kysely<Database>, id: string, announcer?: Pick<MediaJobDeps, 'announce' | 'log'>): Promise<void> {
  const photo = await findPhoto(db, id);
  if (!photo || !needsPlayback(photo)) return;
  await setPlayback(db, id, { error: playbackFailedMessage });
  if (announcer) await announceUpdated(announcer, id);
}
