import useSWR from 'swr';
import { dataOf, formatDuration, getPhotoUpdates, photoFileUrl, type QueueEntry } from '@momentos/api-client';

/** One sent item's tile: its thumbnail, and a video's duration ('0:42', issue 25). */
export interface SentThumbnail {
  src: string;
  duration: string | null;
}

/** The thumbnails of the photos this device sent (they may still be processing): photo id → tile. */
async function thumbnails(entries: readonly QueueEntry[]): Promise<Record<string, SentThumbnail>> {
  const byAlbum = new Map<string, string[]>();
  for (const entry of entries) if (entry.photoId) byAlbum.set(entry.albumId, [...(byAlbum.get(entry.albumId) ?? []), entry.photoId]);
  const found: Record<string, SentThumbnail> = {};
  for (const [albumId, ids] of byAlbum) {
    for (const update of await dataOf(getPhotoUpdates(albumId, ids))) {
      if (update.compressed_photo) found[update.id] = { src: photoFileUrl(update.compressed_photo), duration: formatDuration(update.duration) };
    }
  }
  return found;
}

/** Asked again every 5 s while some thumbnail is still being made. */
export function useMyPhotoThumbnails(entries: readonly QueueEntry[]): Record<string, SentThumbnail> {
  const ids = entries.map((entry) => entry.photoId).join(',');
  const { data = {} } = useSWR(ids ? ['my-photo-thumbnails', ids] : null, () => thumbnails(entries), {
    refreshInterval: (latest) => (latest && entries.every((entry) => entry.photoId && latest[entry.photoId]) ? 0 : 5000),
    shouldRetryOnError: false,
  });
  return data;
}
