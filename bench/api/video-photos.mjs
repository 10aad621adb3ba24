// Issue 25: photos do not wait behind a video. The p95 time from upload to thumbnail of 50 photos sent
// while a 2-minute 1080p HEVC video transcodes (VIDEO_CONCURRENCY=1, its own lane), against the same
// 50 photos on a server with no video. BENCH_VIDEO_SECONDS sets the clip's length (default 120).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, startApi } from '../lib.mjs';
import { iphoneClip } from './video-fixture.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const sharp = require('sharp');
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 120);
const PHOTOS = 50;

const clip = iphoneClip(SECONDS);
console.log(`making ${PHOTOS} 3000×2000 JPEGs…`);
const photos = [];
for (let i = 0; i < PHOTOS; i++) {
  photos.push(
    await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 100, g: 80 + i, b: 60 }, noise: { type: 'gaussian', mean: 120, sigma: 25 } } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];

async function run(withVideo) {
  const api = await startApi({ VIDEO_MAX_SECONDS: String(SECONDS + 60), VIDEO_CONCURRENCY: '1' });
  try {
    const send = async (file, name, type) => {
      const form = new FormData();
      form.append('album_id', api.albumId);
      form.append('user_id', 'Bench');
      form.append('images', new Blob([file], { type }), name);
      return (await (await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form })).json()).photos[0];
    };
    let video;
    if (withVideo) {
      video = await send(fs.readFileSync(clip), 'IMG_0002.MOV', 'video/quicktime');
      // Its poster is made first (a photo job); then the transcoding runs in the video lane.
      for (;;) {
        const [update] = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${video.id}`)).json();
        if (!update.processing) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // The 50 photos, one a second apart in 5 streams (guests sending during the party).
    const sent = new Map();
    const done = new Map();
    const senders = Array.from({ length: 5 }, async (_, stream) => {
      for (let i = stream; i < PHOTOS; i += 5) {
        const started = performance.now();
        const photo = await send(photos[i], `photo-${i}.jpg`, 'image/jpeg');
        sent.set(photo.id, started);
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
    const watcher = (async () => {
      while (done.size < PHOTOS) {
        const ids = [...sent.keys()].filter((id) => !done.has(id));
        if (ids.length > 0) {
          const updates = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${ids.join(',')}`)).json();
          for (const update of updates) if (!update.processing) done.set(update.id, performance.now() - sent.get(update.id));
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await Promise.all(senders);
    await watcher;
    let transcoding = 'no video';
    if (video) {
      const [update] = await (await fetch(`${api.url}/api/events/photos/updates/${api.albumId}?ids=${video.id}`)).json();
      transcoding = update.playback_video ? 'the video had finished by then' : 'the video was still transcoding when the last thumbnail was done';
    }
    const times = [...done.values()];
    return { p95: p95(times), median: p95(times.map((t) => t)) && [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)], transcoding };
  } finally {
    await api.stop();
  }
}

const alone = await run(false);
console.log(`without video: p95 upload → thumbnail ${alone.p95.toFixed(0)} ms (median ${alone.median.toFixed(0)} ms)`);
const beside = await run(true);
console.log(`beside a ${SECONDS}-s 1080p HEVC transcoding: p95 ${beside.p95.toFixed(0)} ms (median ${beside.median.toFixed(0)} ms; ${beside.transcoding})`);
console.log(`ratio: ${(beside.p95 / alone.p95).toFixed(2)}× (target ≤ 2×)`);
