import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { albumRealtime, useAuthStore } from '@momentos/api-client';
import { fakeApi, FreshDataCache } from '@momentos/api-client/testing';
import { earlyRequestIds } from '@momentos/app-manifest';
import { GRID_TILE_SIZES } from '@momentos/app-manifest/dist/grid-tile';
import { fillTemplate, splitPaintTemplate, type TemplateView } from '@momentos/app-manifest/dist/paint-template';
import { photo } from '../../gallery/__tests__/gallery-test-kit';
import EventPhotosPage from '../event-photos-page';

// Issue 29: the server paints the photo screen's frame from first-paint/event-photos.html, and the
// page's early script draws the first tiles into it from the list it read (api-server's
// web/early-requests.ts; drawn in Chromium by e2e organiser-photos.spec.ts). The page then renders the
// same frame, and starts from the same list. These keep the template and the page alike.

const template = splitPaintTemplate(fs.readFileSync(path.join(__dirname, '..', 'first-paint', 'event-photos.html'), 'utf8'))!;

/** The template filled as api-server's web/paint-source.ts fills it without a sign-in: the route's parameters, waiting for the early script. */
function paintedMarkup(id: string, view: Omit<TemplateView, 'values'> = { sections: { waiting: true } }): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = fillTemplate(template.body, { values: { id }, ...view });
  return holder;
}

/**
 * The painted header as the page renders it: without what only the painted copy has (its controls are
 * inert: a choice there would be lost), and with its place controls as the early script leaves them
 * (shown when a photo has a place, else hidden: the page renders none).
 */
function sameAsPage(header: Element, withPlaces = false): string {
  const copy = header.cloneNode(true) as Element;
  copy.querySelectorAll(`[${earlyRequestIds.placesAttribute}]`).forEach((control) => {
    if (withPlaces) control.removeAttribute('hidden');
    else control.remove();
    control.removeAttribute(earlyRequestIds.placesAttribute);
  });
  return copy.outerHTML.replace(/ inert=""/g, '');
}

const tilesOf = (root: ParentNode) =>
  Array.from(root.querySelectorAll('.gallery-tile')).map((tile) => [tile.getAttribute('aria-label'), tile.querySelector('img')?.getAttribute('srcset')]);

function renderScreen(photos = [photo('p1', { user_id: 'Tia Rosa' })]) {
  useAuthStore.getState().signIn('token-da-ana');
  jest.spyOn(albumRealtime, 'subscribe').mockImplementation(() => () => undefined);
  const api = fakeApi({
    events: [{ id: 'evt_1', code: 'C1', name: 'Casamento', date: '2030-01-01 20:00', location: 'Recife', contact: 'a@b.c', image: null }],
    albums: { evt_1: [{ id: 'alb_1', album_name: 'Festa', album_description: '', is_public: true, is_available: true }] },
    photos: { alb_1: photos },
  });
  const router = createMemoryAppRouter([{ path: '/events/:id/photos', element: <EventPhotosPage /> }], '/events/evt_1/photos');
  const { container } = render(<FreshDataCache>{router.element}</FreshDataCache>);
  return { api, container };
}

describe("the painted frame of the organiser's photo screen", () => {
  afterEach(() => {
    delete (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal];
    useAuthStore.getState().signOut();
  });

  it('is the markup the page renders before its data: tabs, header, toolbar and the spinner in place of the grid', () => {
    const { container } = renderScreen();
    const painted = paintedMarkup('evt_1');
    expect(container.querySelector('nav.event-tabs')!.outerHTML).toBe(painted.querySelector('nav.event-tabs')!.outerHTML);
    expect(container.querySelector('header.gallery-header')!.outerHTML).toBe(sameAsPage(painted.querySelector('header.gallery-header')!));
    expect(container.querySelector('.gallery-loading')!.outerHTML).toBe(painted.querySelector('.gallery-loading')!.outerHTML);
    // The painted copy's selects and check box are inert; its place controls hidden until a place is seen.
    expect(Array.from(painted.querySelectorAll('select, input')).every((control) => control.closest('[inert]'))).toBe(true);
    expect(Array.from(painted.querySelectorAll<HTMLElement>(`[${earlyRequestIds.placesAttribute}]`)).map((control) => control.hidden)).toEqual([true, true]);
  });

  it("offers the early script an empty grid with the page's own tile markup and names", () => {
    const painted = paintedMarkup('ev"<b>');
    const grid = painted.querySelector<HTMLElement>(`[${earlyRequestIds.gridAttribute}]`)!;
    expect(grid.hidden).toBe(true);
    expect(grid.getAttribute('aria-label')).toBe('Fotos do álbum');
    expect(grid.previousElementSibling!.className).toBe('gallery-loading');
    expect([grid.dataset.photo, grid.dataset.video]).toEqual(['Foto enviada por', 'Vídeo enviado por']);
    const tile = grid.querySelector('template')!.content.firstElementChild!;
    expect(tile.outerHTML).toBe('<div role="listitem" class="gallery-grid__cell"><button type="button" class="gallery-tile"></button></div>');
    // The id is escaped in the links.
    expect(painted.querySelector('a.event-tabs__tab')!.getAttribute('href')).toBe('/events/ev"<b>/photos');
    expect(painted.innerHTML).not.toContain('"<b>');
  });

  it('starts from the list the early script read, before any answer, with the tiles the script drew', () => {
    const early = [photo('p1', { user_id: 'Tia Rosa', thumb_photo: '/api/files?path=events/evt_1/p1-thumb.webp' }), photo('p2', { user_id: 'Zé', file_type: 'video' })];
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt_1', photos: early };
    const { api } = renderScreen(early);
    expect(api.calls('GET', '/api/events/photos/evt_1')).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Carregando fotos' })).not.toBeInTheDocument();
    expect(tilesOf(document.body)).toEqual([
      ['Foto enviada por Tia Rosa', `/api/files?path=events/evt_1/p1-thumb.webp 320w, ${early[0].compressed_photo} 640w`],
      ['Vídeo enviado por Zé', null],
    ]);
  });

  it("is painted with the page's tiles when the server could read the list (the sign-in cookie): no spinner, the grid shown", () => {
    const early = [photo('p1', { user_id: 'Tia Rosa', thumb_photo: '/api/files?path=events/evt_1/p1-thumb.webp' }), photo('p2', { user_id: 'Zé', file_type: 'video' })];
    // As api-server's first-paint.ts eventPhotosView fills it.
    const tile = (user: string, media: 'photo' | 'video', src: string, srcset: string | null, first: boolean): TemplateView => ({
      values: { user, src, srcset: srcset ?? '', sizes: srcset ? GRID_TILE_SIZES : '' },
      sections: { photo: media === 'photo', video: media === 'video', first, srcset: srcset !== null },
    });
    const painted = paintedMarkup('evt_1', {
      sections: { waiting: false },
      lists: { tiles: [tile('Tia Rosa', 'photo', early[0].compressed_photo!, `/api/files?path=events/evt_1/p1-thumb.webp 320w, ${early[0].compressed_photo} 640w`, true), tile('Zé', 'video', early[1].compressed_photo!, null, true)] },
    });
    const grid = painted.querySelector<HTMLElement>(`[${earlyRequestIds.gridAttribute}]`)!;
    expect(grid.hidden).toBe(false);
    expect(painted.querySelector('.gallery-loading')).toBeNull();
    expect(grid.querySelector('template')).toBeNull();
    expect(Array.from(grid.querySelectorAll('img')).map((image) => [image.getAttribute('fetchpriority'), image.getAttribute('sizes')])).toEqual([
      ['high', GRID_TILE_SIZES],
      ['high', null],
    ]);

    // The page's first render from the same list draws the same tiles.
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt_1', photos: early };
    renderScreen(early);
    expect(tilesOf(painted)).toEqual(tilesOf(document.body.querySelector('main')!));
  });

  it('shows its place controls where the page does when a photo of the early list has a place', () => {
    const early = [photo('p1', { user_id: 'Tia Rosa', place: 'Mesa 5' })];
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt_1', photos: early };
    const { container } = renderScreen(early);
    // The page lists the places it has, the painted copy only 'Todos os locais' (its select is inert);
    // with photos the page's buttons are enabled, the painted ones wait for the app: the same layout.
    const alike = (html: string) => html.replace(/<option value="Mesa 5">Mesa 5<\/option>/, '').replace(/ disabled=""/g, '');
    const page = container.querySelector('header.gallery-header')!.outerHTML;
    expect(page).toContain('Filtrar por local');
    expect(alike(page)).toBe(alike(sameAsPage(paintedMarkup('evt_1').querySelector('header.gallery-header')!, true)));
  });

  it("is not taken for another event's page", () => {
    (window as unknown as Record<string, unknown>)[earlyRequestIds.listGlobal] = { url: '/api/events/photos/evt_2', photos: [photo('x')] };
    renderScreen();
    expect(screen.getByRole('status', { name: 'Carregando fotos' })).toBeInTheDocument();
  });
});
