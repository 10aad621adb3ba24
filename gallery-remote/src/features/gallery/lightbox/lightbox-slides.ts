import { photoDownloadUrl, playbackUrl, videoState, videoTexts, type PhotoItem } from '@momentos/api-client';
import { displayUrl } from '../renditions';

/**
 * Spec §9: lightbox fade 300 ms, zoom max ratio 1, multiplier 2; video/mp4, metadata, controls. The
 * 300 ms delay on close is the fade-out the library waits for before it closes.
 */
export const lightboxSettings = {
  fadeMs: 300,
  maxZoomPixelRatio: 1,
  zoomInMultiplier: 2,
  videoType: 'video/mp4',
  videoPreload: 'metadata',
} as const;

export interface GallerySlide {
  type: 'image' | 'video';
  src?: string;
  poster?: string;
  sources?: Array<{ src: string; type: string }>;
  alt?: string;
  /** The caption: the uploader's name. */
  title: string;
  download: { url: string; filename: string };
}

function fileNameOf(photo: PhotoItem): string {
  const match = /[?&]path=([^&]+)/.exec(photo.original_photo);
  const path = match ? decodeURIComponent(match[1]) : photo.original_photo;
  return path.split('/').pop() || photo.id;
}

/** One slide per photo, in grid order (slide index = grid index). */
export function toSlides(photos: readonly PhotoItem[]): GallerySlide[] {
  return photos.map((photo) => {
    const download = { url: photoDownloadUrl(photo.original_photo), filename: fileNameOf(photo) };
    const state = videoState(photo);
    if (state === 'ready') {
      // Issue 25: the browser-safe rendition (H.264/AAC MP4); the original stays for 'Baixar'.
      return {
        type: 'video',
        poster: photo.display_photo || photo.compressed_photo ? displayUrl(photo) : undefined,
        sources: [{ src: playbackUrl(photo), type: lightboxSettings.videoType }],
        title: photo.user_id,
        download,
      };
    }
    if (state) {
      // No player that cannot play: the poster, saying why (the original can still be downloaded).
      const why = state === 'failed' ? videoTexts.failed : videoTexts.preparing;
      return { type: 'image', src: displayUrl(photo), alt: why, title: `${photo.user_id} · ${why}`, download };
    }
    return {
      type: 'image',
      src: displayUrl(photo),
      alt: photo.user_id,
      title: photo.user_id,
      download,
    };
  });
}
