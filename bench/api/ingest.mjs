// Ingest over loopback with curl as the client, against the floor of this machine: the same bytes sent
// by curl to a bare Node HTTP server streaming the raw body to a file on the same disk.
//   node bench/api/ingest.mjs            180 MB in one request, 1 GB through the chunk calls
//   BENCH_CHUNKED_MB=256 node ...        scale the chunked run down
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { curl, freePort, mb, rssOf, rssSampler, startApi } from '../lib.mjs';

const SINGLE_MB = Number(process.env.BENCH_SINGLE_MB ?? 180);
const CHUNKED_MB = Number(process.env.BENCH_CHUNKED_MB ?? 1024);
const CHUNK_MB = 20; // spec §9: 20 MB chunks up to 1 GB
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-ingest-'));

function makeVideo(file, megabytes) {
  // An MP4 header (ftyp isom) followed by random-ish bytes: judged a video by its bytes.
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE((i * 2654435761) >>> 0, i);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]).copy(block);
  for (let i = 0; i < megabytes; i++) fs.writeSync(fd, block);
  fs.closeSync(fd);
}

const RUNS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function floor(file) {
  // Bare server on the same disk: raw body straight to a file, as the issue defines the floor
  // (default stream settings; FLOOR_BUFFER_MB=1 gives it the API's 1 MB write buffer). Median of 3.
  const target = path.join(work, 'floor.out');
  const floorBuffer = process.env.FLOOR_BUFFER_MB ? Number(process.env.FLOOR_BUFFER_MB) * 1024 * 1024 : undefined;
  const server = http.createServer((req, res) => {
    const out = fs.createWriteStream(target, floorBuffer ? { highWaterMark: floorBuffer } : {});
    req.pipe(out);
    out.on('finish', () => res.end('ok'));
  });
  const port = await freePort();
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const runs = [];
  for (let run = 0; run < RUNS; run++) {
    runs.push(Number(await curl(['-o', '/dev/null', '-w', '%{time_total}', '-X', 'POST', '-H', 'content-type: application/octet-stream', '-T', file, `http://127.0.0.1:${port}/`])));
    fs.rmSync(target, { force: true });
    syncDisk();
  }
  server.close();
  return median(runs);
}

function syncDisk() {
  try {
    fs.writeFileSync(path.join(work, '.sync'), '');
  } catch {
    // ignore
  }
}

const single = path.join(work, 'single.mp4');
makeVideo(single, SINGLE_MB);
const singleBytes = fs.statSync(single).size;

// --- one request (multipart) ---
{
  const floorS = await floor(single);
  const api = await startApi();
  const idle = rssOf(api.pid);
  const sampler = rssSampler(api.pid);
  const runs = [];
  let code = '';
  for (let run = 0; run < RUNS; run++) {
    // A new client file name each run: the same name and size would be an idempotent retry.
    const out = await curl(['-o', path.join(work, 'resp.json'), '-w', '%{http_code} %{time_total}', '-F', `album_id=${api.albumId}`, '-F', 'user_id=Bench', '-F', `images=@${single};filename=bench-single-${run}.mp4;type=video/mp4`, `${api.url}/api/events/photos`]);
    const [status, time] = out.split(' ');
    code = status;
    runs.push(Number(time));
    syncDisk();
  }
  const peak = sampler.stop();
  const seconds = median(runs);
  const floorRate = singleBytes / 1048576 / floorS;
  const apiRate = singleBytes / 1048576 / Number(seconds);
  console.log(`single request ${mb(singleBytes)} MB (median of ${RUNS}): floor ${floorRate.toFixed(0)} MB/s (${floorS.toFixed(2)} s); API ${apiRate.toFixed(0)} MB/s (${Number(seconds).toFixed(2)} s, HTTP ${code}) = ${((apiRate / floorRate) * 100).toFixed(0)} % of floor; RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)} MB)`);
  await api.stop();
}
syncDisk();

// --- chunk calls ---
{
  const file = path.join(work, 'chunked.mp4');
  makeVideo(file, CHUNKED_MB);
  const size = fs.statSync(file).size;
  const floorS = await floor(file);
  const api = await startApi({ UPLOAD_MAX_FILE_BYTES: String(Math.max(size, 1024 * 1024 * 1024)) });
  const idle = rssOf(api.pid);
  const sampler = rssSampler(api.pid);
  const chunkBytes = CHUNK_MB * 1024 * 1024;
  const total = Math.ceil(size / chunkBytes);
  const started = Date.now();
  const init = JSON.parse(await curl(['-H', 'content-type: application/json', '--data', JSON.stringify({ fileName: 'bench-chunked.mp4', fileSize: size, fileType: 'video/mp4', albumId: api.albumId, userId: 'Bench' }), `${api.url}/api/events/photos/chunk/init`]));
  const piece = path.join(work, 'piece.bin');
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(chunkBytes);
  let curlSeconds = 0;
  for (let index = 0; index < total; index++) {
    const n = fs.readSync(fd, buffer, 0, chunkBytes, index * chunkBytes);
    fs.writeFileSync(piece, buffer.subarray(0, n));
    const out = await curl(['-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-F', `sessionId=${init.sessionId}`, '-F', `chunkIndex=${index}`, '-F', `totalChunks=${total}`, '-F', `chunk=@${piece};filename=blob`, `${api.url}/api/events/photos/chunk/upload`]);
    const [code, s] = out.split(' ');
    if (code !== '200') throw new Error(`chunk ${index}: HTTP ${code}`);
    curlSeconds += Number(s);
  }
  fs.closeSync(fd);
  const finalize = await curl(['-o', '/dev/null', '-w', '%{http_code} %{time_total}', '-H', 'content-type: application/json', '--data', JSON.stringify({ sessionId: init.sessionId }), `${api.url}/api/events/photos/chunk/finalize`]);
  const wall = (Date.now() - started) / 1000;
  const peak = sampler.stop();
  const [fcode, fs_] = finalize.split(' ');
  const floorRate = size / 1048576 / floorS;
  const apiRate = size / 1048576 / (curlSeconds + Number(fs_));
  console.log(`chunked ${mb(size)} MB in ${total} × ${CHUNK_MB} MB: floor ${floorRate.toFixed(0)} MB/s (${floorS.toFixed(2)} s, one request); API ${apiRate.toFixed(0)} MB/s (curl time ${(curlSeconds + Number(fs_)).toFixed(2)} s, finalize ${Number(fs_).toFixed(3)} s HTTP ${fcode}, wall incl. chunk slicing ${wall.toFixed(1)} s) = ${((apiRate / floorRate) * 100).toFixed(0)} % of floor; RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB (+${mb(peak - idle)} MB)`);
  await api.stop();
}
fs.rmSync(work, { recursive: true, force: true });
