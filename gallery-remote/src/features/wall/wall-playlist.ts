import { videoState, type PhotoItem } from '@momentos/api-client';

/**
 * What the wall shows next (issue 12), as plain data so that hours of a party are a few hundred
 * entries, never a growing history: the event's photos in a ring (oldest to newest, then again),
 * and new arrivals ahead of the ring, newest first, each shown once before the ring goes on.
 */
export interface Playlist {
  /** Every photo the wall may show, by id, newest first (as the API lists them). */
  photos: PhotoItem[];
  /** Arrivals not yet shown, in the order they will be. */
  arrivals: string[];
  /** The photo on screen, or null. */
  current: string | null;
}

export const emptyPlaylist: Playlist = { photos: [], arrivals: [], current: null };

/**
 * What the wall can show: finished, without error: an image, or (issue 25) a video whose playback
 * rendition exists (a TV's browser may not play the original).
 */
export const showable = (photo: PhotoItem) =>
  !photo.processing && !photo.error && Boolean(photo.display_photo ?? photo.compressed_photo) && (photo.file_type !== 'video' || videoState(photo) === 'ready');

/**
 * The list as the server now answers it. Photos it no longer has leave at once; photos it has that
 * the wall did not (arrived while the wall was offline, or just announced) become arrivals, unless
 * this is the first load (then the ring simply starts).
 */
export function withPhotos(playlist: Playlist, photos: PhotoItem[], firstLoad: boolean): Playlist {
  const usable = photos.filter(showable);
  return { photos: usable, ...reloaded(playlist.photos, usable, playlist.arrivals, playlist.current, firstLoad) };
}

/**
 * A list (photos or messages) as the server now answers it, beside the one the wall had: the ids it
 * did not know go first among the arrivals (none on the first load), ids gone leave the arrivals, and
 * the one on screen stays only while it is still there.
 */
export function reloaded(had: readonly { id: string }[], now: readonly { id: string }[], arrivals: readonly string[], current: string | null, firstLoad: boolean) {
  const known = new Set(had.map((item) => item.id));
  const present = new Set(now.map((item) => item.id));
  const fresh = firstLoad ? [] : now.filter((item) => !known.has(item.id)).map((item) => item.id);
  return {
    arrivals: [...fresh, ...arrivals.filter((id) => present.has(id) && !fresh.includes(id))],
    current: current && present.has(current) ? current : null,
  };
}

/** Takes photos off the wall at once (hidden or deleted: `photos_removed`). */
export function withoutPhotos(playlist: Playlist, ids: readonly string[]): Playlist {
  const gone = new Set(ids);
  return {
    photos: playlist.photos.filter((photo) => !gone.has(photo.id)),
    arrivals: playlist.arrivals.filter((id) => !gone.has(id)),
    current: playlist.current && gone.has(playlist.current) ? null : playlist.current,
  };
}

/** The next photo: the next arrival if any, else the ring's next (oldest first, wrapping). */
export function advance(playlist: Playlist): Playlist {
  if (playlist.photos.length === 0) return { ...playlist, current: null };
  if (playlist.arrivals.length > 0) {
    const [next, ...rest] = playlist.arrivals;
    return { ...playlist, arrivals: rest, current: next };
  }
  // The ring runs oldest to newest: the API lists newest first.
  const ring = [...playlist.photos].reverse();
  const at = playlist.current ? ring.findIndex((photo) => photo.id === playlist.current) : -1;
  return { ...playlist, current: ring[(at + 1) % ring.length].id };
}

/** The previous photo of the ring (the wall's '‹' control). */
export function back(playlist: Playlist): Playlist {
  if (playlist.photos.length === 0) return playlist;
  const ring = [...playlist.photos].reverse();
  const at = playlist.current ? ring.findIndex((photo) => photo.id === playlist.current) : 0;
  return { ...playlist, current: ring[(at - 1 + ring.length) % ring.length].id };
}

export const currentPhoto = (playlist: Playlist) => playlist.photos.find((photo) => photo.id === playlist.current) ?? null;
