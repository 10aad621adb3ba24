// Issue 23, item 4: twenty senders each push most of a 32 MB chunk and then trickle one byte every
// few seconds, half without any field before the chunk (the review's attack), half into real chunk
// sessions with their fields first. Prints the server's RSS rise (the issue asks for < 50 MB) and
// how each sender was answered. Needs the built API (api-server/dist).
//   node bench/api/chunk-trickle.mjs        20 senders, 30 MB each
//   BENCH_TRICKLE_MB=8 node ...             smaller chunks
import http from 'node:http';
import { mb, rssOf, rssSampler, startApi } from '../lib.mjs';

const SENDERS = 20;
const BULK_MB = Number(process.env.BENCH_TRICKLE_MB ?? 30);
const TRICKLE_MS = 2000;
const HOLD_MS = 10_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const boundary = `----momentosbench${Date.now()}`;
const field = (name, value) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="chunk"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`;

function sender(api, fields, bulk) {
  let stop = false;
  const answer = new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port: api.port, method: 'POST', path: '/api/events/photos/chunk/upload', agent: false, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    request.on('response', (response) => {
      let body = '';
      response.on('data', (piece) => (body += piece));
      response.on('end', () => resolve(`${response.statusCode}`));
    });
    request.on('error', (error) => resolve(error.code ?? 'error'));
    const write = (data) => new Promise((r) => (request.destroyed ? r(false) : request.write(data, (error) => r(!error))));
    (async () => {
      if (fields) await write(Object.entries(fields).map(([name, value]) => field(name, value)).join(''));
      await write(fileHead);
      if (!(await write(bulk))) return;
      while (!stop && !request.destroyed) {
        await sleep(TRICKLE_MS);
        if (!(await write(Buffer.from([1])))) return;
      }
      request.destroy();
    })();
  });
  return { answer, stop: () => (stop = true) };
}

const api = await startApi({ UPLOAD_BODIES_PER_IP: String(SENDERS * 2) });
try {
  const bulk = Buffer.alloc(BULK_MB * 1024 * 1024, 7);
  const sessions = [];
  for (let i = 0; i < SENDERS / 2; i++) {
    const response = await fetch(`${api.url}/api/events/photos/chunk/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: `bench-${i}.mp4`, fileSize: 64 * 1024 * 1024, fileType: 'video/mp4', albumId: api.albumId, userId: 'Bench' }),
    });
    sessions.push((await response.json()).sessionId);
  }
  // Warm-up: one whole chunk through the same path, so the baseline is a server that has received
  // chunks before (code compiled, the file-system threads started), not a cold start.
  {
    const warm = await fetch(`${api.url}/api/events/photos/chunk/init`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: 'warm.mp4', fileSize: 8 * 1024 * 1024, fileType: 'video/mp4', albumId: api.albumId, userId: 'Bench' }),
    });
    const form = new FormData();
    form.append('sessionId', (await warm.json()).sessionId);
    form.append('chunkIndex', '0');
    form.append('totalChunks', '1');
    form.append('chunk', new Blob([Buffer.alloc(8 * 1024 * 1024, 3)]), 'blob');
    const sent = await fetch(`${api.url}/api/events/photos/chunk/upload`, { method: 'POST', body: form });
    if (sent.status !== 200) throw new Error(`warm-up chunk: ${sent.status}`);
  }
  await sleep(1000);
  const idle = rssOf(api.pid);
  const sampler = rssSampler(api.pid);
  const mode = process.env.BENCH_TRICKLE_MODE ?? 'both';
  const senders = [
    ...(mode === 'sessions' ? [] : Array.from({ length: SENDERS / 2 }, () => sender(api, null, bulk))),
    ...(mode === 'fieldless' ? [] : sessions.map((sessionId) => sender(api, { sessionId, chunkIndex: '0', totalChunks: '2' }, bulk))),
  ];
  await sleep(HOLD_MS);
  const peak = sampler.stop();
  senders.forEach((s) => s.stop());
  const answers = await Promise.race([Promise.all(senders.map((s) => s.answer)), sleep(5000).then(() => null)]);
  console.log(`${SENDERS} trickling chunk senders (${BULK_MB} MB each, then 1 byte every ${TRICKLE_MS / 1000} s), held ${HOLD_MS / 1000} s`);
  console.log(`server RSS idle ${mb(idle)} MB, peak ${mb(peak)} MB: rise ${mb(peak - idle)} MB (issue 23 asks < 50 MB)`);
  if (answers) console.log(`answers: without fields ${answers.slice(0, SENDERS / 2).join(' ')}; with a session ${answers.slice(SENDERS / 2).join(' ')}`);
} finally {
  await api.stop();
}
