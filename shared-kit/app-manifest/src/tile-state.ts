// What a gallery tile shows (issue 24): one decision for the React grid (gallery-remote's PhotoTile)
// and the gallery the server paints on a first visit (api-server's first-paint galleryView), from this
// one module (@momentos/app-manifest/dist/tile-state), as the paint template and grid-tile are shared.
// The words stay with each side (gallery-remote's texts and its first-paint/gallery.html).
import { GRID_TILE_SIZES, gridTileSrcset } from './grid-tile';

/** The fields of a photo (api-contract's PhotoItem) a tile is decided from. */
export interface TilePhoto {
  file_type: 'image' | 'video';
  compressed_photo: string | null;
  thumb_photo?: string | null;
  processing: boolean;
  error: boolean | string;
  playback_video?: string | null;
  playback_error?: boolean | string;
  duration?: number | null;
}

/**
 * A video's state for the players (issue 25): 'ready' (its browser-safe rendition exists), 'preparing'
 * (being made: the tile shows the poster and 'Processando vídeo…', no player opens), 'failed' (it could
 * not be made: 'Não foi possível preparar este vídeo.'). null for photos. A server before issue 25
 * sends no `playback_video`: its videos play from the original, as they did.
 */
export function videoState(photo: Pick<TilePhoto, 'file_type' | 'processing' | 'error' | 'playback_video' | 'playback_error'>): 'ready' | 'preparing' | 'failed' | null {
  if (photo.file_type !== 'video') return null;
  if (photo.error || photo.playback_error) return 'failed';
  if (photo.playback_video) return 'ready';
  if (photo.playback_video === undefined && !photo.processing) return 'ready';
  return 'preparing';
}

/** The tile's badge: '0:42', '12:05', '1:02:03' (whole seconds, rounded). */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.round(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A tile: 'error' ('Erro ao processar', not a button), 'image' (the grid copy, with the phone copy in
 * its srcset, issue 29), 'processing' (a spinner and 'Processando…') or 'blank' (no thumbnail: the
 * placeholder). `video`: the play badge's duration ('0:42', or null when unknown) and the state word
 * its corner shows while the playback rendition is made or after it failed.
 */
export type TileState =
  | { show: 'error'; media: 'photo' | 'video' }
  | {
      show: 'image';
      media: 'photo' | 'video';
      src: string;
      srcset: string | undefined;
      sizes: string | undefined;
      video: { duration: string | null; state: 'preparing' | 'failed' | null } | null;
    }
  | { show: 'processing' | 'blank'; media: 'photo' | 'video' };

/**
 * What a tile shows. `url` turns a stored file URL into the one the page loads (the React grid's
 * `photoFileUrl`; the server paints them as stored). `selecting`: the organiser is selecting photos,
 * where a failed one is still a tile to select (it shows its placeholder).
 */
export function tileState(photo: TilePhoto, { url = (fileUrl: string) => fileUrl, selecting = false }: { url?: (fileUrl: string) => string; selecting?: boolean } = {}): TileState {
  const media = photo.file_type === 'video' ? 'video' : 'photo';
  if (photo.error && !selecting) return { show: 'error', media };
  if (photo.compressed_photo) {
    const srcset = gridTileSrcset(photo, url);
    const state = videoState(photo);
    return {
      show: 'image',
      media,
      src: url(photo.compressed_photo),
      srcset,
      sizes: srcset ? GRID_TILE_SIZES : undefined,
      video: media === 'video' ? { duration: formatDuration(photo.duration), state: state === 'preparing' || state === 'failed' ? state : null } : null,
    };
  }
  return { show: photo.processing ? 'processing' : 'blank', media };
}
