import { photoFileUrl, type PhotoItem } from '@momentos/api-client';

/**
 * The screen-size copy of a photo (≤ 2048 px) for the lightbox and the presentation: `display_photo`,
 * else the grid copy (older servers, a rendition not yet made), else the original.
 */
export function displayUrl(photo: Pick<PhotoItem, 'display_photo' | 'compressed_photo' | 'original_photo'>): string {
  return photoFileUrl(photo.display_photo ?? photo.compressed_photo ?? photo.original_photo);
}
