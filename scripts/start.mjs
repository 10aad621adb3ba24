#!/usr/bin/env node
// `npm start`: builds whatever is not built yet (turbo caches the rest), then runs the all-in-one
// server: the API, the shell at /, the remotes under /remotes/<name>/, on PORT (default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtFiles = [
  'shell/dist/index.html',
  'organiser-remote/dist/remoteEntry.js',
  'guest-remote/dist/remoteEntry.js',
  'gallery-remote/dist/remoteEntry.js',
  'api-server/dist/server.js',
];

const missing = builtFiles.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.log(`Building what is missing (${missing.join(', ')})...`);
  const turbo = join(root, 'node_modules', '.bin', 'turbo');
  const build = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'api-server', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
