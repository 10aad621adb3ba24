#!/usr/bin/env node
// Issue 29: the welcome image's bytes against its look. The card the server makes from a 1200×1600 phone
// photo (1200×630 JPEG, og:image) and the welcome's WebP copies at the widths a phone takes through the
// welcome's srcset (a 390-px phone: about 342 CSS px of image, 684 px at DPR 2, 1026 px at DPR 3), each
// at several qualities: bytes, encoding time, and SSIM against the same crop resized losslessly from the
// original (ffmpeg's ssim filter; 1 is identical). What a slow link pays is the bytes: 1.47 Mbit/s
// moves about 180 KB a second.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { photoLikeJpeg } from './guest-event.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'welcome-quality-'));
sharp.concurrency(1);

/** SSIM of `file` against the lossless reference PNG of the same size (ffmpeg prints it on stderr). */
function ssimOf(file, reference) {
  const log = execFileSync('sh', ['-c', `ffmpeg -hide_banner -nostdin -i '${file}' -i '${reference}' -lavfi ssim -f null - 2>&1 | grep -o 'All:[0-9.]*'`], { encoding: 'utf8' });
  return Number(log.trim().slice(4));
}

const photo = await photoLikeJpeg(1200, 1600);
const crop = (width) => sharp(photo).resize(width, Math.round((width * 630) / 1200), { fit: 'cover', position: 'attention' });
const rows = [];
async function measure(label, width, encode) {
  const reference = path.join(dir, `ref-${width}.png`);
  if (!fs.existsSync(reference)) await crop(width).png().toFile(reference);
  const started = process.hrtime.bigint();
  const bytes = await encode(crop(width)).toBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const file = path.join(dir, `out-${rows.length}`);
  fs.writeFileSync(file, bytes);
  // ffmpeg decodes WebP but not every AVIF here: compare through a PNG sharp decodes.
  const decoded = `${file}.png`;
  await sharp(bytes).png().toFile(decoded);
  rows.push({ label, width, kb: bytes.length / 1024, ms, ssim: ssimOf(decoded, reference) });
}

try {
  await measure('card JPEG q78 mozjpeg (today)', 1200, (s) => s.jpeg({ quality: 78, mozjpeg: true, progressive: true }));
  for (const width of [720, 1080]) {
    await measure(`JPEG q78 mozjpeg`, width, (s) => s.jpeg({ quality: 78, mozjpeg: true, progressive: true }));
    for (const quality of [50, 60, 70, 80]) await measure(`WebP q${quality}`, width, (s) => s.webp({ quality, effort: 4 }));
    for (const quality of [40, 50]) await measure(`AVIF q${quality} effort 4`, width, (s) => s.avif({ quality, effort: 4 }));
  }
  console.log(`The welcome's image from a 1200×1600 photo-like JPEG: bytes against SSIM (load ${os.loadavg()[0].toFixed(2)})`);
  console.log('  width  format                          bytes     encode   SSIM');
  for (const row of rows) console.log(`  ${String(row.width).padStart(5)}  ${row.label.padEnd(30)} ${row.kb.toFixed(1).padStart(6)} KB ${row.ms.toFixed(0).padStart(6)} ms  ${row.ssim.toFixed(4)}`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
