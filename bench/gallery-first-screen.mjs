#!/usr/bin/env node
// Image bytes of the first screen of a 500-photo gallery on a phone: Chromium at 390×844 and 3×
// density, an empty cache, the built all-in-one server with 500 photo-like 12-megapixel JPEGs uploaded
// and processed. Counts every image the page downloads before the network is idle, without scrolling.
// Goal: ≤ 160 KB (issue 29: the tiles' srcset offers the 320-px phone copy; it was 312 KB with the
// 640-px copy alone). GALLERY_PHOTOS (default 500) sets the album's size: what the first screen
// downloads is bounded by the painted tiles and the lazy-loading distance, not by the album.
import os from 'node:os';
import { chromium } from 'playwright-core';
import { fillAlbum } from './guest-event.mjs';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const count = Number(process.env.GALLERY_PHOTOS ?? 500);
const chromePath = requireChromiumAndBuild();
const api = await startApi();
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
try {
  const started = Date.now();
  await fillAlbum(api, count);
  console.log(`${count} photos uploaded and processed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(`${api.url}/events/share/albums/${api.albumId}`, { waitUntil: 'networkidle' });
  const images = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'img')
      .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize })),
  );
  const visible = await page.evaluate(
    () => [...document.querySelectorAll('img.gallery-tile__image')].filter((img) => img.getBoundingClientRect().top < window.innerHeight).length,
  );
  await context.close();
  const total = images.reduce((sum, image) => sum + image.bytes, 0);
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const phoneCopies = images.filter((image) => /-tile\.webp/.test(image.url)).length;
  console.log(`First screen of a ${count}-photo gallery on a phone (390×844 @3x): ${visible} tiles on screen, ${images.length} images downloaded (${phoneCopies} of them the 320-px phone copy)`);
  console.log(`  image bytes: ${kb(total)} (goal ≤ 160 KB); per tile ${kb(total / Math.max(1, images.length))} on average`);
  console.log(`  load average ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} (${os.cpus().length} CPUs; bytes do not depend on it)`);
} finally {
  await browser.close();
  await api.stop();
}
