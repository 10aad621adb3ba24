#!/usr/bin/env node
// Fails when an installed package declares that it needs a newer Node than the one running here.
// Our machines run Node 20: a dependency that needs Node 22 must be pinned to an older release.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const current = process.versions.node.split('.').map(Number);
const problems = [];

/**
 * Installed folders that may need a newer Node because nothing loads them on an older one:
 * better-sqlite3 13 (Node-API) is loaded only on Node 22 and later (api-server/src/db/sqlite-driver.ts).
 */
const loadedOnlyOnNewerNode = new Set(['better-sqlite3-napi']);

function minimumMajor(range) {
  // Enough for the forms packages use: ">=22", ">=22.0.0", "^20.19.0 || >=22.12.0", "20.x || 22.x".
  const alternatives = range.split('||').map((part) => part.trim());
  const majors = alternatives.map((alt) => {
    const match = alt.match(/(\d+)(?:\.(\d+))?/);
    return match ? [Number(match[1]), Number(match[2] ?? 0)] : [0, 0];
  });
  return majors.sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
}

function visit(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const path = join(dir, name);
    if (name.startsWith('@')) { visit(path); continue; }
    const manifest = join(path, 'package.json');
    if (loadedOnlyOnNewerNode.has(name)) continue;
    if (existsSync(manifest)) {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      const range = pkg.engines?.node;
      if (typeof range === 'string') {
        const [major, minor] = minimumMajor(range);
        if (major > current[0] || (major === current[0] && minor > current[1])) {
          problems.push(`${pkg.name}@${pkg.version} needs node ${range}`);
        }
      }
    }
    visit(join(path, 'node_modules'));
  }
}

visit('node_modules');
// Every workspace may hold its own node_modules (versions that differ from the root's).
for (const ws of JSON.parse(readFileSync('package.json', 'utf8')).workspaces) {
  visit(join(ws, 'node_modules'));
}
if (problems.length) {
  console.error(`Packages that need a newer Node than ${process.versions.node}:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every installed package runs on Node ${process.versions.node}`);
