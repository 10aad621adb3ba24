#!/usr/bin/env node
// Lighthouse (mobile: Moto G-class device, simulated slow 4G) on the guest pages, against the built
// all-in-one server with a real event: the welcome, the album list, the upload screen and the
// gallery. Prints the three category scores and the main timings. Goals: performance 95+,
// accessibility and best practices 100.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chromePath)) {
  console.error(`No Chromium at ${chromePath}: apt-get install -y chromium (or set CHROME_PATH).`);
  process.exit(2);
}
if (!existsSync(join(root, 'api-server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(join(tmpdir(), 'momentos-lighthouse-'));
const organiser = { email: 'bench@example.com', password: 'bench-password-1' };
const server = spawn(process.execPath, [join(root, 'api-server/dist/server.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    if (tries > 200) throw new Error('server did not start');
  }
  await new Promise((r) => setTimeout(r, 100));
}

// An event with two public albums, made through the API as the organiser would.
const token = (await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) })).headers.get('authentication');
const form = new FormData();
for (const [key, value] of Object.entries({ name: 'Casamento Ana & Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email })) form.append(key, value);
const event = await (await fetch(`${base}/api/events`, { method: 'POST', headers: { authentication: token }, body: form })).json();
const albums = [];
for (const name of ['Festa', 'Cerimônia']) {
  albums.push(
    await (
      await fetch(`${base}/api/albums/${event.id}`, {
        method: 'POST',
        headers: { authentication: token, 'content-type': 'application/json' },
        body: JSON.stringify({ name, description: 'Fotos', is_public: true, is_available: true }),
      })
    ).json(),
  );
}

const pages = [
  ['welcome', `/events/share/${event.id}`],
  ['upload', `/events/upload/${event.id}`],
  ['gallery', `/events/share/albums/${albums[0].id}`],
];

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  console.log('Lighthouse, mobile (simulated slow 4G), guest pages:');
  console.log('  page       perf  a11y  best   FCP     LCP     TBT    CLS    JS (transfer)');
  for (const [name, path] of pages) {
    const { lhr } = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const score = (id) => String(Math.round((lhr.categories[id].score ?? 0) * 100)).padStart(4);
    const audit = (id) => lhr.audits[id]?.displayValue ?? '-';
    const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
    const js = scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    console.log(
      `  ${name.padEnd(9)} ${score('performance')}  ${score('accessibility')}  ${score('best-practices')}   ${audit('first-contentful-paint').padEnd(7)} ${audit('largest-contentful-paint').padEnd(7)} ${audit('total-blocking-time').padEnd(6)} ${audit('cumulative-layout-shift').padEnd(6)} ${(js / 1024).toFixed(1)} KB`,
    );
    for (const category of ['accessibility', 'best-practices']) {
      for (const ref of lhr.categories[category].auditRefs) {
        const result = lhr.audits[ref.id];
        if (ref.weight > 0 && result.score !== null && result.score < 1) console.log(`      ${category}: ${result.id}: ${result.title}`);
      }
    }
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
