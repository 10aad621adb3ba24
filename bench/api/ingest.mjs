// Ingest over loopback with curl as the client, against the floors of this machine (issue 29 item 6):
// - local disk: the same bytes sent by curl to a bare Node HTTP server that streams the raw body to a
//   file on the same disk and SHA-256s it on the way;
// - S3 (BENCH_S3=1): the same file put into the same S3-compatible server (s3rver, as the PostgreSQL +
//   S3 test run starts it) by the AWS SDK alone (lib-storage's Upload, the server's part size and
//   queue), against the API with STORAGE_DRIVER=s3 on that server.
// Each figure is the median of BENCH_RUNS (3) runs, each after the previous run's media job is done and
// beside its own run of the floors (interleaved; the chunked row also prints the median of the per-run ratios);
// the machine's load (uptime) is printed with them.
//   node bench/api/ingest.mjs                 180 MB in one request, 1 GB through 25 MB chunk calls, local disk
//   BENCH_S3=1 node bench/api/ingest.mjs      the same into S3
//   BENCH_S3=1 BENCH_S3_TLS=1 node ...        s3rver over HTTPS (the tests' certificate), as S3 itself is
//                                             reached: the API then sends parts as UNSIGNED-PAYLOAD, and the
//                                             SDK-alone floor is timed both as the SDK signs by default and so
//   BENCH_CHUNKED_MB=256 node ...             scale the chunked run down (0: one request only)
//   BENCH_SINGLE_MB=0 node ...                the chunked run only
//   BENCH_PROF=<dir> node ...                 a CPU profile of the API (one file per API started)
// Needs the built API: (cd api-server && npx tsc -p tsconfig.build.json).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { curl, freePort, mb, newBucket, ROOT, rssOf, rssSampler, startApi } from '../lib.mjs';

const SINGLE_MB = Number(process.env.BENCH_SINGLE_MB ?? 180);
const CHUNKED_MB = Number(process.env.BENCH_CHUNKED_MB ?? 1024);
const CHUNK_MB = Number(process.env.BENCH_CHUNK_MB ?? 25);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const S3 = process.env.BENCH_S3 === '1';
const TLS = S3 && process.env.BENCH_S3_TLS === '1';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-ingest-'));
/**
 * Where each chunk is cut out for curl: in memory (tmpfs) where the machine has one, as a phone sends a
 * slice of a file it holds. Cut on the disk under test, the 41 pieces were 1 GB of extra dirty pages
 * whose write-back competed with the upload being timed, in the API's runs and in the chunk-calls floor alike.
 */
const piecesDir = fs.existsSync('/dev/shm') ? fs.mkdtempSync('/dev/shm/momentos-ingest-') : work;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const rate = (bytes, seconds) => bytes / 1048576 / seconds;
/**
 * curl as a browser sends a body: without `Expect: 100-continue`. curl asks for it on every body over
 * 1 MB and holds the body until the server's interim answer; no browser does. Over 41 chunk calls that
 * wait cost 0.27 s (2.40 → 2.13 s to a bare busboy server, 1 Dec), in the floors and the API alike.
 */
const send = (args) => curl(['-H', 'Expect:', ...args]);

/**
 * A real MP4 of about `megabytes`, its index (moov) at the end as phones write it: a 2-s lossless 1080p
 * clip repeated by stream copy. `ffprobe`'s length check then reads the start and the index, as it does
 * with a guest's video (a header followed by random bytes made it read the whole file, through the
 * store on S3: a cost no real upload pays).
 */
function makeVideo(file, megabytes) {
  const seed = path.join(work, 'seed.mp4');
  if (!fs.existsSync(seed)) {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=30', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', seed]);
  }
  const loops = Math.ceil(megabytes / (fs.statSync(seed).size / 1048576));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-stream_loop', String(loops), '-i', seed, '-c', 'copy', '-fs', String(megabytes * 1048576), file]);
}

/** A distinct file for each run (the same bytes would be answered as a duplicate): one byte of the first frame changes. */
function mark(file, run) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.from([run & 0xff]), 0, 1, 4096);
  fs.closeSync(fd);
}

/** Waits until the media jobs of the uploads so far are done, so that none shares the cores with the next run. */
/** Waits until every upload's media work is done: its renditions and a video's playback copy (the video lane runs after the upload has answered, and would share the CPU with the next run). */
async function settled(api) {
  const done = (photo) => !photo.processing && (photo.file_type !== 'video' || photo.playback_video || photo.playback_error);
  for (let tries = 0; tries < 1200; tries++) {
    const photos = await (await fetch(`${api.url}/api/events/photos/${api.albumId}`, { headers: { authentication: api.token } })).json();
    if (Array.isArray(photos) && photos.every(done)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function syncDisk() {
  try {
    execFileSync('sync');
  } catch {
    // not everywhere
  }
}

/** The local floor: a bare server streaming the raw body to a file on the same disk, SHA-256 on the way. */
async function diskFloor(file, { runs: count = RUNS } = {}) {
  const target = path.join(work, 'floor.out');
  const server = http.createServer((req, res) => {
    const hash = createHash('sha256');
    // The API's own write buffer (infra/receive.ts): with the default 16 KB the floor is the slower one.
    const out = fs.createWriteStream(target, { highWaterMark: 1024 * 1024 });
    req.on('data', (piece) => hash.update(piece));
    req.pipe(out);
    out.on('finish', () => res.end(hash.digest('hex')));
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const runs = [];
  for (let run = 0; run < count; run++) {
    runs.push(Number(await send(['-o', '/dev/null', '-w', '%{time_total}', '-X', 'POST', '-H', 'content-type: application/octet-stream', '-T', file, `http://127.0.0.1:${port}/`])));
    fs.rmSync(target, { force: true });
    syncDisk();
  }
  server.close();
  return median(runs);
}

/**
 * The local floor of chunk calls: the same multipart requests, one per chunk, sent by curl to a bare
 * server that parses them with busboy (as @fastify/multipart does), writes each chunk at its offset
 * into one file and SHA-256s them in order. What the protocol costs without our sessions.
 */
async function chunkCallsFloor(file, total, chunkBytes, { runs: count = RUNS } = {}) {
  const Busboy = createRequire(path.join(ROOT, 'api-server', 'package.json'))('@fastify/busboy');
  const target = path.join(work, 'floor-chunks.out');
  let hash = createHash('sha256');
  const server = http.createServer((req, res) => {
    const fields = {};
    const parser = new Busboy({ headers: req.headers, limits: { fileSize: chunkBytes } });
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream) => {
      const out = fs.createWriteStream(target, { flags: fs.existsSync(target) ? 'r+' : 'w', start: Number(fields.chunkIndex) * chunkBytes, highWaterMark: 1024 * 1024 });
      stream.on('data', (piece) => hash.update(piece));
      stream.pipe(out);
      out.on('finish', () => res.end(Number(fields.chunkIndex) === total - 1 ? hash.digest('hex') : 'ok'));
    });
    req.pipe(parser);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const piece = path.join(piecesDir, 'floor-piece.bin');
  const buffer = Buffer.alloc(chunkBytes);
  const runs = [];
  for (let run = 0; run < count; run++) {
    hash = createHash('sha256');
    let seconds = 0;
    const fd = fs.openSync(file, 'r');
    for (let index = 0; index < total; index++) {
      const n = fs.readSync(fd, buffer, 0, chunkBytes, index * chunkBytes);
      fs.writeFileSync(piece, buffer.subarray(0, n));
      const out = await send(['-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-F', `sessionId=floor`, '-F', `chunkIndex=${index}`, '-F', `totalChunks=${total}`, '-F', `chunk=@${piece};filename=blob`, `http://127.0.0.1:${port}/`]);
      seconds += Number(out.split(' ')[1]);
    }
    fs.closeSync(fd);
    runs.push(seconds);
    fs.rmSync(target, { force: true });
    syncDisk();
  }
  server.close();
  return median(runs);
}

// --- S3: the server and the SDK alone ---
let s3 = null;
let s3Client = null;
let unsignedClient = null;
let Upload = null;
let bucketEnv = {};
if (S3) {
  const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
  const { S3Client } = require('@aws-sdk/client-s3');
  ({ Upload } = require('@aws-sdk/lib-storage'));
  const { spawnS3Server, CREDENTIALS, TLS_FILES } = require('./scripts/s3-server.cjs');
  s3 = await spawnS3Server({ directory: path.join(work, 's3'), tls: TLS });
  // Over TLS the bench's own client and the API (NODE_EXTRA_CA_CERTS, below) trust the tests' certificate.
  const requestHandler = TLS ? { httpsAgent: new https.Agent({ keepAlive: true, ca: fs.readFileSync(TLS_FILES.cert) }) } : undefined;
  s3Client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS, requestHandler });
  if (TLS) {
    // The same SDK with the API's own unsigned-payload middleware (from the built API).
    const { signPayloadsOnlyWithoutTls } = require('./dist/infra/storage/s3-payload-signing.js');
    unsignedClient = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS, requestHandler });
    signPayloadsOnlyWithoutTls(unsignedClient);
  }
  bucketEnv = { ...(await newBucket(s3, s3Client)).env, ...(TLS ? { NODE_EXTRA_CA_CERTS: TLS_FILES.cert } : {}) };
}

/**
 * The S3 floor: the AWS SDK alone putting the file (the server's part size and queue: 8 MB × 4).
 * `unsigned`: its parts sent as UNSIGNED-PAYLOAD, as the API sends them over TLS.
 */
async function sdkFloor(file, { unsigned = false, runs: count = RUNS } = {}) {
  const runs = [];
  for (let run = 0; run < count; run++) {
    const started = performance.now();
    const body = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
    const client = unsigned ? unsignedClient : s3Client;
    await new Upload({ client, params: { Bucket: bucketEnv.S3_BUCKET, Key: `sdk/${run}-${path.basename(file)}`, Body: body }, partSize: 8 * 1024 * 1024, queueSize: 4 }).done();
    runs.push((performance.now() - started) / 1000);
  }
  return median(runs);
}

const profileArgs = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_PROF] : [];
// One run of the floor before each run of the API (interleaved: this disk's speed drifts within minutes).
const floorOf = (file) => (S3 ? sdkFloor(file, { runs: 1 }) : diskFloor(file, { runs: 1 }));
const floorName = S3 ? 'AWS SDK alone' : 'bare server + SHA-256';
const where = S3 ? `S3 (s3rver at ${s3.endpoint}${TLS ? ', TLS' : ''})` : `local disk (${os.tmpdir()})`;
console.log(`ingest into ${where}; ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}; Node ${process.version}; load before: ${load()}`);

// --- one request (multipart; BENCH_SINGLE_MB=0 skips it) ---
if (SINGLE_MB > 0) {
  const single = path.join(work, 'single.mp4');
  makeVideo(single, SINGLE_MB);
  const singleBytes = fs.statSync(single).size;
  const floorRuns = [];
  const unsignedFloorS = TLS ? await sdkFloor(single, { unsigned: true }) : null;
  const api = await startApi({ ...bucketEnv, VIDEO_MAX_SECONDS: '3600' }, { nodeArgs: profileArgs });
  const idle = rssOf(api.pid);
  const sampler = rssSampler(api.pid);
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    floorRuns.push(await floorOf(single));
    mark(single, run + 1);
    // A new client file name each run: the same name and size would be an idempotent retry.
    const out = await send(['-o', path.join(work, 'resp.json'), '-w', '%{http_code} %{time_total}', '-F', `album_id=${api.albumId}`, '-F', 'user_id=Bench', '-F', `images=@${single};filename=bench-single-${run}.mp4;type=video/mp4`, `${api.url}/api/events/photos`]);
    const [status, time] = out.split(' ');
    if (status !== '201') throw new Error(`one request: HTTP ${status} ${fs.readFileSync(path.join(work, 'resp.json'), 'utf8')}`);
    runs.push(Number(time));
    await settled(api);
    syncDisk();
  }
  const peak = sampler.stop();
  const seconds = median(runs);
  const floorS = median(floorRuns);
  const floorRate = rate(singleBytes, floorS);
  const apiRate = rate(singleBytes, seconds);
  console.log(
    `one request ${mb(singleBytes)} MB (median of ${RUNS}): ${floorName} ${floorRate.toFixed(0)} MB/s (${floorS.toFixed(2)} s; runs ${floorRuns.map((f) => f.toFixed(2)).join(', ')})${unsignedFloorS ? `, unsigned payload ${rate(singleBytes, unsignedFloorS).toFixed(0)} MB/s (${unsignedFloorS.toFixed(2)} s)` : ''}; API ${apiRate.toFixed(0)} MB/s (${seconds.toFixed(2)} s; runs ${runs.map((s) => s.toFixed(2)).join(', ')}) = ${((apiRate / floorRate) * 100).toFixed(0)} % of the floor${unsignedFloorS ? ` (${((apiRate / rate(singleBytes, unsignedFloorS)) * 100).toFixed(0)} % of the unsigned one)` : ''}; RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)} MB); load ${load()}`,
  );
  await api.stop();
}
syncDisk();

// --- chunk calls (BENCH_CHUNKED_MB=0 skips them) ---
if (CHUNKED_MB > 0) {
  const file = path.join(work, 'chunked.mp4');
  makeVideo(file, CHUNKED_MB);
  const size = fs.statSync(file).size;
  const floorRuns = [];
  const chunkBytes = CHUNK_MB * 1024 * 1024;
  const callsFloorRuns = [];
  const api = await startApi(
    { ...bucketEnv, UPLOAD_MAX_FILE_BYTES: String(Math.max(size, 1024 * 1024 * 1024)), VIDEO_MAX_SECONDS: '3600' },
    { nodeArgs: profileArgs },
  );
  const idle = rssOf(api.pid);
  const sampler = rssSampler(api.pid);
  const total = Math.ceil(size / chunkBytes);
  const piece = path.join(piecesDir, 'piece.bin');
  const buffer = Buffer.alloc(chunkBytes);
  const runs = [];
  const finalizes = [];
  for (let run = 0; run < RUNS; run++) {
    // Both floors before each API run: the disk's speed drifts within minutes, so each run is compared
    // with floors taken beside it (the per-run ratios are printed too).
    floorRuns.push(await floorOf(file));
    if (!S3) callsFloorRuns.push(await chunkCallsFloor(file, total, chunkBytes, { runs: 1 }));
    mark(file, run + 1);
    let seconds = 0;
    const init = JSON.parse(await curl(['-H', 'content-type: application/json', '--data', JSON.stringify({ fileName: `bench-chunked-${run}.mp4`, fileSize: size, fileType: 'video/mp4', albumId: api.albumId, userId: 'Bench' }), `${api.url}/api/events/photos/chunk/init`]));
    if (!init.sessionId) throw new Error(`chunk init: ${JSON.stringify(init)}`);
    const fd = fs.openSync(file, 'r');
    for (let index = 0; index < total; index++) {
      const n = fs.readSync(fd, buffer, 0, chunkBytes, index * chunkBytes);
      fs.writeFileSync(piece, buffer.subarray(0, n));
      const out = await send(['-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-F', `sessionId=${init.sessionId}`, '-F', `chunkIndex=${index}`, '-F', `totalChunks=${total}`, '-F', `chunk=@${piece};filename=blob`, `${api.url}/api/events/photos/chunk/upload`]);
      const [code, s] = out.split(' ');
      if (code !== '200') throw new Error(`chunk ${index}: HTTP ${code}`);
      seconds += Number(s);
    }
    fs.closeSync(fd);
    const finalize = await curl(['-o', path.join(work, 'resp.json'), '-w', '%{http_code} %{time_total}', '-H', 'content-type: application/json', '--data', JSON.stringify({ sessionId: init.sessionId }), `${api.url}/api/events/photos/chunk/finalize`]);
    const [fcode, fseconds] = finalize.split(' ');
    if (fcode !== '201') throw new Error(`finalize: HTTP ${fcode} ${fs.readFileSync(path.join(work, 'resp.json'), 'utf8')}`);
    finalizes.push(Number(fseconds));
    runs.push(seconds + Number(fseconds));
    await settled(api);
    syncDisk();
  }
  const peak = sampler.stop();
  const seconds = median(runs);
  const floorS = median(floorRuns);
  const floorRate = rate(size, floorS);
  const apiRate = rate(size, seconds);
  const callsFloorS = S3 ? null : median(callsFloorRuns);
  const paired = (floors) => median(floors.map((floor, run) => floor / runs[run])) * 100;
  console.log(
    `chunked ${mb(size)} MB in ${total} × ${CHUNK_MB} MB (median of ${RUNS}): ${floorName} ${floorRate.toFixed(0)} MB/s (${floorS.toFixed(2)} s, one stream; runs ${floorRuns.map((f) => f.toFixed(2)).join(', ')}); API ${apiRate.toFixed(0)} MB/s (curl time ${seconds.toFixed(2)} s; runs ${runs.map((s) => s.toFixed(2)).join(', ')}; finalize median ${median(finalizes).toFixed(3)} s) = ${((apiRate / floorRate) * 100).toFixed(0)} % of the floor (run by run: ${paired(floorRuns).toFixed(0)} %)` +
      (callsFloorS ? `, ${((callsFloorS / seconds) * 100).toFixed(0)} % of the same ${total} chunk calls to a bare server (${callsFloorS.toFixed(2)} s; runs ${callsFloorRuns.map((f) => f.toFixed(2)).join(', ')}; run by run ${paired(callsFloorRuns).toFixed(0)} %)` : '') +
      `; RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)} MB); load ${load()}`,
  );
  await api.stop();
}
if (s3) await s3.stop();
fs.rmSync(work, { recursive: true, force: true });
fs.rmSync(piecesDir, { recursive: true, force: true });
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
