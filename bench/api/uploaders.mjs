// 50 concurrent uploaders, 10 photos each (each guest in one request, retrying on network errors or
// 5xx like the client does): counts lost, duplicated and 5xx answers.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, startApi } from '../lib.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const sharp = require('sharp');
const GUESTS = Number(process.env.BENCH_GUESTS ?? 50);
const PER_GUEST = 10;

const api = await startApi();
const base = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
let fiveXX = 0;
let retries = 0;
const started = performance.now();
const results = await Promise.all(
  Array.from({ length: GUESTS }, async (_, guest) => {
    const files = Array.from({ length: PER_GUEST }, (_, n) => ({ name: `g${guest}-p${n}-${Math.random().toString(36).slice(2)}.jpg`, bytes: Buffer.concat([base, Buffer.from(`${guest}-${n}`)]) }));
    for (let attempt = 0; attempt < 4; attempt++) {
      const form = new FormData();
      form.append('album_id', api.albumId);
      form.append('user_id', `Convidado ${guest}`);
      for (const file of files) form.append('images', new Blob([file.bytes], { type: 'image/jpeg' }), file.name);
      try {
        const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
        if (response.status >= 500) {
          fiveXX++;
          retries++;
          continue;
        }
        return { status: response.status, ids: (await response.json()).photos?.map((p) => p.id) ?? [] };
      } catch {
        retries++;
      }
    }
    return { status: 0, ids: [] };
  }),
);
const seconds = (performance.now() - started) / 1000;
const list = await (await fetch(`${api.url}/api/events/photos/${api.albumId}`)).json();
const expected = GUESTS * PER_GUEST;
const answered = new Set(results.flatMap((r) => r.ids));
const stored = list.length;
const keys = new Set(list.map((p) => p.id));
const lost = [...answered].filter((id) => !keys.has(id)).length + (expected - answered.size);
const duplicated = stored - new Set(list.map((p) => `${p.user_id}|${p.original_photo}`)).size + Math.max(0, stored - expected);
console.log(`${GUESTS} uploaders × ${PER_GUEST} photos (${(base.length / 1024).toFixed(0)} KB each) in ${seconds.toFixed(2)} s: stored ${stored}/${expected}, lost ${lost}, duplicated ${duplicated}, 5xx ${fiveXX}, retries ${retries}, non-201 answers ${results.filter((r) => r.status !== 201).length}`);
await api.stop();
