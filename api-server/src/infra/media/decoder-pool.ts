import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { guardProcess, residentBytes, type Limits } from './limited-process';

// The photo decoders (issue 23's guarded processes) are kept alive between jobs. Starting Node and
// loading sharp cost about 0.2–0.3 s of CPU per photo, a third of a 6-MP photo's whole job on a
// 2-core machine. The guards stay those of a process per job: the memory ceiling (resident memory read
// from /proc every 50 ms) and the time limit kill the process and fail only the job it was running; a
// process that ends a job holding more than half its ceiling, or that has run many jobs, is retired so
// that whatever the allocator kept is given back; an idle process exits after a while.

/** One decode: what the decoder process is asked to write (see thumbnails.ts). */
export interface DecodeJob {
  input: string;
  heic: boolean;
  maxInputPixels: number;
  outputs: Array<{ file: string; size: number; quality: number; effort: number }>;
}

/**
 * The decoder process (plain JavaScript, so it runs the same from src and dist): one job at a time,
 * sent over its IPC channel. It decodes once and writes every output asked for: EXIF orientation
 * applied, WebP, no metadata (sharp drops EXIF, XMP and ICC unless asked to keep them). A HEIC is first
 * made a JPEG by heic-convert (WebAssembly: sharp here has no HEVC decoder). libvips' operation cache
 * is off: nothing of one guest's photo is kept for the next.
 */
const DECODER_SCRIPT = `
const [sharpPath, heicPath] = process.argv.slice(1);
const sharp = require(sharpPath);
sharp.concurrency(1);
sharp.cache(false);
let convert;
process.on('disconnect', () => process.exit(0));
process.on('message', async (job) => {
  try {
    let input = job.input;
    if (job.heic) {
      convert = convert || require(heicPath);
      input = Buffer.from(await convert({ buffer: require('node:fs').readFileSync(job.input), format: 'JPEG', quality: 0.92 }));
    }
    const decoded = sharp(input, { limitInputPixels: job.maxInputPixels, failOn: 'error' }).rotate();
    const fit = (size) => ({ width: size, height: size, fit: 'inside', withoutEnlargement: true });
    const encode = (image, out) => image.resize(fit(out.size)).webp({ quality: out.quality, effort: out.effort }).toFile(out.file);
    if (job.outputs.length === 1) {
      await encode(decoded, job.outputs[0]);
    } else {
      // One decode for every copy: a clone decodes the file again. Decoded at the largest copy's size
      // (a JPEG at a fraction of it), colours already in sRGB; each copy is resized from those pixels.
      const largest = Math.max(...job.outputs.map((out) => out.size));
      const { data, info } = await decoded.resize(fit(largest)).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
      await Promise.all(job.outputs.map((out) => encode(sharp(data, raw), out)));
    }
    process.send({ ok: true });
  } catch (error) {
    process.send({ ok: false, message: String((error && error.message) || error) });
  }
});
`;

/** An idle decoder exits after this long without work. */
const IDLE_MS = 30_000;
/** A decoder is retired after this many jobs, whatever its memory. */
const MAX_JOBS = 200;

interface Decoder {
  child: ChildProcess;
  jobs: number;
  idleTimer?: NodeJS.Timeout;
}

/** Idle decoders by memory ceiling (their V8 heap flag depends on it) and niceness: `<bytes>/<nice>`. */
const idle = new Map<string, Decoder[]>();
const poolKey = (memoryBytes: number, nice: number) => `${memoryBytes}/${nice}`;
const alive = new Set<ChildProcess>();

/** V8's heap inside the decoder process: a quarter of the ceiling (the pixels live outside it). */
const heapFlag = (memoryBytes: number) => `--max-old-space-size=${Math.max(64, Math.floor(memoryBytes / 4 / (1024 * 1024)))}`;

function startDecoder(memoryBytes: number, nice: number): Decoder {
  const child = spawn(process.execPath, [heapFlag(memoryBytes), '-e', DECODER_SCRIPT, require.resolve('sharp'), require.resolve('heic-convert')], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  if (nice > 0 && child.pid) {
    try {
      os.setPriority(child.pid, Math.min(19, os.getPriority() + nice));
    } catch {
      // Not permitted here (some containers): it runs at the server's priority.
    }
  }
  alive.add(child);
  child.once('exit', () => alive.delete(child));
  // A decoder's own failure to start is reported by the job that waits for it.
  child.on('error', () => undefined);
  return { child, jobs: 0 };
}

function takeDecoder(memoryBytes: number, nice: number): Decoder {
  const decoder = idle.get(poolKey(memoryBytes, nice))?.pop();
  if (!decoder) return startDecoder(memoryBytes, nice);
  clearTimeout(decoder.idleTimer);
  decoder.child.ref();
  decoder.child.channel?.ref();
  return decoder;
}

function retire(decoder: Decoder): void {
  clearTimeout(decoder.idleTimer);
  if (decoder.child.exitCode === null && decoder.child.signalCode === null) decoder.child.kill('SIGKILL');
}

/** After a job that ended normally: kept for the next one, or retired when it holds too much. */
function release(decoder: Decoder, memoryBytes: number, nice: number): void {
  decoder.jobs++;
  const rss = decoder.child.pid ? residentBytes(decoder.child.pid) : null;
  if (decoder.jobs >= MAX_JOBS || rss === null || rss > memoryBytes / 2 || !decoder.child.connected) return retire(decoder);
  // An idle decoder keeps neither the server alive nor its memory for long.
  decoder.child.unref();
  decoder.child.channel?.unref();
  const key = poolKey(memoryBytes, nice);
  decoder.idleTimer = setTimeout(() => {
    const list = idle.get(key) ?? [];
    if (list.includes(decoder)) list.splice(list.indexOf(decoder), 1);
    retire(decoder);
  }, IDLE_MS).unref();
  const list = idle.get(key) ?? [];
  list.push(decoder);
  idle.set(key, list);
}

/**
 * Runs one decode in a decoder process under `limits`, `nice` steps nicer than the server. Rejects when
 * it fails, passes a limit or is aborted.
 */
export function runDecoder(job: DecodeJob, limits: Limits, nice = 0): Promise<void> {
  return new Promise((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new Error('aborted'));
    const decoder = takeDecoder(limits.memoryBytes, nice);
    const { child } = decoder;
    let err = '';
    let settled = false;
    const onStderr = (piece: Buffer) => {
      if (err.length < 4000) err += piece.toString();
    };
    const finish = (failure: Error | null) => {
      if (settled) return;
      settled = true;
      unguard();
      child.stderr?.off('data', onStderr);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      if (failure) reject(failure);
      else resolve();
    };
    // A limit passed or an abort: the process goes with the job (whatever it was doing is not safe to keep).
    const stop = (error: Error) => {
      retire(decoder);
      finish(error);
    };
    const onMessage = (message: { ok: boolean; message?: string }) => {
      if (message.ok) {
        finish(null);
        release(decoder, limits.memoryBytes, nice);
      } else {
        // A file the decoder refused: the process is sound and serves the next job.
        finish(new Error(`decoder failed: ${message.message ?? 'unknown error'}`));
        release(decoder, limits.memoryBytes, nice);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(new Error(`decoder exited with ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' ')}`));
    const onError = (error: Error) => stop(error);
    child.stderr?.on('data', onStderr);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
    const unguard = guardProcess(child, limits, stop);
    child.send(job, (error) => {
      if (error) stop(error);
    });
  });
}

/** How many decoder processes are alive (busy or idle): for tests and the health of a long run. */
export const decoderProcessCount = () => alive.size;

/** Ends every idle decoder now (a server closing; tests). */
export function closeIdleDecoders(): void {
  for (const list of idle.values()) list.splice(0).forEach(retire);
}
