#!/usr/bin/env node
// The live wall over a long party (issue 12): photos keep arriving while the wall (opened from a wall
// link in Chromium, as on a TV) runs. Prints the delay from each upload's answer to its photo on
// screen (p50, p99), and the page's JS heap and DOM nodes at the start and the end (goal: flat).
//   node bench/wall.mjs                       300 photos, one every 300 ms
//   WALL_PHOTOS=2000 WALL_EVERY_MS=900 ...    2,000 photos over 30 minutes
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, percentile, requireChromiumAndBuild, startApi } from './lib.mjs';

const PHOTOS = Number(process.env.WALL_PHOTOS ?? 300);
const EVERY_MS = Number(process.env.WALL_EVERY_MS ?? 300);
const chromePath = requireChromiumAndBuild();
const api = await startApi({ LOG_LEVEL: 'error' });

const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
try {
  const link = await (await fetch(`${api.url}/api/events/${api.eventId}/wall-link`, { method: 'POST', headers: { authentication: api.token, origin: api.url } })).json();
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  // When each photo first goes on screen, by the page's clock (Date.now, the same machine's).
  await page.addInitScript(() => {
    window.__shown = {};
    new MutationObserver(() => {
      const slide = document.querySelector('[data-photo-id]');
      const id = slide?.getAttribute('data-photo-id');
      if (id && !(id in window.__shown)) window.__shown[id] = Date.now();
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await page.context().newCDPSession(page);
  const measure = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const { nodes } = await cdp.send('Memory.getDOMCounters');
    return { heapMb: heap.usedSize / 1024 / 1024, nodes };
  };
  await page.goto(link.url);
  await page.getByText('As fotos enviadas pelos convidados aparecem aqui.').waitFor();
  const start = await measure();

  const answered = {};
  const started = Date.now();
  for (let n = 0; n < PHOTOS; n++) {
    const bytes = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: (n * 53) % 256 } } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('album_id', api.albumId);
    form.append('user_id', `Convidado ${n % 40}`);
    form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `wall-${n}.jpg`);
    const answer = await (await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form })).json();
    answered[answer.photos[0].id] = Date.now();
    const wait = started + (n + 1) * EVERY_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  await page.waitForTimeout(5000);
  const end = await measure();
  const shown = await page.evaluate(() => window.__shown);
  const delays = Object.entries(answered).flatMap(([id, at]) => (shown[id] ? [shown[id] - at] : []));
  const minutes = ((Date.now() - started) / 60000).toFixed(1);
  console.log(`Wall from a wall link, ${PHOTOS} photos of 1600×1200 over ${minutes} min (one every ${EVERY_MS} ms):`);
  console.log(`  shown ${delays.length}/${PHOTOS}; delay from the upload's answer to the photo on screen p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms (goal ≤ 2000 ms)`);
  console.log(`  JS heap ${start.heapMb.toFixed(1)} → ${end.heapMb.toFixed(1)} MB; DOM nodes ${start.nodes} → ${end.nodes} (goal: flat)`);
} finally {
  await browser.close();
  await api.stop();
}
