import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import type { PhotoItem } from '@momentos/api-client';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';
import { tileState } from '@momentos/app-manifest/dist/tile-state';
import { PhotoGrid } from '../grid/photo-grid';
import { photo } from './gallery-test-kit';

// Issue 24: the React tile and the painted template show every state of a tile alike: both are
// decided by app-manifest's tile-state (api-server's galleryView fills the template's sections from it,
// tested in api-server/test/first-paint-tiles.test.ts).

const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'gallery.html'), 'utf8'))!;

/** The template's tiles, filled as galleryView fills them: from tileState. */
function paintedGrid(photos: PhotoItem[]): HTMLElement {
  const tiles = photos.map((item, index) => {
    const tile = tileState(item);
    const image = tile.show === 'image' ? tile : null;
    return {
      values: { user: item.user_id, src: image?.src ?? '', srcset: image?.srcset ?? '', sizes: image?.sizes ?? '', duration: image?.video?.duration ?? '' },
      sections: {
        srcset: !!image?.srcset,
        video: tile.media === 'video',
        photo: tile.media === 'photo',
        image: !!image,
        eager: !!image && index < 4,
        lazy: !!image && index >= 4,
        error: tile.show === 'error',
        processing: tile.show === 'processing',
        blank: tile.show === 'blank',
        duration: !!image?.video?.duration,
        preparing: image?.video?.state === 'preparing',
        failed: image?.video?.state === 'failed',
      },
    };
  });
  const holder = document.createElement('div');
  holder.innerHTML = fillTemplate(template.body, { values: { album_id: 'a1', event_id: 'ev1' }, lists: { tiles } });
  return holder;
}

/** Each tile as a guest meets it: element, name, image, the badge's duration and the state words. */
const tilesOf = (root: ParentNode) =>
  Array.from(root.querySelectorAll('.gallery-grid__cell')).map((cell) => {
    const tile = cell.querySelector('.gallery-tile')!;
    const img = tile.querySelector('img');
    return {
      tag: tile.tagName,
      classes: tile.className,
      name: tile.getAttribute('aria-label') ?? img?.getAttribute('alt') ?? null,
      src: img?.getAttribute('src') ?? null,
      srcset: img?.getAttribute('srcset') ?? null,
      duration: tile.querySelector('.gallery-tile__duration')?.textContent ?? null,
      badge: tile.querySelector('.gallery-tile__badge') !== null,
      status: Array.from(tile.querySelectorAll('[role="status"]')).map((status) => status.textContent),
      text: tile.classList.contains('gallery-tile--error') ? tile.textContent : null,
    };
  });

describe('a tile, painted and rendered', () => {
  it('shows photos, videos (duration, rendition being made, failed), processing, errors and missing thumbnails alike', () => {
    const photos = [
      photo('p1', { user_id: 'Ana', thumb_photo: '/api/files?path=albums/a1/p1-tile.webp' }),
      photo('v1', { user_id: 'Bia', file_type: 'video', duration: 42.4, playback_video: '/api/files?path=albums/a1/v1.mp4' }),
      photo('v2', { user_id: 'Caio', file_type: 'video', duration: 75, playback_video: null, processing: true }),
      photo('v3', { user_id: 'Davi', file_type: 'video', duration: null, playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' }),
      photo('p2', { user_id: 'Eva', compressed_photo: null, processing: true }),
      photo('p3', { user_id: 'Fabi', error: 'Erro ao processar' }),
      photo('p4', { user_id: 'Gil', compressed_photo: null }),
    ];
    const { container } = render(<PhotoGrid photos={photos} onOpen={() => {}} />);
    const rendered = tilesOf(container);
    expect(rendered).toEqual(tilesOf(paintedGrid(photos)));
    expect(rendered.map(({ name, duration, status, text }) => [name, duration, status, text])).toEqual([
      ['Foto enviada por Ana', null, [], null],
      ['Vídeo enviado por Bia', '0:42', [], null],
      ['Vídeo enviado por Caio', '1:15', ['Processando vídeo…'], null],
      ['Vídeo enviado por Davi', null, ['Não foi possível preparar este vídeo.'], null],
      ['Foto enviada por Eva', null, ['Processando…'], null],
      [null, null, [], 'Erro ao processar'],
      ['Foto enviada por Gil', null, [], null],
    ]);
  });
});
