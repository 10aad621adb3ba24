#!/usr/bin/env node
// `npm start`: builds whatever is not built yet (turbo caches the rest), then runs the all-in-one
// server: the API, the shell at /, the remotes under /remotes/<name>/, on PORT (default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS, serverEnv } from './server-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const turbo = join(root, 'node_modules', '.bin', 'turbo');
const build = () => {
  const result = spawnSync(turbo, ['run', 'build', '--output-logs=errors-only'], {
    cwd: root,
    stdio: 'inherit',
    // A newcomer's first start should not open with Turborepo's telemetry notice.
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// The app manifest names the apps to serve; it is itself built, so a fresh clone builds everything.
const manifest = join(root, 'shared-kit', 'app-manifest', 'dist', 'index.js');
if (!existsSync(manifest)) {
  console.log('Construindo os apps (primeira execução)...');
  build();
}
const { remoteNames, remotes, shellApp, REMOTE_ENTRY_FILE } = await import(manifest);
const builtFiles = [
  'shared-kit/api-contract/dist/index.js',
  `${shellApp.folder}/dist/index.html`,
  ...remoteNames.map((name) => `${remotes[name].folder}/dist/${REMOTE_ENTRY_FILE}`),
  'api-server/dist/server.js',
];
const missing = builtFiles.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.log(`Construindo o que falta (${missing.join(', ')})...`);
  build();
}

console.log('Iniciando o servidor...');
const server = spawn(process.execPath, [...SERVER_NODE_ARGS, join(root, 'api-server', 'dist', 'server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(),
});
// SIGTERM (a deploy) or Ctrl-C: the server drains its requests and exits; we wait for it and exit with
// its code. The `exec` in package.json's "start" makes npm's own forwarding reach this process: without
// it the shell npm runs scripts in dies at SIGTERM and the server never hears it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
