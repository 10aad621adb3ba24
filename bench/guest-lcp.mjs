#!/usr/bin/env node
// LCP of a guest's first visit on a weak phone, measured as DevTools applies Lighthouse's mobile
// 'Slow 4G' (issue 29): 562.5 ms request latency (150 ms RTT × 3.75), 1.47 Mbit/s down and 675 kbit/s
// up (1.6 Mbit/s and 750 kbit/s × 0.9), 4× CPU throttling, a phone viewport, an empty cache, against
// the built all-in-one server with a real event whose image is a 1200×1600 phone photo. LCP_RUNS
// (default 9) visits each; prints p50 and p75 of LCP, the moment the page becomes interactive (React
// takes over the painted view), the layout shift and the load average, for /invite/<code>,
// /events/share/<id> and a painted public gallery (/events/share/albums/<id>, 12 phone photos).
// Goals: LCP p75 ≤ 1.6 s on the welcome's two entries, ≤ 1.8 s on the gallery; CLS ≤ 0.02.
// LCP_UNPAINTED=1 adds the organiser's entry (/) and the upload screen's name step, which the server
// did not paint until issue 29's last steps (no goal for either; the name is 'unpainted' for history).
// LCP_ORGANISER=1 adds the organiser's photo screen of the same event, signed in (issue 29 item 4: its
// first reads and its first screen of tiles are asked for as the page is parsed; the server paints its
// frame, and the page's early script draws the tiles into it: interactive is when the app takes over).
import os from 'node:os';
import { chromium } from 'playwright-core';
import { addCoverImage, fillAlbum } from './guest-event.mjs';
import { CHROMIUM_ARGS, requireChromiumAndBuild, signedInStorage, signInCookie, startApi } from './lib.mjs';

const runs = Number(process.env.LCP_RUNS ?? 9);
const chromePath = requireChromiumAndBuild();
const api = await startApi();
const code = await addCoverImage(api, { width: 1200, height: 1600 });
if (!process.env.LCP_SKIP_GALLERY || process.env.LCP_ORGANISER) await fillAlbum(api, 12, { distinct: 4, width: 1200, height: 1600 });

// DevTools' 'Slow 4G' (Lighthouse's mobileSlow4G as DevTools throttling applies it; kbit = 1024 bit as there).
const SLOW_4G = { latency: 150 * 3.75, downloadThroughput: (1.6 * 1024 * 0.9 * 1024) / 8, uploadThroughput: (750 * 0.9 * 1024) / 8 };
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });

const observe = () => {
  const state = { lcp: 0, cls: 0, seen: false, interactive: null };
  window.__vitals = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) state.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new MutationObserver(() => {
    if (document.getElementById('first-paint')) state.seen = true;
    else if (state.seen && state.interactive === null) state.interactive = performance.now();
  }).observe(document, { childList: true, subtree: true });
};

/**
 * The page's requests as the throttled network saw them (CDP Network events): URL, start and end in ms
 * from the document's request, bytes on the wire (headers included, as DevTools counts them).
 */
function recordWaterfall(cdp) {
  const requests = new Map();
  let origin = null;
  cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
    origin ??= timestamp;
    if (!requests.has(requestId)) requests.set(requestId, { url: request.url, start: (timestamp - origin) * 1000, end: null, bytes: 0 });
  });
  const finish = ({ requestId, timestamp, encodedDataLength }) => {
    const row = requests.get(requestId);
    if (row && row.end === null) Object.assign(row, { end: (timestamp - origin) * 1000, bytes: encodedDataLength ?? 0 });
  };
  cdp.on('Network.loadingFinished', finish);
  cdp.on('Network.loadingFailed', (event) => finish({ ...event, encodedDataLength: 0 }));
  return () => [...requests.values()].sort((a, b) => a.start - b.start);
}

/** The organiser signed in, as the app keeps it (lib.mjs's signedInStorage, with its cookie), before the page's first script. */
function storeAll(entries) {
  for (const [key, value] of entries) localStorage.setItem(key, value);
}

async function visit(path, ready, painted, token) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const waterfall = recordWaterfall(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observe);
  if (token) {
    await page.addInitScript(storeAll, signedInStorage(token));
    await context.addCookies([signInCookie(token, api.url)]);
  }
  await page.goto(`${api.url}${path}`, { waitUntil: 'load' });
  await ready(page).waitFor();
  // A page the server does not paint is interactive when it first renders (its LCP).
  if (painted) await page.waitForFunction(() => window.__vitals.interactive !== null, null, { timeout: 60_000 });
  // A grid's LCP is its first images, drawn once loaded.
  else await page.waitForFunction(() => window.__vitals.lcp > 0 && [...document.images].every((image) => image.complete), null, { timeout: 60_000 });
  const vitals = await page.evaluate(() => window.__vitals);
  if (!painted) vitals.interactive = vitals.lcp;
  // The waterfall's tail (what follows the LCP) is read at network idle; a page that never idles on
  // these shared cores is reported, not fatal: its LCP is already measured.
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {
    const open = waterfall().filter((row) => row.end === null).map((row) => new URL(row.url).pathname);
    console.log(`    (${path}: the network was not idle 60 s after the page was interactive; still open: ${open.join(', ') || 'none seen'})`);
  });
  await context.close();
  return { ...vitals, requests: waterfall() };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** What the run downloaded until its LCP: every request started before it, with when it ended and its bytes. */
function printWaterfall(run) {
  const before = run.requests.filter((row) => row.start < run.lcp);
  console.log(`    downloaded before the LCP (${s(run.lcp)}) of the p75 run: ${before.length} requests, ${kb(before.reduce((t, r) => t + r.bytes, 0))}`);
  for (const row of before) {
    const { pathname } = new URL(row.url);
    const end = row.end === null ? 'open' : `${Math.round(row.end)}`.padStart(5);
    console.log(`      ${`${Math.round(row.start)}`.padStart(5)} → ${end} ms ${kb(row.bytes).padStart(9)}  ${pathname.length > 70 ? `${pathname.slice(0, 67)}...` : pathname}`);
  }
  const after = run.requests.filter((row) => row.start >= run.lcp);
  console.log(`    after the LCP, until network idle: ${after.length} requests, ${kb(after.reduce((t, r) => t + r.bytes, 0))}`);
}

try {
  console.log(
    `A guest's first visit on DevTools' Slow 4G (562.5 ms, 1.47 Mbit/s down, 675 kbit/s up) with 4× CPU throttling (phone viewport, empty cache, ${runs} runs each); load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')} (${os.cpus().length} CPUs)`,
  );
  const welcome = (page) => page.getByRole('button', { name: 'Registrar um momento' });
  const gallery = (page) => page.getByRole('heading', { name: 'Galeria de fotos' });
  const targets = [
    [`/invite/${code}`, '/invite/<code>', welcome, 1.6, true],
    [`/events/share/${api.eventId}`, '/events/share/<id>', welcome, 1.6, true],
    ...(process.env.LCP_SKIP_GALLERY ? [] : [[`/events/share/albums/${api.albumId}`, 'painted gallery', gallery, 1.8, true]]),
    ...(process.env.LCP_UNPAINTED
      ? [
          ['/', 'entry (painted)', (page) => page.getByRole('button', { name: 'Login' }), null, true],
          [`/events/upload/${api.eventId}`, 'upload (painted)', (page) => page.getByRole('heading', { name: 'Registrar momento' }), null, true],
        ]
      : []),
    ...(process.env.LCP_ORGANISER ? [[`/events/${api.eventId}/photos`, 'organiser photos', (page) => page.locator('img.gallery-tile__image').first(), null, true, api.token]] : []),
  ];
  for (const [path, label, ready, goal, painted, token] of targets) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await visit(path, ready, painted, token));
    const lcp = results.map((r) => r.lcp);
    const interactive = results.map((r) => r.interactive);
    const cls = Math.max(...results.map((r) => r.cls));
    console.log(
      `  ${label.padEnd(20)} LCP p50 ${s(quantile(lcp, 0.5))}, p75 ${s(quantile(lcp, 0.75))} ${goal === null ? '' : ` (goal ≤ ${goal.toFixed(2)} s)`}; interactive p50 ${s(quantile(interactive, 0.5))}, p75 ${s(quantile(interactive, 0.75))}; CLS max ${cls.toFixed(3)}; load ${os.loadavg()[0].toFixed(2)}`,
    );
    printWaterfall(results.find((r) => r.lcp === quantile(lcp, 0.75)));
  }
} finally {
  await browser.close();
  await api.stop();
}
