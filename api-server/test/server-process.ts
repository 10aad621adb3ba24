import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { sleep } from './raw-http';

export const API_DIR = path.join(__dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Everything the process printed, stdout and stderr in arrival order. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The real server in its own process (src/server.ts through tsx), as `npm start` runs it; not yet awaited. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_DIR, 'src', 'server.ts')], {
    cwd: API_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', INIT_CWD: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout.on('data', (data: Buffer) => output.push(data.toString()));
  child.stderr.on('data', (data: Buffer) => output.push(data.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, url: `http://127.0.0.1:${port}`, output, exited };
}

/** Waits until /api/health answers; throws with the process's output when it exits or takes over 30 s. */
export async function waitHealthy(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited with ${server.child.exitCode}: ${server.output.join('')}`);
    const healthy = await fetch(`${server.url}/api/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 30 s: ${server.output.join('')}`);
    await sleep(100);
  }
}
