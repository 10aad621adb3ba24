import { statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test as base } from '../support/csp-guard';
import { startServer, type RunningServer } from '../support/server';
import { createPublicAlbum, jpeg, uploadPhotos } from '../support/gallery-album';

// Issue 24 item 3: renditions are pushed (`photos_updated`), not polled. An open gallery whose socket
// is up asks for no `/updates` and no list while 20 photos are uploaded, and shows each thumbnail
// (an img with the rendition's URL) soon after the rendition is stored.
const organiser = { email: 'organiser@example.com', password: 'segredo-forte-123' };

const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      // Every upload comes from 127.0.0.1: the per-client upload rate would refuse a fast 20.
      const server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password, UPLOAD_RATE_LIMIT: '0' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

declare global {
  interface Window {
    /** When each photo's rendition first loaded in a tile (Date.now), and its URL. */
    __tiles: Record<string, { at: number; src: string }>;
  }
}

test('20 photos uploaded while a gallery is open: zero /updates, no list asked again, each thumbnail within 3 s of its rendition (1 s measured by bench/gallery-push.mjs on an idle machine)', async ({ server, browser }) => {
  // 20 uploads and their renditions on a machine shared with other work.
  test.setTimeout(120_000);
  const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
  // A tall window: all 20 tiles are on screen (tiles off screen load lazily).
  const context = await browser.newContext({ viewport: { width: 1280, height: 1600 }, locale: 'pt-BR' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__tiles = {};
    document.addEventListener(
      'load',
      (event) => {
        const img = event.target;
        if (!(img instanceof HTMLImageElement) || !img.closest('.gallery-page')) return;
        const key = new URL(img.currentSrc || img.src, location.href).searchParams.get('path') ?? '';
        const id = /\/(pho_[^/]+)-(tile|grid)\.webp$/.exec(key)?.[1];
        if (id && !window.__tiles[id]) window.__tiles[id] = { at: Date.now(), src: key };
      },
      true,
    );
  });
  const asked = { updates: 0, lists: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/events/photos/updates/')) asked.updates++;
    if (path === `/api/events/photos/${album.albumId}`) asked.lists++;
  });

  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes(`/ws/albums/${album.albumId}`));
  await page.goto(`${server.url}/events/share/albums/${album.albumId}`);
  await expect(page.getByText('Nenhuma foto encontrada')).toBeVisible();
  const ws = await socket;
  expect(ws.isClosed()).toBe(false);
  // The first read, then the socket's catch-up read once it has opened (what happened before it): on a
  // loaded machine that second read may go out after the socket is up, so it is awaited, not assumed.
  await expect.poll(() => asked.lists).toBe(2);
  const listsBefore = asked.lists;

  // 20 photos in five requests of four, as guests' phones send them.
  const ids: string[] = [];
  for (let batch = 0; batch < 5; batch++) {
    // Each a different colour: the same bytes twice would be one photo (duplicates are recognised).
    const numbers = [0, 1, 2, 3].map((n) => batch * 4 + n);
    const files = await Promise.all(numbers.map(async (n) => ({ name: `foto-${n}.jpg`, bytes: await jpeg(`rgb(${(n * 37) % 256},${(n * 91) % 256},${(n * 53) % 256})`) })));
    const answer = await uploadPhotos(server.url, album.albumId, `Convidado ${batch}`, files);
    ids.push(...answer.photos.map((item) => item.id));
  }
  expect(new Set(ids).size).toBe(20);

  await expect.poll(() => page.evaluate(() => Object.keys(window.__tiles).length), { timeout: 30_000 }).toBe(20);
  const tiles = await page.evaluate(() => window.__tiles);
  const delays = ids.map((id) => {
    const tile = tiles[id];
    // The img shows this photo's rendition, by its URL.
    expect(tile.src).toMatch(new RegExp(`/${id}-(tile|grid)\\.webp$`));
    const base = tile.src.replace(/-(tile|grid)\.webp$/, '');
    // The tile's copies (issue 29: the screen copy comes later, from its own lane, and the tile does not wait for it).
    const stored = Math.max(...['grid', 'tile'].map((kind) => statSync(join(server.dataDir, 'files', `${base}-${kind}.webp`)).mtimeMs));
    return tile.at - stored;
  });
  console.log(`rendition stored → tile shown, 20 photos: ${delays.map((ms) => Math.round(ms)).join(', ')} ms`);
  // Generous for a loaded CI machine; bench/gallery-push.mjs measures the figure (goal ≤ 1 s).
  for (const delay of delays) expect(delay).toBeLessThan(3000);

  await page.waitForTimeout(1000);
  expect(asked.updates).toBe(0);
  expect(asked.lists).toBe(listsBefore);
  await expect(page.getByRole('img', { name: 'Foto enviada por Convidado 4' })).toHaveCount(4);
  await page.screenshot({ path: '/tmp/gallery-push.png' });
  await context.close();
});
