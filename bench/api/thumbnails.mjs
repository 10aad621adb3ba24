// Photos per second through the media pipeline on 12-megapixel phone JPEGs that carry a GPS position
// (upload → media worker → the three WebP renditions (two decodes since issue 29: the grid copies first,
// then the screen copy in its own lane) → the guests' copy without location), against a
// bare sharp loop making the same three renditions (the built API's `renditionOutputs` at the default
// sizes, 640 / 2048 / 320 px, from one decode) of the same files with the same concurrency.
// The pipeline also stores each file, writes its rows and runs exiftool for the guests' copy; the
// ratio is what that plumbing costs beside the pixels' own work.
//   node bench/api/thumbnails.mjs               local disk
//   BENCH_S3=1 node bench/api/thumbnails.mjs    the files in S3 (s3rver on the same cores)
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { newBucket, ROOT, startApi } from '../lib.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const sharp = require('sharp');
const { renditionOutputs } = require('./dist/infra/media/thumbnails.js');
const RENDITIONS = renditionOutputs({ grid: '', display: '', thumb: '' }, { gridSize: 640, displaySize: 2048, thumbSize: 320 });
const COUNT = Number(process.env.BENCH_PHOTOS ?? 20);
const concurrency = os.availableParallelism();

console.log(`making ${COUNT} 4000×3000 JPEGs with a GPS position…; ${concurrency} cores, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
const photos = [];
for (let i = 0; i < COUNT; i++) {
  photos.push(
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 120, g: 90 + i, b: 60 }, noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
      .blur(1.2)
      .jpeg({ quality: 88 })
      // As a phone writes them: its orientation, and where the photo was taken (issue 22 strips it for guests).
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: `22/1 ${54 + (i % 5)}/1 1234/100`, GPSLongitudeRef: 'W', GPSLongitude: '43/1 10/1 0/1' } })
      .withMetadata({ orientation: 1 + (i % 8) })
      .toBuffer(),
  );
}
const avg = photos.reduce((a, b) => a + b.length, 0) / COUNT / 1048576;

// Bare sharp loop: the pipeline's operations, `concurrency` at a time.
{
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < COUNT) {
        // As the decoder process does: one decode at the largest copy's size, each copy resized from its pixels.
        const fit = (size) => ({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
        const largest = Math.max(...RENDITIONS.map(({ size }) => size));
        const { data, info } = await sharp(photos[next++], { limitInputPixels: 100_000_000, failOn: 'error' }).rotate().resize(fit(largest)).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
        const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
        await Promise.all(RENDITIONS.map(({ size, quality, effort }) => sharp(data, raw).resize(fit(size)).webp({ quality, effort }).toBuffer()));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`bare sharp loop: ${(COUNT / seconds).toFixed(2)} photos/s (three renditions each) (${COUNT} photos of ${avg.toFixed(1)} MB avg, ${seconds.toFixed(2)} s, ${concurrency} at a time)`);
  globalThis.bareRate = COUNT / seconds;
}

{
  let s3 = null;
  let storageEnv = {};
  if (process.env.BENCH_S3 === '1') {
    const { spawnS3Server } = require('./scripts/s3-server.cjs');
    s3 = await spawnS3Server({ directory: fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-bench-s3-')) });
    storageEnv = (await newBucket(s3)).env;
  }
  const api = await startApi(storageEnv);
  const started = performance.now();
  const ids = [];
  for (let batch = 0; batch < COUNT; batch += 10) {
    const form = new FormData();
    form.append('album_id', api.albumId);
    form.append('user_id', 'Bench');
    for (let i = batch; i < Math.min(batch + 10, COUNT); i++) form.append('images', new Blob([photos[i]], { type: 'image/jpeg' }), `thumb-${i}.jpg`);
    const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
    ids.push(...(await response.json()).photos.map((p) => p.id));
  }
  const uploaded = performance.now();
  let pending = ids.length;
  let errors = 0;
  // Issue 29: a photo is finished (on screens) with its grid copies; its screen copy follows from
  // another lane. The figure waits for every screen copy; when the first copies were all in is printed too.
  let firstCopies = null;
  for (let i = 0; i < 6000 && pending > 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const updates = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${ids.join(',')}`)).json();
    if (firstCopies === null && updates.every((u) => !u.processing)) firstCopies = performance.now();
    pending = updates.filter((u) => u.processing || (!u.error && !u.display_photo)).length;
    errors = updates.filter((u) => u.error).length;
  }
  const done = performance.now();
  if (firstCopies !== null) console.log(`  every photo on screens (its grid copies) after ${((firstCopies - started) / 1000).toFixed(2)} s`);
  const total = (done - started) / 1000;
  const rate = COUNT / total;
  console.log(
    `pipeline (${s3 ? "S3 on s3rver" : "local disk"}): ${rate.toFixed(2)} photos/s from the first byte sent to the last photo's renditions (${total.toFixed(2)} s, of which upload ${((uploaded - started) / 1000).toFixed(2)} s; errors ${errors}, unfinished ${pending}) = ${((rate / globalThis.bareRate) * 100).toFixed(0)} % of the bare loop; load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`,
  );
  await api.stop();
  if (s3) {
    await s3.stop();
    fs.rmSync(s3.directory, { recursive: true, force: true });
  }
}
