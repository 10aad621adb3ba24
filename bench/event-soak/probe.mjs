// Preloaded into each API instance by the soak bench (`node --import <this file> dist/server.js`):
// every 5 s it appends one JSON line to SOAK_PROBE_FILE with the main thread's event-loop delay over
// those 5 s (perf_hooks.monitorEventLoopDelay: p50, p99, max, in ms) and process.memoryUsage(). The
// server has no metrics endpoint; this reads the process from inside without changing it. The variable
// is removed from the environment at once, so the decoder processes and workers the server starts
// later (which inherit `--import`) stay silent.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SOAK_PROBE_FILE;
if (file && isMainThread) {
  delete process.env.SOAK_PROBE_FILE;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const timer = setInterval(() => {
    const memory = process.memoryUsage();
    const line = {
      at: Date.now(),
      pid: process.pid,
      loopP50: ms(delay.percentile(50)),
      loopP99: ms(delay.percentile(99)),
      loopMax: ms(delay.max),
      rss: memory.rss,
      heapUsed: memory.heapUsed,
      heapTotal: memory.heapTotal,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
    };
    delay.reset();
    fs.appendFile(file, `${JSON.stringify(line)}\n`, () => undefined);
  }, 5000);
  timer.unref();
}
