// The soak's files: phone-like photos (4032 × 3024 JPEGs of 3–5 MB, textured so that they compress
// like photos, not like flat colour, with the EXIF an iPhone writes with location on: make, model,
// capture time, orientation and a GPS position, which the guests' copy strips) and iPhone-like clips
// (bench/api/video-fixture.mjs). A handful of
// bases are made once and kept in the system's temporary folder; each upload is a distinct file (the
// server answers the same bytes as a duplicate): a photo gets a JPEG comment segment naming it right
// after its start marker, a clip a trailing ISO-BMFF `free` box, both ignored by every decoder.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRequire } from '../lib.mjs';
import { iphoneClip } from '../api/video-fixture.mjs';

const sharp = apiRequire('sharp');
const BASES = 12;

async function photoBase(n) {
  const file = path.join(os.tmpdir(), `momentos-soak-photo-exif-${n}.jpg`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  // Noise drawn small and enlarged: soft grain at phone sizes, 3–5 MB at quality 88.
  const grain = await sharp({
    create: { width: 1008, height: 756, channels: 3, background: { r: (n * 47) % 256, g: (n * 91 + 60) % 256, b: (n * 23 + 120) % 256 }, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .png()
    .toBuffer();
  const bytes = await sharp(grain)
    .resize(4032, 3024, { kernel: 'cubic' })
    .modulate({ hue: n * 29 })
    .jpeg({ quality: 88 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', DateTime: '2030:06:01 19:12:00' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: `22/1 ${54 + (n % 5)}/1 ${1000 + n * 37}/100`, GPSLongitudeRef: 'W', GPSLongitude: '43/1 10/1 1500/100' },
    })
    .withMetadata({ orientation: 1 })
    .toBuffer();
  fs.writeFileSync(file, bytes);
  return bytes;
}

/**
 * Issue 29: the preview a guest's phone makes of a base (api-client's photo-preview.ts: upright, 640
 * px on the long edge, WebP at quality 0.8, no metadata), made once per base: the phone's work, not
 * the server's.
 */
async function previewOf(n, base) {
  const file = path.join(os.tmpdir(), `momentos-soak-preview-${n}.webp`);
  if (fs.existsSync(file)) return fs.readFileSync(file);
  const bytes = await sharp(base).rotate().resize(640, 640, { fit: 'inside' }).webp({ quality: 80 }).toBuffer();
  fs.writeFileSync(file, bytes);
  return bytes;
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Makes (or reads) the bases; answers `photo(n)` and `video(n)`, each `{ bytes, sha, type, name }` (a photo's with its `preview`). */
export async function fixtures({ videoSeconds = 4 } = {}) {
  const bases = [];
  for (let n = 0; n < BASES; n++) bases.push(await photoBase(n));
  const previews = await Promise.all(bases.map((base, n) => previewOf(n, base)));
  const clip = fs.readFileSync(iphoneClip(videoSeconds));
  return {
    photoBytes: bases.reduce((sum, b) => sum + b.length, 0) / bases.length,
    videoBytes: clip.length,
    photo(n) {
      const base = bases[n % BASES];
      const text = Buffer.from(`momentos soak photo ${n}`);
      const segment = Buffer.alloc(4);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(text.length + 2, 2);
      const bytes = Buffer.concat([base.subarray(0, 2), segment, text, base.subarray(2)]);
      return { bytes, sha: sha256(bytes), type: 'image/jpeg', name: `IMG_${String(1000 + n)}.jpg`, preview: previews[n % BASES] };
    },
    video(n) {
      const text = Buffer.from(`momentos soak video ${n}`);
      const box = Buffer.alloc(8);
      box.writeUInt32BE(text.length + 8, 0);
      box.write('free', 4, 'latin1');
      const bytes = Buffer.concat([clip, box, text]);
      return { bytes, sha: sha256(bytes), type: 'video/quicktime', name: `IMG_${String(5000 + n)}.MOV` };
    },
  };
}
