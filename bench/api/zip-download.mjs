// 'Baixar tudo' (issue 11): one ZIP of an event's originals streamed from the API, against the floor of
// reading the same stored files to /dev/null on this machine. Prints throughput (and its ratio to the
// floor), time to first byte and the server's peak RSS above idle; and, as a second reference, a bare
// Node HTTP server sending the same files one after another to the same curl (what loopback HTTP
// allows without any archive).
//   node bench/api/zip-download.mjs           2 GB of media (20 videos of 100 MB)
//   BENCH_ZIP_MB=500 node ...                 scale it down
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { execFileSync } from 'node:child_process';
import { cpuSecondsOf, curl, freePort, mb, rssOf, rssSampler, startApi } from '../lib.mjs';

const TOTAL_MB = Number(process.env.BENCH_ZIP_MB ?? 2048);
const FILE_MB = 100;
const RUNS = 3;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-zip-'));

/** A video by its bytes (an MP4 header), the rest varied so that nothing compresses it. */
function makeVideo(file, megabytes, seed) {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < block.length; i += 4) block.writeUInt32LE(((i + seed) * 2654435761) >>> 0, i);
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]).copy(block);
  for (let i = 0; i < megabytes; i++) {
    block.writeUInt32LE(i ^ seed, 64);
    fs.writeSync(fd, block);
  }
  fs.closeSync(fd);
}

const canDropCaches = () => {
  try {
    fs.accessSync('/proc/sys/vm/drop_caches', fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};
const dropCaches = () => {
  execFileSync('sync');
  fs.writeFileSync('/proc/sys/vm/drop_caches', '3');
};

const api = await startApi({ UPLOAD_MAX_FILE_BYTES: String(1024 * 1024 * 1024), LOG_LEVEL: 'error' });
try {
  const count = Math.max(1, Math.round(TOTAL_MB / FILE_MB));
  const source = path.join(work, 'video.mp4');
  for (let n = 0; n < count; n++) {
    makeVideo(source, FILE_MB, n + 1);
    const status = await curl(['-o', '/dev/null', '-w', '%{http_code}', '-F', `album_id=${api.albumId}`, '-F', `user_id=Convidado ${n % 5}`, '-F', `images=@${source};filename=video-${n}.mp4;type=video/mp4`, `${api.url}/api/events/photos`]);
    if (status !== '201') throw new Error(`upload ${n}: ${status}`);
  }
  fs.rmSync(source);
  const stored = [];
  const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).forEach((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : entry.name.endsWith('.mp4') && stored.push(path.join(dir, entry.name))));
  walk(path.join(api.dataDir, 'files'));
  const bytes = stored.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  // Let the media work settle (each video's poster job, and its playback rendition or the failure of
  // either: these are not real videos) before measuring: a fixed 3 s left 20 jobs running beside the ZIP.
  const done = (photo) => !photo.processing && (photo.file_type !== 'video' || photo.error || photo.playback_video || photo.playback_error);
  for (let tries = 0; tries < 1200; tries++) {
    const photos = await (await fetch(`${api.url}/api/events/photos/${api.albumId}`, { headers: { authentication: api.token } })).json();
    if (Array.isArray(photos) && photos.every(done)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const readFloor = async () => {
    const started = process.hrtime.bigint();
    for (const file of stored) await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), fs.createWriteStream('/dev/null'));
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  // The disk's own floor: the same files read with as many reads at once as the server's whole-file
  // reads keep (api-server/src/infra/storage/overlapped-read.ts), nothing sent anywhere.
  const overlappedFloor = async (depth = 3, piece = 1024 * 1024) => {
    const started = process.hrtime.bigint();
    for (const file of stored) {
      const handle = await fs.promises.open(file, 'r');
      const size = (await handle.stat()).size;
      let next = 0;
      const reader = async () => {
        const buffer = Buffer.allocUnsafe(piece);
        while (next < size) {
          const position = next;
          next += piece;
          await handle.read(buffer, 0, piece, position);
        }
      };
      await Promise.all(Array.from({ length: depth }, reader));
      await handle.close();
    }
    return Number(process.hrtime.bigint() - started) / 1e9;
  };
  // The second reference: the stored files sent over HTTP by a bare server, no archive, no checks.
  const bare = http.createServer(async (req, res) => {
    // Each file's pipeline into the one response listens on it until that file ends.
    res.setMaxListeners(stored.length + 10);
    for (const file of stored) await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), res, { end: false });
    res.end();
  });
  const barePort = await freePort();
  await new Promise((resolve) => bare.listen(barePort, '127.0.0.1', resolve));
  const bareSend = async () => Number(await curl(['-o', '/dev/null', '-w', '%{time_total}', `http://127.0.0.1:${barePort}/`]));

  const download = async () => {
    const cpuBefore = cpuSecondsOf(api.pid);
    const [code, ttfb, total, size] = (
      await curl(['-o', '/dev/null', '-H', `authentication: ${api.token}`, '-w', '%{http_code} %{time_starttransfer} %{time_total} %{size_download}', `${api.url}/api/events/${api.eventId}/download`])
    ).split(' ');
    if (code !== '200') throw new Error(`download: ${code}`);
    return { ttfb: Number(ttfb), total: Number(total), size: Number(size), cpu: cpuSecondsOf(api.pid) - cpuBefore };
  };

  // Cold: the files come from the disk, as for an event uploaded days ago (needs root to drop the
  // page cache; skipped otherwise). Hot: from the page cache, as right after the party.
  const cold = { floor: [], overlapped: [], bare: [], zip: [], cpu: [] };
  if (canDropCaches()) {
    for (let run = 0; run < RUNS; run++) {
      dropCaches();
      cold.floor.push(await readFloor());
      dropCaches();
      cold.overlapped.push(await overlappedFloor());
      dropCaches();
      cold.bare.push(await bareSend());
      dropCaches();
      const run = await download();
      cold.zip.push(run.total);
      cold.cpu.push(run.cpu);
    }
  }

  const floorRuns = [];
  const bareRuns = [];
  for (let run = 0; run < RUNS; run++) {
    floorRuns.push(await readFloor());
    bareRuns.push(await bareSend());
  }
  bare.close();

  const idle = rssOf(api.pid);
  const zipRuns = [];
  let peak = 0;
  for (let run = 0; run < RUNS; run++) {
    const sampler = rssSampler(api.pid);
    zipRuns.push(await download());
    peak = Math.max(peak, sampler.stop());
  }

  const floor = median(floorRuns);
  const zip = median(zipRuns.map((run) => run.total));
  const rate = (seconds) => `${(bytes / 1024 / 1024 / seconds).toFixed(0)} MB/s`;
  console.log(`ZIP of ${stored.length} files, ${mb(bytes)} MB of originals (archive ${mb(zipRuns[0].size)} MB), median of ${RUNS}:`);
  if (cold.floor.length > 0) {
    const [coldFloor, coldZip] = [median(cold.floor), median(cold.zip)];
    console.log(`  cold (from disk): floor, the files read to /dev/null ${coldFloor.toFixed(2)} s (${rate(coldFloor)}); ZIP ${coldZip.toFixed(2)} s (${rate(coldZip)}), ${((coldFloor / coldZip) * 100).toFixed(0)} % of the floor (goal ≥ 80 %)`);
    const coldOverlapped = median(cold.overlapped);
    console.log(`    the same files read with 3 reads at once, as the server reads them, ${coldOverlapped.toFixed(2)} s (${rate(coldOverlapped)}): the ZIP is ${((coldOverlapped / coldZip) * 100).toFixed(0)} % of that`);
    const coldBare = median(cold.bare);
    console.log(`    the same files sent by a bare HTTP server ${coldBare.toFixed(2)} s (${rate(coldBare)}): the ZIP is ${((coldBare / coldZip) * 100).toFixed(0)} % of that`);
  } else {
    console.log('  cold (from disk): skipped, the page cache cannot be dropped without root');
  }
  console.log(`  hot (page cache): floor ${floor.toFixed(2)} s (${rate(floor)}); ZIP ${zip.toFixed(2)} s (${rate(zip)}), ${((floor / zip) * 100).toFixed(0)} % of the floor`);
  const hotBare = median(bareRuns);
  console.log(`    the same files sent by a bare HTTP server ${hotBare.toFixed(2)} s (${rate(hotBare)}): the ZIP is ${((hotBare / zip) * 100).toFixed(0)} % of that`);
  // The server's own CPU per GB sent: steadier than the throughput on a shared machine.
  const perGb = (seconds) => `${((seconds / bytes) * 1024 ** 3).toFixed(2)} CPU s/GB`;
  console.log(`  server CPU: hot ${perGb(median(zipRuns.map((run) => run.cpu)))}${cold.cpu.length ? `, cold ${perGb(median(cold.cpu))}` : ''}; load ${os.loadavg().map((v) => v.toFixed(1)).join(' ')}`);
  console.log(`  time to first byte: ${median(zipRuns.map((run) => run.ttfb)).toFixed(3)} s (goal < 1 s)`);
  console.log(`  server RSS: idle ${mb(idle)} MB, peak +${mb(peak - idle)} MB during the downloads (goal ≤ +100 MB)`);
} finally {
  await api.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
