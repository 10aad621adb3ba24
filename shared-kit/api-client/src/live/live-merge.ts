import type { PhotoItem, PhotoOrder, PhotoUpdate } from '@momentos/api-contract';
import { awaitingRenditions } from '../videos/videos';

/**
 * Issue 24: how the one live feed (use-album-live.ts) keeps a list of photos current without asking
 * for it again, and the spec's polling schedule it falls back on while its socket is down.
 *
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

/** Which photos a cached list holds: one uploader's or everyone's, in one order (the list's cache key). */
export interface ListScope {
  uploader: string | null;
  order: PhotoOrder;
}

export const wholeList: ListScope = { uploader: null, order: 'recent' };

const newestFirst = (a: PhotoItem, b: PhotoItem) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1);

/** The server's orders (repositories/photos.ts): newest sent first, or by capture time, unknown times last. */
export function compareIn(order: PhotoOrder): (a: PhotoItem, b: PhotoItem) => number {
  if (order !== 'taken') return newestFirst;
  return (a, b) => {
    const at = a.taken_at ?? null;
    const bt = b.taken_at ?? null;
    if (at === null || bt === null) return at === bt ? newestFirst(a, b) : at === null ? 1 : -1;
    return at === bt ? newestFirst(a, b) : at < bt ? -1 : 1;
  };
}

const inScope = (photo: PhotoItem, scope: ListScope) => scope.uploader === null || photo.user_id === scope.uploader;

/**
 * Photos announced as new (`new_photos`) put in a list: those it already holds are replaced, the
 * others that belong to it (its uploader filter) join in the list's order. The same array when
 * nothing changes.
 */
export function withNewPhotos(list: readonly PhotoItem[], photos: readonly PhotoItem[], scope: ListScope = wholeList): PhotoItem[] {
  const replaced = withUpdatedPhotos(list, photos);
  const known = new Set(list.map((photo) => photo.id));
  const joining = photos.filter((photo) => !known.has(photo.id) && inScope(photo, scope));
  if (joining.length === 0) return replaced;
  return [...joining, ...replaced].sort(compareIn(scope.order));
}

/**
 * Photos as the server presents them now (`photos_updated`: renditions made, an error, the organiser's
 * flags) replace the list's items of the same id; others are not added (see `withNewPhotos`). The
 * same array when nothing changes.
 */
export function withUpdatedPhotos(list: readonly PhotoItem[], photos: readonly PhotoItem[]): PhotoItem[] {
  if (photos.length === 0) return list as PhotoItem[];
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  let changed = false;
  const next = list.map((photo) => {
    const update = byId.get(photo.id);
    if (!update) return photo;
    changed = true;
    return update;
  });
  return changed ? next : (list as PhotoItem[]);
}

/** Photos that left (`photos_removed`: deleted, hidden from guests) taken out; the same array when none was there. */
export function withoutPhotos(list: readonly PhotoItem[], ids: readonly string[]): PhotoItem[] {
  const gone = new Set(ids);
  return list.some((photo) => gone.has(photo.id)) ? list.filter((photo) => !gone.has(photo.id)) : (list as PhotoItem[]);
}
