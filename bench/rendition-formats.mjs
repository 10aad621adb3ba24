#!/usr/bin/env node
// Issue 29: does AVIF pay for itself for the grid renditions? For photo-like 12-megapixel JPEGs (the
// benches' photoLikeJpeg) and one real-looking photo per seed, encodes the phone copy (320 px) and the
// grid copy (640 px) as WebP (as the media queue does) and as AVIF at a quality that looks alike, and
// prints bytes and encoding CPU time per photo (the resize from a shared decode is timed apart).
// Run: node bench/rendition-formats.mjs (RENDITION_PHOTOS=8). One sharp thread, as the queue's job has.
import os from 'node:os';
import sharp from 'sharp';
import { photoLikeJpeg } from './guest-event.mjs';

sharp.concurrency(1);
const count = Number(process.env.RENDITION_PHOTOS ?? 8);
const formats = [
  ['webp q60 e4 (ours, 320)', (image) => image.webp({ quality: 60, effort: 4 })],
  ['webp q72 e4 (ours, 640)', (image) => image.webp({ quality: 72, effort: 4 })],
  ['avif q50 e2', (image) => image.avif({ quality: 50, effort: 2 })],
  ['avif q50 e4 (default)', (image) => image.avif({ quality: 50, effort: 4 })],
];
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

console.log(`Rendition formats, ${count} photo-like 4000×3000 JPEGs, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}); load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
const totals = new Map();
for (let i = 0; i < count; i++) {
  const jpeg = await photoLikeJpeg(4000, 3000, i + 1);
  for (const edge of [320, 640]) {
    // The shared part: decode and resize to the rendition's size (raw pixels).
    let started = cpu();
    const { data, info } = await sharp(jpeg).resize(edge, edge, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
    const resize = cpu() - started;
    const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    for (const [name, encode] of formats) {
      started = cpu();
      const bytes = (await encode(raw()).toBuffer()).length;
      const key = `${edge}|${name}`;
      const total = totals.get(key) ?? { bytes: 0, ms: 0, resize: 0 };
      total.bytes += bytes;
      total.ms += cpu() - started;
      total.resize += resize;
      totals.set(key, total);
    }
  }
}
console.log('  edge  format                  bytes/photo   encode CPU/photo   (decode+resize/photo)');
for (const [key, total] of totals) {
  const [edge, name] = key.split('|');
  console.log(`  ${edge.padStart(4)}  ${name.padEnd(22)} ${(total.bytes / count / 1024).toFixed(1).padStart(7)} KB   ${(total.ms / count).toFixed(0).padStart(8)} ms        ${(total.resize / count / formats.length).toFixed(0)} ms`);
}
console.log(`  load average at end ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
