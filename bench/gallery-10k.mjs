#!/usr/bin/env node
// The gallery with 10,000 photos in Chromium: uploads them through the API (small real JPEGs, 10 per
// request as the client sends them), waits for the thumbnails, opens the album on a phone-sized
// viewport and scrolls it from top to bottom. Prints the time to the first tiles, the tiles in the
// DOM, frame intervals while scrolling and long tasks. Goal: smooth (frames near 16.7 ms, few long
// tasks) with a DOM that stays small.
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const PHOTOS = Number(process.env.GALLERY_PHOTOS ?? 10_000);
const chromePath = requireChromiumAndBuild('gallery-remote/dist/remoteEntry.js');

const api = await startApi();
try {
  // Ten colours, so the grid is not one flat block; each upload gets its own file name.
  const images = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      sharp({ create: { width: 160, height: 120, channels: 3, background: `hsl(${i * 36}, 70%, 55%)` } }).jpeg({ quality: 70 }).toBuffer(),
    ),
  );
  const started = Date.now();
  let sent = 0;
  const sendBatch = async (batch) => {
    const form = new FormData();
    form.append('album_id', api.albumId);
    form.append('user_id', `Convidado ${batch % 25}`);
    for (let i = 0; i < 10 && batch * 10 + i < PHOTOS; i += 1) {
      form.append('images', new Blob([images[i]], { type: 'image/jpeg' }), `bench-${batch}-${i}.jpg`);
    }
    const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload ${batch}: HTTP ${response.status}`);
    sent += 1;
  };
  const batches = Math.ceil(PHOTOS / 10);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches) await sendBatch(next++);
    }),
  );
  // Wait until no photo is processing any more.
  for (;;) {
    const photos = await (await fetch(`${api.url}/api/events/photos/${api.albumId}`)).json();
    if (photos.length >= PHOTOS && photos.every((photo) => !photo.processing)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`Gallery of ${PHOTOS} photos: uploaded in ${sent} requests and processed in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: true });
    });
    const opened = Date.now();
    await page.goto(`${api.url}/events/share/albums/${api.albumId}`);
    await page.locator('.gallery-grid img').first().waitFor({ timeout: 60_000 });
    const firstTiles = Date.now() - opened;
    const tilesAtTop = await page.locator('.gallery-grid .gallery-tile').count();

    // Scroll to the bottom over about 10 s, recording every frame's interval.
    const frames = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const intervals = [];
          let last = performance.now();
          const step = Math.max(40, (document.documentElement.scrollHeight - window.innerHeight) / 600);
          const tick = (now) => {
            intervals.push(now - last);
            last = now;
            window.scrollBy(0, step);
            if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2 || intervals.length > 2000) resolve(intervals);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    const tilesAtBottom = await page.locator('.gallery-grid .gallery-tile').count();
    const longTasks = await page.evaluate(() => window.__longTasks);
    const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
    const sorted = [...frames].slice(1).sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const slow = sorted.filter((ms) => ms > 33.4).length;
    console.log(`  first tiles on screen: ${firstTiles} ms after navigation`);
    console.log(`  tiles in the DOM: ${tilesAtTop} at the top, ${tilesAtBottom} at the bottom (of ${PHOTOS})`);
    console.log(`  scrolling ${sorted.length} frames: p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; frames over 33 ms: ${slow} (${((slow / sorted.length) * 100).toFixed(1)} %)`);
    console.log(`  long tasks (> 50 ms) during load and scroll: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ''}; JS heap ${(heap / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    await browser.close();
  }
} finally {
  await api.stop();
}
