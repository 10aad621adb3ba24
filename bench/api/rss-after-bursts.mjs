#!/usr/bin/env node
// What a burst of uploads leaves in the server's memory (issue 29 item 7: the soak's RSS stepped up by
// 50 MB at its first large burst and stayed there). One instance; BURSTS (4) bursts of 120 phone
// photos (4032 × 3024, 3–5 MB; the soak's fixtures) from 24 guests at once, each followed by 45 s with
// nothing to do. It prints the server's RSS before, at the burst's peak, at its end and after the
// quiet, twice: started as `npm start` starts it (scripts/server-env.mjs: glibc's mmap threshold
// fixed) and with glibc's defaults (the threshold raised by every large block freed).
// Local disk and SQLite by default (npm start's defaults); with BENCH_POSTGRES_URL (an admin URL of a
// PostgreSQL server, as the soak's), PostgreSQL and S3 (s3rver), where the S3 parts' buffers are.
// Run with `node --import tsx` when BENCH_POSTGRES_URL is set (the round-robin proxy module is TypeScript).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRequire, cpuSecondsOf, rssOf, startApi, startCluster } from '../lib.mjs';
import { fixtures } from '../event-soak/fixtures.mjs';
import { upload } from '../event-soak/clients.mjs';

const BURSTS = Number(process.env.BURSTS ?? 4);
const PHOTOS_PER_BURST = 120;
const GUESTS = 24;
const QUIET_MS = Number(process.env.QUIET_MS ?? 45_000);
const POSTGRES = process.env.BENCH_POSTGRES_URL;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => Math.round(bytes / 1048576);

const files = await fixtures();

/** One server, started with `env` on top of the bench's; answers `{ url, albumId, pid, stop }`. */
async function startServer(env) {
  if (!POSTGRES) {
    const api = await startApi(env);
    return { url: api.url, albumId: api.albumId, pid: api.pid, stop: api.stop };
  }
  const { S3Client } = apiRequire('@aws-sdk/client-s3');
  const { spawnS3Server, CREDENTIALS } = apiRequire('./scripts/s3-server.cjs');
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-rss-s3-'));
  const s3 = await spawnS3Server({ directory: s3Dir });
  const s3Client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  const cluster = await startCluster({ count: 1, baseUrl: POSTGRES, s3, s3Client, env: { UPLOAD_BODIES_PER_IP: '1000', ...env } });
  return {
    url: cluster.direct,
    albumId: cluster.albumId,
    pid: cluster.instances[0].pid,
    stop: async () => {
      await cluster.stop();
      await s3.stop();
      fs.rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

async function measure(label, env) {
  const server = await startServer(env);
  let next = 0;
  const rows = [];
  try {
    await sleep(2000);
    const idle = rssOf(server.pid);
    for (let burst = 1; burst <= BURSTS; burst++) {
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 200);
      const started = performance.now();
      const cpuBefore = cpuSecondsOf(server.pid);
      const queue = Array.from({ length: PHOTOS_PER_BURST }, () => next++);
      let failed = 0;
      await Promise.all(
        Array.from({ length: GUESTS }, async (_, guest) => {
          while (queue.length) {
            const answer = await upload(server.url, { albumId: server.albumId, guest: `Convidado ${guest}`, file: files.photo(queue.shift()) });
            if (!answer.ok) failed++;
          }
        }),
      );
      clearInterval(sampler);
      const seconds = (performance.now() - started) / 1000;
      const cpu = cpuSecondsOf(server.pid) - cpuBefore;
      const atEnd = rssOf(server.pid);
      await sleep(QUIET_MS);
      rows.push({ burst, seconds, cpu, failed, peak: Math.max(peak, atEnd), atEnd, quiet: rssOf(server.pid) });
    }
    console.log(`${label}: RSS idle ${mb(idle)} MB`);
    for (const row of rows) {
      console.log(
        `  burst ${row.burst}: ${PHOTOS_PER_BURST} photos in ${row.seconds.toFixed(1)} s (the server's own CPU ${row.cpu.toFixed(1)} s)${row.failed ? ` (${row.failed} failed)` : ''}; RSS peak ${mb(row.peak)} MB, at the end ${mb(row.atEnd)} MB, after ${QUIET_MS / 1000} s quiet ${mb(row.quiet)} MB (+${mb(row.quiet - idle)})`,
      );
    }
  } finally {
    await server.stop();
  }
}

console.log(`RSS after bursts of uploads, ${POSTGRES ? 'PostgreSQL + S3 (s3rver)' : 'local disk + SQLite'}, one instance; ${os.availableParallelism()} cores, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
await measure('as npm start starts it (MALLOC_MMAP_THRESHOLD_=131072)', {});
// undefined: the variable is left out of the server's environment (child_process skips it).
await measure("glibc's defaults", { MALLOC_MMAP_THRESHOLD_: undefined });
console.log(`load at end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
