import type { PhotoItem } from '@momentos/api-contract';
import { videoState } from '@momentos/app-manifest/dist/tile-state';
import { photoFileUrl } from '../calls/photos';

// Issue 25: what every screen needs to know of a video (players, tiles, the upload screen).

/** The players' and tiles' words for a video (pt-BR, the wording). */
export const videoTexts = {
  preparing: 'Processando vídeo…',
  failed: 'Não foi possível preparar este vídeo.',
  downloadOriginal: 'Baixar o original',
} as const;

type VideoFieldsOf = Pick<PhotoItem, 'file_type' | 'processing' | 'error' | 'playback_video' | 'playback_error'>;

// A video's state and its badge's duration are decided with the gallery's tiles, which the server
// paints too (issue 24): app-manifest's tile-state holds them.
export { formatDuration, videoState } from '@momentos/app-manifest/dist/tile-state';

/** The URL a player plays: the rendition, or the original from a server that makes none. */
export function playbackUrl(photo: Pick<PhotoItem, 'playback_video' | 'original_photo'>): string {
  return photoFileUrl(photo.playback_video ?? photo.original_photo);
}

/** Photos and videos whose renditions are still being made: what the screens keep asking /updates about. */
export const awaitingRenditions = (photo: VideoFieldsOf) => (photo.processing && !photo.error) || videoState(photo) === 'preparing';

// The limit's words and rule are the server's own (one module for both).
export { formatVideoLength, videoOverLimit, videoTooLongMessage } from '@momentos/app-manifest/dist/video-limit';

/**
 * A selected video's duration, read on the phone from its metadata (an HTMLVideoElement on an object
 * URL: only the header is read). null when the browser cannot tell (a codec it cannot open, or no
 * answer within `timeoutMs`): the server checks again with ffprobe.
 */
export function readVideoDuration(file: Blob, timeoutMs = 8000): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const finish = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load?.();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) && video.duration > 0 ? video.duration : null);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
