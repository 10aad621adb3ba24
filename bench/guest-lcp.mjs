#!/usr/bin/env node
// LCP of a guest's first visit on a weak phone: Chromium on a phone viewport, Slow 4G (150 ms,
// 1.6 Mbps down, 750 kbps up) and 4× CPU throttling, an empty cache, against the built all-in-one
// server with a real event (cover image). Prints p50 and p75 of LCP, the moment the welcome becomes
// interactive (React takes over the painted view) and the layout shift, for /invite/<code> and
// /events/share/<id>. Goal: LCP ≤ 2.0 s p75, CLS ≤ 0.02.
import { chromium } from 'playwright-core';
import { addCoverImage } from './guest-event.mjs';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const runs = Number(process.env.LCP_RUNS ?? 9);
const chromePath = requireChromiumAndBuild();
const api = await startApi();
const code = await addCoverImage(api);
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

async function visit(path) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(observe);
  await page.goto(`${api.url}${path}`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Registrar um momento' }).waitFor();
  await page.waitForFunction(() => window.__vitals.interactive !== null, null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const vitals = await page.evaluate(() => window.__vitals);
  await context.close();
  return vitals;
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
};
const s = (ms) => `${(ms / 1000).toFixed(2)} s`;

try {
  console.log(`A guest's first visit on Slow 4G with 4× CPU throttling (phone viewport, empty cache, ${runs} runs each)`);
  for (const path of [`/invite/${code}`, `/events/share/${api.eventId}`]) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await visit(path));
    const lcp = results.map((r) => r.lcp);
    const interactive = results.map((r) => r.interactive);
    const cls = Math.max(...results.map((r) => r.cls));
    const label = path.startsWith('/invite') ? '/invite/<code>' : '/events/share/<id>';
    console.log(
      `  ${label.padEnd(20)} LCP p50 ${s(quantile(lcp, 0.5))}, p75 ${s(quantile(lcp, 0.75))} (goal ≤ 2.00 s); interactive p50 ${s(quantile(interactive, 0.5))}, p75 ${s(quantile(interactive, 0.75))}; CLS max ${cls.toFixed(3)}`,
    );
  }
} finally {
  await browser.close();
  await api.stop();
}
