// Several instances on PostgreSQL + S3 (issue 14), on this machine: s3rver as the bucket, the built
// API (api-server/dist) as one and then two instances behind the tests' round-robin proxy.
//   1. 100 guests at once, each sending 10 photos (one request each), through the proxy, against one
//      and against two instances: uploads per second, request latency, time until every rendition.
//   2. A 180 MB video into S3: one request to the API (no proxy) vs the same bytes put with the AWS
//      SDK alone (lib-storage, the API's own part size), and through 36 chunk calls of 5 MiB.
// Run: (cd api-server && npx tsc -p tsconfig.build.json) && TEST_POSTGRES_URL=postgres://… \
//      node --import tsx bench/api/scale-out.mjs        (GUESTS=100 PHOTOS=10 VIDEO_MB=180)
// The machine has 2 cores: the proxy, s3rver, PostgreSQL, the instances and their media workers share them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiRequire as require, mb, percentile, startCluster } from '../lib.mjs';

const sharp = require('sharp');
const { S3Client } = require('@aws-sdk/client-s3');
const { Upload } = require('@aws-sdk/lib-storage');
const { spawnS3Server, CREDENTIALS } = require('./scripts/s3-server.cjs');

const GUESTS = Number(process.env.GUESTS ?? 100);
const PHOTOS = Number(process.env.PHOTOS ?? 10);
const VIDEO_MB = Number(process.env.VIDEO_MB ?? 180);
const baseUrl = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
if (!baseUrl) {
  console.error('Set TEST_POSTGRES_URL (or BENCH_POSTGRES_URL) to a PostgreSQL the bench may create databases in.');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const s3 = await spawnS3Server();
const s3Client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-scale-'));

/** A fresh database and bucket, and `count` instances of the built API on them (bench/lib.mjs). */
const cluster = (count) => startCluster({ count, baseUrl, s3, s3Client });

/** GUESTS × PHOTOS distinct JPEGs of about 300 KB (12 bases, each made unique by bytes after its end). */
async function photos() {
  const bases = await Promise.all(
    Array.from({ length: 12 }, (_, n) =>
      sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: n * 20, g: 120, b: 90 }, noise: { type: 'gaussian', mean: 128, sigma: 25 } } })
        .jpeg({ quality: 70 })
        .toBuffer(),
    ),
  );
  return Array.from({ length: GUESTS }, (_, guest) =>
    Array.from({ length: PHOTOS }, (_, n) => Buffer.concat([bases[(guest + n) % bases.length], Buffer.from(`guest-${guest}-photo-${n}`)])),
  );
}

async function guestsRun(count, sets) {
  const { proxy, albumId, stop } = await cluster(count);
  const latencies = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    sets.map(async (set, guest) => {
      for (const [n, bytes] of set.entries()) {
        const form = new FormData();
        form.append('album_id', albumId);
        form.append('user_id', `Convidado ${guest}`);
        form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `g${guest}-${n}.jpg`);
        const sentAt = performance.now();
        const response = await fetch(`${proxy.url}/api/events/photos`, { method: 'POST', body: form });
        await response.arrayBuffer();
        latencies.push(performance.now() - sentAt);
        if (response.status !== 201) failed++;
      }
    }),
  );
  const uploaded = (performance.now() - started) / 1000;
  // Then until every photo has its renditions.
  let processed = 0;
  for (;;) {
    const items = await (await fetch(`${proxy.url}/api/events/photos/${albumId}`)).json();
    processed = items.filter((item) => item.compressed_photo).length;
    if (processed >= items.length || (performance.now() - started) / 1000 > 900) break;
    await sleep(500);
  }
  const done = (performance.now() - started) / 1000;
  await stop();
  const total = GUESTS * PHOTOS;
  console.log(
    `${count} instance(s): ${total} photos (${mb(sets.flat().reduce((sum, b) => sum + b.length, 0))} MB) from ${GUESTS} guests in ${uploaded.toFixed(1)} s = ${(total / uploaded).toFixed(1)} uploads/s; ` +
      `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms; ${failed} failed; every rendition after ${done.toFixed(1)} s (${processed} processed)`,
  );
}

async function videoRun() {
  const file = path.join(work, 'video.mp4');
  const fd = fs.openSync(file, 'w');
  const block = randomBytes(1024 * 1024);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]).copy(block);
  for (let i = 0; i < VIDEO_MB; i++) {
    block.writeUInt32LE(i, 100);
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
  const size = fs.statSync(file).size;
  const { direct, bucket, albumId, stop } = await cluster(1);
  const median = (values) => [...values].sort((a, b) => a - b)[1];
  const sdk = [];
  const api = [];
  const chunked = [];
  for (let run = 0; run < 3; run++) {
    let started = performance.now();
    await new Upload({ client: s3Client, params: { Bucket: bucket, Key: `sdk/${run}.mp4`, Body: fs.createReadStream(file, { highWaterMark: 1024 * 1024 }) }, partSize: 8 * 1024 * 1024, queueSize: 4 }).done();
    sdk.push(performance.now() - started);

    // A distinct file each run (the same bytes would be answered as a duplicate).
    fs.appendFileSync(file, Buffer.from([run]));
    const form = new FormData();
    form.append('album_id', albumId);
    form.append('user_id', 'Bench');
    form.append('images', await fs.openAsBlob(file, { type: 'video/mp4' }), `video-${run}.mp4`);
    started = performance.now();
    const response = await fetch(`${direct}/api/events/photos`, { method: 'POST', body: form });
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
    api.push(performance.now() - started);

    const bytes = fs.readFileSync(file);
    const chunkSize = 5 * 1024 * 1024;
    const total = Math.ceil(bytes.length / chunkSize);
    started = performance.now();
    const init = await (
      await fetch(`${direct}/api/events/photos/chunk/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: `chunked-${run}.mp4`, fileSize: bytes.length, fileType: 'video/mp4', albumId, userId: 'Bench' }),
      })
    ).json();
    for (let index = 0; index < total; index++) {
      const chunkForm = new FormData();
      chunkForm.append('sessionId', init.sessionId);
      chunkForm.append('chunkIndex', String(index));
      chunkForm.append('totalChunks', String(total));
      chunkForm.append('chunk', new Blob([bytes.subarray(index * chunkSize, (index + 1) * chunkSize)]), 'chunk');
      const answer = await fetch(`${direct}/api/events/photos/chunk/upload`, { method: 'POST', body: chunkForm });
      if (answer.status !== 200) throw new Error(`chunk answered ${answer.status}: ${await answer.text()}`);
    }
    const finalized = await fetch(`${direct}/api/events/photos/chunk/finalize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sessionId: init.sessionId }) });
    if (finalized.status !== 201) throw new Error(`finalize answered ${finalized.status}: ${await finalized.text()}`);
    chunked.push(performance.now() - started);
    fs.appendFileSync(file, Buffer.from([run + 100]));
  }
  await stop();
  const rate = (ms) => `${(size / 1024 / 1024 / (ms / 1000)).toFixed(0)} MB/s`;
  console.log(
    `${VIDEO_MB} MB video into S3 (median of 3): AWS SDK alone ${(median(sdk) / 1000).toFixed(2)} s (${rate(median(sdk))}); ` +
      `API one request ${(median(api) / 1000).toFixed(2)} s (${rate(median(api))}) = ${((median(sdk) / median(api)) * 100).toFixed(0)} % of the SDK; ` +
      `API ${Math.ceil(size / (5 * 1024 * 1024))} chunks of 5 MiB ${(median(chunked) / 1000).toFixed(2)} s (${rate(median(chunked))}) = ${((median(sdk) / median(chunked)) * 100).toFixed(0)} %`,
  );
}

try {
  console.log(`${os.availableParallelism()} cores; s3rver at ${s3.endpoint}`);
  const sets = await photos();
  if (!process.env.SKIP_GUESTS) {
    await guestsRun(1, sets);
    await guestsRun(2, sets);
  }
  await videoRun();
} finally {
  s3Client.destroy();
  await s3.stop();
  fs.rmSync(s3.directory, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}
