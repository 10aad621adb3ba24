import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

// Issue 23, item 6: a decoder runs in a process of its own with a memory ceiling and a time limit, so
// that a hostile file (a bomb of pixels, a stream that never ends) fails its job, never the server.
// The ceiling is the process's resident memory, read from /proc every 50 ms (Linux); past it the
// process is killed. Node's own heap is capped too (--max-old-space-size) for the node decoders.

export class DecoderLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecoderLimitError';
  }
}

/** Resident memory of a process in bytes, or null where /proc cannot tell. */
export function residentBytes(pid: number): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((entry) => entry.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) * 1024 : null;
  } catch {
    return null;
  }
}

export interface Limits {
  memoryBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Watches a running process against the limits: past the memory ceiling, past the time limit or on
 * abort, `stop` is called with the reason (it kills the process). Answers the function that ends the watch.
 */
export function guardProcess(child: ChildProcess, limits: Limits, stop: (error: Error) => void): () => void {
  const watch = setInterval(() => {
    const rss = child.pid ? residentBytes(child.pid) : null;
    if (rss !== null && rss > limits.memoryBytes) {
      stop(new DecoderLimitError(`decoder passed its memory ceiling (${Math.round(rss / 1024 / 1024)} MB > ${Math.round(limits.memoryBytes / 1024 / 1024)} MB, MEDIA_JOB_MAX_MEMORY)`));
    }
  }, 50);
  const timer = setTimeout(() => stop(new DecoderLimitError(`decoder ran past its time limit (${limits.timeoutMs / 1000} s, MEDIA_DECODE_TIMEOUT)`)), limits.timeoutMs);
  const onAbort = () => stop(new Error('aborted'));
  limits.signal?.addEventListener('abort', onAbort, { once: true });
  return () => {
    clearInterval(watch);
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onAbort);
  };
}

/** Runs `command` with `args` under the limits; answers its stdout. Rejects when it fails, passes a limit or is aborted. */
export function runLimited(command: string, args: string[], limits: Limits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (limits.signal?.aborted) return reject(new Error('aborted'));
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let err = '';
    let failure: Error | null = null;
    const stop = (error: Error) => {
      failure ??= error;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (piece: Buffer) => out.push(piece));
    child.stderr.on('data', (piece: Buffer) => {
      if (err.length < 4000) err += piece.toString();
    });
    const unguard = guardProcess(child, limits, stop);
    child.once('error', (error) => stop(error));
    child.once('close', (code, signal) => {
      unguard();
      if (failure) reject(failure);
      else if (code !== 0) reject(new Error(`${command} exited with ${code ?? signal}: ${err.trim().split('\n').slice(-3).join(' ')}`));
      else resolve(Buffer.concat(out));
    });
  });
}
