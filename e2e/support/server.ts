import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..');
const serverEntry = join(repoRoot, 'api-server', 'dist', 'server.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  stop: () => Promise<void>;
  /** What the server wrote to stdout and stderr so far (its log), also echoed to the test's output. */
  output: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built all-in-one server (as `npm start` runs it) on a free port with a fresh DATA_DIR.
 * `publicUrl` sets PUBLIC_URL to the server's own address (issue 27: reset e-mails need it).
 */
export async function startServer(env: Record<string, string> = {}, options: { publicUrl?: boolean } = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error('The server is not built: run `npm run build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'momentos-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(options.publicUrl ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The log is kept for tests that read it (the setup code) and still shown as before.
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    process.stdout.write(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The server did not answer /api/health within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
