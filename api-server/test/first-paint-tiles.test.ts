import fs from 'node:fs';
import path from 'node:path';
import type { PhotoItem } from '@momentos/api-contract';
import { GRID_TILE_SIZES } from '@momentos/app-manifest/dist/grid-tile';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';
import { galleryView, leadTileImages } from '../src/web/first-paint';

// Issue 24: the painted gallery's tiles are decided by app-manifest's tile-state, as the React tile
// (gallery-remote's PhotoTile) decides them: a photo, a video with its duration and the state of its
// playback rendition, a photo being processed, one that failed, one without a thumbnail.

const template = splitPaintTemplate(
  fs.readFileSync(path.join(__dirname, '..', '..', 'gallery-remote', 'src', 'features', 'gallery', 'first-paint', 'gallery.html'), 'utf8'),
)!;

const file = (name: string) => `/api/files?path=albums/a1/${name}`;
const item = (id: string, overrides: Partial<PhotoItem> = {}): PhotoItem => ({
  id,
  original_photo: file(`${id}.jpg`),
  compressed_photo: file(`${id}-640.webp`),
  thumb_photo: file(`${id}-320.webp`),
  user_id: `Convidado ${id}`,
  processing: false,
  error: false,
  file_type: 'image',
  created_at: '2030-01-01T10:00:00Z',
  ...overrides,
});

/** The painted tiles, each as a guest meets it: its element, name, image, badge and state words. */
function paintedTiles(photos: PhotoItem[]) {
  const html = fillTemplate(template.body, galleryView({ album_id: 'a1', event_id: 'ev1', photos }));
  const cells = html.split('<div role="listitem" class="gallery-grid__cell">').slice(1);
  return cells.map((cell) => ({
    tag: /^<(\w+)/.exec(cell)?.[1],
    label: /aria-label="([^"]*)"/.exec(cell)?.[1] ?? null,
    src: / src="([^"]*)"/.exec(cell)?.[1] ?? null,
    srcset: / srcset="([^"]*)"/.exec(cell)?.[1] ?? null,
    loading: /loading="(\w+)"/.exec(cell)?.[1] ?? null,
    duration: /gallery-tile__duration">([^<]*)</.exec(cell)?.[1] ?? null,
    state: /role="status">(?:<span[^>]*><\/span>)?(?:<span>)?([^<]*)</.exec(cell)?.[1] ?? null,
    error: cell.includes('Erro ao processar'),
  }));
}

describe("the painted gallery's tiles", () => {
  it('paints each state of a tile as the React tile shows it', () => {
    const tiles = paintedTiles([
      item('p1'),
      item('v1', { file_type: 'video', duration: 42.4, playback_video: file('v1.mp4'), playback_error: false }),
      item('v2', { file_type: 'video', duration: 3723, playback_video: null, processing: true }),
      item('v3', { file_type: 'video', duration: null, playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' }),
      item('p2', { compressed_photo: null, thumb_photo: null, processing: true }),
      item('p3', { error: 'Erro ao processar' }),
      item('p4', { compressed_photo: null, thumb_photo: null }),
    ]);
    expect(tiles).toEqual([
      { tag: 'button', label: 'Foto enviada por Convidado p1', src: file('p1-640.webp'), srcset: `${file('p1-320.webp')} 320w, ${file('p1-640.webp')} 640w`, loading: 'eager', duration: null, state: null, error: false },
      { tag: 'button', label: 'Vídeo enviado por Convidado v1', src: file('v1-640.webp'), srcset: `${file('v1-320.webp')} 320w, ${file('v1-640.webp')} 640w`, loading: 'eager', duration: '0:42', state: null, error: false },
      { tag: 'button', label: 'Vídeo enviado por Convidado v2', src: file('v2-640.webp'), srcset: expect.any(String), loading: 'eager', duration: '1:02:03', state: 'Processando vídeo…', error: false },
      // The playback rendition failed, the poster exists: the poster, no duration known, and the state word.
      { tag: 'button', label: 'Vídeo enviado por Convidado v3', src: file('v3-640.webp'), srcset: expect.any(String), loading: 'eager', duration: null, state: 'Não foi possível preparar este vídeo.', error: false },
      { tag: 'button', label: 'Foto enviada por Convidado p2', src: null, srcset: null, loading: null, duration: null, state: 'Processando…', error: false },
      { tag: 'div', label: null, src: null, srcset: null, loading: null, duration: null, state: null, error: true },
      { tag: 'button', label: 'Foto enviada por Convidado p4', src: null, srcset: null, loading: null, duration: null, state: null, error: false },
    ]);
  });

  it("paints a video whose processing failed as 'Erro ao processar', and the fifth tile lazy", () => {
    const tiles = paintedTiles([item('v4', { file_type: 'video', duration: 5, error: true }), item('a'), item('b'), item('c'), item('d')]);
    expect(tiles[0]).toMatchObject({ tag: 'div', error: true, duration: null });
    expect(tiles.map((tile) => tile.loading)).toEqual([null, 'eager', 'eager', 'eager', 'lazy']);
  });

  it('preloads the thumbnails of the first row that show one, with the srcset their tiles offer', () => {
    expect(leadTileImages([item('p1', { error: true }), item('p2', { thumb_photo: null }), item('p3')])).toEqual([file('p2-640.webp')]);
    expect(leadTileImages([item('p1')])).toEqual([
      { href: file('p1-640.webp'), srcset: `${file('p1-320.webp')} 320w, ${file('p1-640.webp')} 640w`, sizes: GRID_TILE_SIZES },
    ]);
  });
});
