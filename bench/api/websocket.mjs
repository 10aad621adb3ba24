// 1,000 websocket subscribers on one album: every one must receive the server's announcement of an
// upload; prints delivery latency p50/p99 (from the upload's response to each receipt) and the counts.
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, startApi } from '../lib.mjs';

const require = createRequire(path.join(ROOT, 'api-server', 'package.json'));
const WebSocket = require('ws');
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const ROUNDS = 5;

const api = await startApi();
const wsUrl = `${api.url.replace('http', 'ws')}/ws/albums/${api.albumId}`;
const sockets = [];
const receipts = [];
for (let i = 0; i < SUBSCRIBERS; i += 100) {
  await Promise.all(
    Array.from({ length: Math.min(100, SUBSCRIBERS - i) }, () =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(wsUrl);
        socket.on('message', (data) => {
          const message = JSON.parse(data.toString());
          if (message.type === 'new_photos') receipts.push({ at: performance.now(), id: message.payload.photos[0].id });
        });
        socket.once('open', resolve);
        socket.once('error', reject);
        sockets.push(socket);
      }),
    ),
  );
}
console.log(`${sockets.length} subscribers connected`);

const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const latencies = [];
let missing = 0;
for (let round = 0; round < ROUNDS; round++) {
  receipts.length = 0;
  const form = new FormData();
  form.append('album_id', api.albumId);
  form.append('user_id', 'Bench');
  form.append('images', new Blob([Buffer.concat([pixel, Buffer.from([round])])], { type: 'image/png' }), `ws-${round}.png`);
  const sent = performance.now();
  const response = await fetch(`${api.url}/api/events/photos`, { method: 'POST', body: form });
  const { photos } = await response.json();
  for (let i = 0; i < 200 && receipts.length < SUBSCRIBERS; i++) await new Promise((r) => setTimeout(r, 10));
  const mine = receipts.filter((r) => r.id === photos[0].id);
  missing += SUBSCRIBERS - mine.length;
  for (const receipt of mine) latencies.push(receipt.at - sent);
}
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
console.log(`${ROUNDS} uploads × ${SUBSCRIBERS} subscribers: delivered ${latencies.length}, missing ${missing}; latency from request sent to receipt p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1).toFixed(1)} ms`);
for (const socket of sockets) socket.terminate();
await api.stop();
