import { awaitingRenditions, type PhotoItem, type PhotoUpdate } from '@momentos/api-client';

/**
 * Spec §4 'Gallery polling' and §9: while a photo is processing, poll for updates; attempts 1 to 3
 * wait 2 s, later ones 3 s; at most 10 attempts; stop when nothing is processing.
 */
export const pollingSchedule = { maxAttempts: 10, fastAttempts: 3, fastDelayMs: 2000, slowDelayMs: 3000 } as const;

/** Delay before attempt `attempt` (1-based), or `null` when the limit is reached. */
export function pollDelayMs(attempt: number): number | null {
  if (attempt < 1 || attempt > pollingSchedule.maxAttempts) return null;
  return attempt <= pollingSchedule.fastAttempts ? pollingSchedule.fastDelayMs : pollingSchedule.slowDelayMs;
}

/** Photos being processed, and videos whose playback rendition is being made (issue 25). */
export function processingIds(photos: readonly PhotoItem[]): string[] {
  return photos.filter(awaitingRenditions).map((photo) => photo.id);
}

/** Issue 25: the video fields an update brings (the rendition arrives after the poster). */
const VIDEO_KEYS = ['playback_video', 'playback_error', 'duration', 'width', 'height'] as const;

/**
 * Applies update items: a new thumbnail or an error replaces the old values. When an update does not
 * say `processing` (spec §3 items have only id, compressed_photo, error), a thumbnail or an error
 * ends processing.
 */
export function applyPhotoUpdates(photos: readonly PhotoItem[], updates: readonly PhotoUpdate[]): PhotoItem[] {
  if (updates.length === 0) return photos as PhotoItem[];
  const byId = new Map(updates.map((update) => [String(update.id), update]));
  let changed = false;
  const next = photos.map((photo) => {
    const update = byId.get(photo.id);
    if (!update) return photo;
    const compressed = update.compressed_photo ?? photo.compressed_photo;
    const display = update.display_photo ?? photo.display_photo;
    const thumb = update.thumb_photo ?? photo.thumb_photo;
    const error = update.error || false;
    const processing =
      typeof update.processing === 'boolean' ? update.processing : error ? false : compressed ? false : photo.processing;
    const video = Object.fromEntries(VIDEO_KEYS.filter((key) => update[key] !== undefined).map((key) => [key, update[key]]));
    const videoChanged = Object.entries(video).some(([key, value]) => photo[key as (typeof VIDEO_KEYS)[number]] !== value);
    if (!videoChanged && compressed === photo.compressed_photo && display === photo.display_photo && thumb === photo.thumb_photo && error === photo.error && processing === photo.processing) return photo;
    changed = true;
    return { ...photo, ...video, compressed_photo: compressed, display_photo: display, thumb_photo: thumb, error, processing };
  });
  return changed ? next : (photos as PhotoItem[]);
}
