// Thumbnails per second on 12-megapixel JPEGs through the pipeline (upload → media worker → WebP),
// against a bare sharp loop doing the same work on the same files with the same concurrency.
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, startApi } from '../lib.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const sharp = require('sharp');
const COUNT = Number(process.env.BENCH_PHOTOS ?? 20);
const concurrency = os.availableParallelism();

console.log(`making ${COUNT} 4000×3000 JPEGs…`);
const photos = [];
for (let i = 0; i < COUNT; i++) {
  photos.push(
    await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: 120, g: 90 + i, b: 60 }, noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
      .blur(1.2)
      .jpeg({ quality: 88 })
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
        const input = photos[next++];
        await sharp(input, { limitInputPixels: 100_000_000, failOn: 'error', sequentialRead: true })
          .rotate()
          .resize(1600, 1600, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80, effort: 2 })
          .toBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(`bare sharp loop: ${(COUNT / seconds).toFixed(2)} thumbnails/s (${COUNT} photos of ${avg.toFixed(1)} MB avg, ${seconds.toFixed(2)} s, ${concurrency} at a time)`);
  globalThis.bareRate = COUNT / seconds;
}

{
  const api = await startApi();
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
  for (let i = 0; i < 6000 && pending > 0; i++) {
    await new Promise((r) => setTimeout(r, 50));
    const updates = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${ids.join(',')}`)).json();
    pending = updates.filter((u) => u.processing).length;
    errors = updates.filter((u) => u.error).length;
  }
  const done = performance.now();
  const total = (done - started) / 1000;
  const rate = COUNT / total;
  console.log(
    `pipeline: ${rate.toFixed(2)} thumbnails/s from first byte sent to last thumbnail (${total.toFixed(2)} s, of which upload ${((uploaded - started) / 1000).toFixed(2)} s; errors ${errors}, unfinished ${pending}) = ${((rate / globalThis.bareRate) * 100).toFixed(0)} % of the bare loop`,
  );
  await api.stop();
}
