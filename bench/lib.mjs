// Shared helpers of every benchmark: start the built server (api-server/dist) on a free port with a
// temporary DATA_DIR, sample its RSS, create an organiser, an event and an album. Loopback only.
import { spawn, execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SIGN_IN_COOKIE } from '@momentos/app-manifest/dist/early-requests.js';
import { SERVER_NODE_ARGS, serverEnv } from '../scripts/server-env.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER = path.join(ROOT, 'api-server', 'dist', 'server.js');

export const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s); 0 where unreadable. */
export function cpuSecondsOf(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The pids of a process and every process under it, from /proc. */
function processTree(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      parents.set(entry, fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
    } catch {
      // gone meanwhile
    }
  }
  const tree = new Set([String(pid)]);
  let size;
  do {
    size = tree.size;
    for (const [child, parent] of parents) if (tree.has(parent)) tree.add(child);
  } while (tree.size > size);
  return [...tree];
}

/** CPU seconds a process and every process under it (the media decoders, ffmpeg, exiftool) have used so far. */
function treeCpuSeconds(pid) {
  return processTree(pid).reduce((sum, member) => sum + cpuSecondsOf(member), 0);
}

/**
 * Resolves once the server and its children are idle (under 50 ms of CPU in a second), `maxMs` at
 * most: an album's media jobs (renditions, guest copies) run on after its photos are listed as ready,
 * and a page measured meanwhile shares the cores with them.
 */
export async function serverIdle(pid, maxMs = 180_000) {
  const start = Date.now();
  let last = treeCpuSeconds(pid);
  while (Date.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(pid);
    if (now - last < 0.05) return;
    last = now;
  }
}

/**
 * A renderer's threads that work beside its main thread (compositing, raster, script compilation and
 * the garbage collector's helpers): on a phone they run on other cores. Its IPC thread stays with the
 * main thread: moved to the busy CPUs, the renderer's part of a trace was often lost (Lighthouse's
 * NO_NAVSTART).
 */
const HELPER_THREADS = /^(Compositor|ThreadPool|V8 |DedicatedWorker|Media)/;

/**
 * Gives every Chromium renderer's main thread a CPU of its own (the last one), and puts everything
 * else on the others: the given processes and all they start (this script, the server, the browser
 * and its other processes), and the renderers' helper threads. On two shared cores a page's tasks
 * otherwise wait for a core while the browser, its GPU process, Lighthouse and the server run, and a
 * tool that replays the trace's task times (Lighthouse's simulation, ×4) counts those waits as the
 * page's. A phone's main thread has a core to itself. Linux only, with `taskset` (util-linux) and at
 * least two CPUs. Every 10 ms it looks for new renderers and threads. Answers the CPU and a function
 * that stops it.
 */
export function isolateRendererMainThreads(pids) {
  const cpus = os.cpus().length;
  if (process.platform !== 'linux' || cpus < 2) throw new Error('isolating the renderer needs Linux and two CPUs');
  const own = `${cpus - 1}`;
  const others = cpus === 2 ? '0' : `0-${cpus - 2}`;
  const toOthers = (tid) => execFile('taskset', ['-p', '-c', others, tid], () => {});
  for (const pid of pids) {
    for (const member of processTree(pid)) {
      try {
        execFileSync('taskset', ['-a', '-p', '-c', others, member], { stdio: 'ignore' });
      } catch {
        // a decoder that ended meanwhile
      }
    }
  }
  const notRenderers = new Set();
  /** renderer pid → its threads already placed */
  const renderers = new Map();
  const timer = setInterval(() => {
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || notRenderers.has(entry)) continue;
      if (!renderers.has(entry)) {
        let cmdline;
        try {
          cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        } catch {
          continue;
        }
        if (!cmdline.includes('--type=renderer')) {
          // A renderer is forked from the zygote and shows the zygote's command line until it renames itself.
          if (!cmdline.includes('--type=zygote')) notRenderers.add(entry);
          continue;
        }
        renderers.set(entry, new Set());
        try {
          execFileSync('taskset', ['-a', '-p', '-c', own, entry], { stdio: 'ignore' });
        } catch {
          continue; // gone meanwhile
        }
      }
      const placed = renderers.get(entry);
      let threads = [];
      try {
        threads = fs.readdirSync(`/proc/${entry}/task`);
      } catch {
        renderers.delete(entry);
      }
      for (const tid of threads) {
        if (placed.has(tid)) continue;
        let name = '';
        try {
          name = fs.readFileSync(`/proc/${entry}/task/${tid}/comm`, 'utf8');
        } catch {
          continue;
        }
        // A thread is named once it has started: one still under the process's name is looked at again.
        if (tid !== entry && name.trim() === 'chromium') continue;
        placed.add(tid);
        if (HELPER_THREADS.test(name)) toOthers(tid);
      }
    }
  }, 10);
  return { cpu: Number(own), stop: () => clearInterval(timer) };
}

/** RSS of a process in bytes (Linux /proc). */
export function rssOf(pid) {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return Number(line.replace(/\D+/g, '')) * 1024;
  } catch {
    return 0;
  }
}

/** Samples RSS every 50 ms until stopped; answers the peak. */
export function rssSampler(pid) {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  return { stop: () => (clearInterval(timer), (peak = Math.max(peak, rssOf(pid))), peak) };
}

export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/**
 * Starts the built API; answers its URL, pid, the organiser's token and a public event and album.
 * Options: `nodeArgs` before the server's script (a `--import` preload), `setup: false` to skip the
 * organiser's login and the event (a second instance on the same database).
 */
export async function startApi(env = {}, { nodeArgs = [], setup = true } = {}) {
  if (!fs.existsSync(SERVER)) throw new Error(`build the API first: (cd api-server && npx tsc -p tsconfig.build.json)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, SERVER], {
    // As `npm start` starts it (scripts/server-env.mjs: its flags and environment), under the bench's own settings.
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ORGANISER_EMAIL: 'bench@example.com',
      ORGANISER_PASSWORD: 'bench-password-123',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      // Every bench client is 127.0.0.1: the per-client upload rate (issue 16) would measure itself.
      UPLOAD_RATE_LIMIT: '0',
      ...env,
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (!setup) return { url, port, pid: child.pid, dataDir, stop };
  const auth = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password-123' }),
  });
  const token = auth.headers.get('authentication');
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Bench', date: '2030-01-01 10:00', location: 'Lab', contact: 'b@example.com' })) form.append(k, v);
  const event = await (await fetch(`${url}/api/events`, { method: 'POST', headers: { authentication: token }, body: form })).json();
  const album = await (
    await fetch(`${url}/api/albums/${event.id}`, {
      method: 'POST',
      headers: { authentication: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', description: 'Bench', is_public: true, is_available: true }),
    })
  ).json();
  return {
    url,
    port,
    pid: child.pid,
    dataDir,
    token,
    eventId: event.id,
    albumId: album.id,
    stop,
  };
}

/** curl, answering its stdout (write-out) as text. Asynchronous: the floor server runs in this process. */
export function curl(args) {
  return new Promise((resolve, reject) =>
    execFile('curl', ['-sS', '--noproxy', '*', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
}

/**
 * What the app keeps in local storage for a signed-in organiser (api-client's storageKeys, spec §3):
 * the credential, and the event list's tour already seen. [key, value] pairs, for a page to store.
 */
export const signedInStorage = (token) => [
  ['auth', token],
  ['hasSeenEventListTour', 'true'],
];

/**
 * The cookie the app keeps beside the stored credential (api-client's sign-in-cookie.ts, app-manifest's
 * SIGN_IN_COOKIE): with it the server paints the photo screen's first tiles. For CDP's Network.setCookie
 * and Playwright's addCookies, on the server at `url`.
 */
export const signInCookie = (token, url) => ({ name: SIGN_IN_COOKIE.name, value: token, domain: new URL(url).hostname, path: SIGN_IN_COOKIE.path, sameSite: 'Strict' });

/** Flags that let Chromium run as root on a machine with no network but loopback. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * The browser benchmarks' preconditions: Debian's Chromium (or CHROME_PATH) and a built front end
 * (`builtFile`, relative to the repository). Exits with a clear message otherwise; answers Chromium's path.
 */
export function requireChromiumAndBuild(builtFile = 'shell/dist/index.html') {
  const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(chromePath)) {
    console.error(`No Chromium at ${chromePath}: apt-get install -y chromium (or set CHROME_PATH).`);
    process.exit(2);
  }
  if (!fs.existsSync(path.join(ROOT, builtFile))) {
    console.error('Build first: npm run build');
    process.exit(2);
  }
  return chromePath;
}

/** The p-th percentile (nearest rank below) of `values`; undefined when there are none. */
export const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))];

/** `require` from the API's dependencies (pg, sharp, ws, the AWS SDK, s3rver's launcher). */
export const apiRequire = createRequire(path.join(ROOT, 'api-server', 'package.json'));

/** Runs one statement on the PostgreSQL at `baseUrl` (creating and dropping the benches' databases). */
export async function pgAdmin(baseUrl, statement) {
  const pg = apiRequire('pg');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh bucket on a started s3rver (`s3`, api-server/scripts/s3-server.cjs) and the API's variables
 * for it; `s3Client` when the bench has one of its own (over TLS, say), else a plain one for this call.
 */
export async function newBucket(s3, s3Client) {
  const { CreateBucketCommand, S3Client } = apiRequire('@aws-sdk/client-s3');
  const { CREDENTIALS } = apiRequire('./scripts/s3-server.cjs');
  const client = s3Client ?? new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  const bucket = `bench-${randomBytes(4).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}

/**
 * Several instances on PostgreSQL + S3 (issue 14): a fresh database on `baseUrl` and a fresh bucket on
 * `s3` (a started s3rver, api-server/scripts/s3-server.cjs), `count` instances of the built API on them
 * (one after the other: the first creates the schema and the organiser's event and album) behind the
 * tests' round-robin proxy, which runs in this process (so the bench must run under `node --import tsx`).
 * `nodeArgs` go to every instance (a `--import` preload); `envOf(n)` adds variables per instance.
 */
export async function startCluster({ count, baseUrl, s3, s3Client, env = {}, envOf = () => ({}), nodeArgs = [], database = `momentos_bench_${randomBytes(4).toString('hex')}` }) {
  const { startRoundRobinProxy } = await import('../api-server/test/round-robin-proxy.ts');
  await pgAdmin(baseUrl, `CREATE DATABASE "${database}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  const { bucket, env: bucketEnv } = await newBucket(s3, s3Client);
  const shared = {
    DATABASE_URL: url.href,
    ...bucketEnv,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
    ...env,
  };
  const instances = [];
  for (let n = 0; n < count; n++) instances.push(await startApi({ ...shared, ...envOf(n) }, { nodeArgs, setup: n === 0 }));
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.port));
  const [first] = instances;
  return {
    proxy,
    instances,
    /** The first instance itself, without the proxy (which runs in this process and takes a share of the cores). */
    direct: first.url,
    databaseUrl: url.href,
    bucket,
    token: first.token,
    eventId: first.eventId,
    albumId: first.albumId,
    stop: async () => {
      await proxy.close();
      for (const instance of instances) await instance.stop();
      await pgAdmin(baseUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    },
  };
}
