import fs from 'node:fs';
import path from 'node:path';
import { act, screen } from '@testing-library/react';
import type { PaintedGallery, PhotoItem } from '@momentos/api-client';
import { GRID_TILE_SIZES, gridTileSrcset } from '@momentos/app-manifest/dist/grid-tile';
import { fillTemplate, splitPaintTemplate } from '@momentos/app-manifest/dist/paint-template';
import { resetFirstPaintForTests } from '@momentos/design-kit';
import { galleryApi, photo, renderGallery } from './gallery-test-kit';

// Issue 13: the server paints a public album's first screen from first-paint/gallery.html; the page
// then renders the same view from the same photos. These keep the template and the page alike.

const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'gallery.html'), 'utf8'))!;

/** The template filled as api-server's domain/first-paint.ts (galleryView) fills it, for photos with a thumbnail. */
function paintedMarkup(gallery: PaintedGallery): HTMLElement {
  const tile = (item: PhotoItem, index: number) => ({
    values: { user: item.user_id, src: item.compressed_photo ?? '', srcset: gridTileSrcset(item) ?? '', sizes: GRID_TILE_SIZES },
    sections: { image: true, photo: item.file_type === 'image', video: item.file_type === 'video', eager: index < 4, lazy: index >= 4, srcset: !!gridTileSrcset(item) },
  });
  const holder = document.createElement('div');
  holder.id = 'first-paint';
  holder.innerHTML = fillTemplate(template.body, { values: { album_id: gallery.album_id, event_id: gallery.event_id }, lists: { tiles: gallery.photos.map(tile) } });
  return holder;
}

/** Each tile as a guest meets it: its name, and the thumbnail it shows (with the sizes offered, issue 29). */
const tilesOf = (root: ParentNode) =>
  Array.from(root.querySelectorAll('.gallery-tile')).map((tile) => {
    const img = tile.querySelector('img');
    return [tile.getAttribute('aria-label'), img?.getAttribute('src'), img?.getAttribute('alt'), img?.getAttribute('srcset'), img?.getAttribute('sizes')];
  });

describe('the painted first screen of a gallery', () => {
  // p1 and p2 have the phone grid's copy (issue 29); p3 was made before it.
  const photos = [
    photo('p1', { user_id: 'Ana <b>"&\'', thumb_photo: '/api/files?path=albums/a1/p1-tile.webp' }),
    photo('p2', { user_id: 'Bruno', file_type: 'video', thumb_photo: '/api/files?path=albums/a1/p2-tile.webp' }),
    photo('p3', { user_id: 'Caio' }),
  ];
  const gallery: PaintedGallery = { album_id: 'a1', event_id: 'ev9', photos };
  let markup: HTMLElement;
  let data: HTMLScriptElement;

  beforeEach(() => {
    markup = paintedMarkup(gallery);
    data = document.createElement('script');
    data.type = 'application/json';
    data.id = 'first-paint-data';
    data.textContent = JSON.stringify({ remote: 'gallery_remote', page: 'gallery', data: gallery });
    document.body.append(data);
    resetFirstPaintForTests();
  });
  afterEach(() => {
    data.remove();
    resetFirstPaintForTests();
  });

  it('renders the painted photos at once, before any answer, with the same tiles, header and navigation as the template', async () => {
    // The list answers later with one more photo: the page starts from what was painted.
    const api = galleryApi([photo('p0', { user_id: 'Nova' }), ...photos]);
    const { container } = renderGallery('a1');
    expect(api.list()).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Carregando fotos' })).not.toBeInTheDocument();
    expect(tilesOf(container)).toEqual(tilesOf(markup));
    expect(tilesOf(container)[0]).toEqual([
      'Foto enviada por Ana <b>"&\'',
      photos[0].compressed_photo,
      'Foto enviada por Ana <b>"&\'',
      `/api/files?path=albums/a1/p1-tile.webp 320w, ${photos[0].compressed_photo} 640w`,
      GRID_TILE_SIZES,
    ]);
    // Without a phone copy, the grid copy alone.
    expect(tilesOf(container)[2].slice(3)).toEqual([null, null]);
    expect(tilesOf(container)[1][0]).toBe('Vídeo enviado por Bruno');
    for (const selector of ['header.gallery-header', 'nav.mk-bottom-navigation']) {
      expect(container.querySelector(selector)!.outerHTML).toBe(markup.querySelector(selector)!.outerHTML);
    }
    // 'Listar álbuns' leads to the painted album's event before the invite code is looked up.
    expect(screen.getByRole('link', { name: /Listar álbuns/ })).toHaveAttribute('href', '/events/share/ev9');

    // Then the whole list.
    expect(await screen.findByRole('img', { name: 'Foto enviada por Nova' })).toBeInTheDocument();
    await act(async () => undefined);
    expect(api.list()).toHaveLength(1);
  });

  it("is ignored on another album's page", async () => {
    galleryApi([photo('x1', { user_id: 'Outra' })]);
    renderGallery('a2');
    expect(screen.getByRole('status', { name: 'Carregando fotos' })).toBeInTheDocument();
  });
});
