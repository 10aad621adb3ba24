// How soon a photo is on screens (issue 29 item 7, 'First copies first' in docs/decisions.md): one
// 12-megapixel phone photo at a time (the soak's fixtures: 4032 × 3024 JPEGs with an iPhone's EXIF and
// a GPS position) into an idle server; from the upload's answer to the `photos_updated` that brings its
// grid copies (the wall and the galleries show it from then) and to the one that brings its screen
// copy. The soak measures the same under a whole event's load; this is the floor without one.
//   node bench/api/first-copies.mjs                                    SQLite and local disk
//   BENCH_POSTGRES_URL=postgres://…/postgres node --import tsx bench/api/first-copies.mjs
//                                                                      2 instances on PostgreSQL + S3 (s3rver),
//                                                                      uploads alternating between them
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRequire, percentile, startApi, startCluster } from '../lib.mjs';
import { fixtures } from '../event-soak/fixtures.mjs';

const WebSocket = apiRequire('ws');
const COUNT = Number(process.env.BENCH_PHOTOS ?? 12);
const postgres = process.env.BENCH_POSTGRES_URL;

console.log(`${COUNT} photos one at a time; ${os.availableParallelism()} cores, load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')}`);
const files = await fixtures();

let s3 = null;
let servers;
if (postgres) {
  const { S3Client } = apiRequire('@aws-sdk/client-s3');
  const { spawnS3Server, CREDENTIALS } = apiRequire('./scripts/s3-server.cjs');
  s3 = await spawnS3Server({ directory: fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-first-copies-')) });
  const s3Client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  const cluster = await startCluster({ count: 2, baseUrl: postgres, s3, s3Client, env: { UPLOAD_RATE_LIMIT: '0' } });
  servers = { urls: cluster.instances.map((instance) => instance.url), albumId: cluster.albumId, stop: cluster.stop };
} else {
  const api = await startApi();
  servers = { urls: [api.url], albumId: api.albumId, stop: api.stop };
}

// The socket listens on the first instance: on two instances, half the photos are made by the other
// one and reach it through the realtime bus, as they reach a wall.
const socket = new WebSocket(`${servers.urls[0].replace('http', 'ws')}/ws/albums/${servers.albumId}`);
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
const heard = new Map();
socket.on('message', (data) => {
  const message = JSON.parse(data.toString());
  if (message.type === 'photos_updated') for (const photo of message.payload?.photos ?? []) heard.get(photo.id)?.(photo, performance.now());
});

const rows = [];
for (let n = 0; n < COUNT; n++) {
  const file = files.photo(n);
  const form = new FormData();
  form.append('album_id', servers.albumId);
  form.append('user_id', 'Convidado');
  form.append('images', new Blob([file.bytes], { type: file.type }), file.name);
  const sent = performance.now();
  const response = await fetch(`${servers.urls[n % servers.urls.length]}/api/events/photos`, { method: 'POST', body: form });
  const body = await response.json();
  const answered = performance.now();
  if (response.status !== 201) throw new Error(`upload ${response.status}: ${JSON.stringify(body)}`);
  const row = { upload: answered - sent, first: null, screen: null };
  await new Promise((resolve) =>
    heard.set(body.photos[0].id, (photo, at) => {
      if (photo.compressed_photo && row.first === null) row.first = at - answered;
      if (photo.display_photo) {
        row.screen = at - answered;
        resolve();
      }
    }),
  );
  rows.push(row);
  console.log(`photo ${n + 1}: upload ${row.upload.toFixed(0)} ms; grid copies +${row.first.toFixed(0)} ms, screen copy +${row.screen.toFixed(0)} ms after the answer`);
}
socket.close();
await servers.stop();
await s3?.stop();

const figure = (key) => `p50 ${percentile(rows.map((row) => row[key]), 50).toFixed(0)} ms, max ${Math.max(...rows.map((row) => row[key])).toFixed(0)} ms`;
console.log(`\n${postgres ? '2 instances, PostgreSQL + S3' : 'SQLite, local disk'}: on screens (grid copies) ${figure('first')}; screen copy ${figure('screen')}; upload ${figure('upload')}`);
process.exit(0);
