#!/usr/bin/env node
// Prints the compressed bytes of JavaScript a guest's browser downloads on a first visit to
// /invite/<code> and /events/share/<id>, measured in Chromium from the page's resource timing
// (encoded body sizes, empty cache), against the built all-in-one server with a real event:
// - until the welcome is interactive: the React welcome has taken over the server-painted one
//   (the moment `#first-paint` leaves the page), so its buttons answer;
// - in all, once the network is idle (what loads after the welcome: the album list, the data layer).
// Budget: 120 KB until interactive, as the browser negotiates it (brotli); gzip is printed beside it.
import { chromium } from 'playwright-core';
import { addCoverImage } from './guest-event.mjs';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const budgetKb = Number(process.env.GUEST_JS_BUDGET_KB ?? 120);
const chromePath = requireChromiumAndBuild();

const api = await startApi();
const code = await addCoverImage(api);
const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });

/** Records when the server-painted view leaves the page (the React page has rendered it). */
const watchHandover = () => {
  const state = { seen: false, at: null };
  window.__handover = state;
  new MutationObserver(() => {
    const painted = document.getElementById('first-paint');
    if (painted) state.seen = true;
    else if (state.seen && state.at === null) state.at = performance.now();
  }).observe(document, { childList: true, subtree: true });
};

/** One first visit with an empty cache; `encoding` forces the Accept-Encoding the browser sends. */
async function measure(path, encoding) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (encoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  await page.addInitScript(watchHandover);
  await page.goto(`${api.url}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Registrar um momento' }).waitFor();
  const result = await page.evaluate(() => {
    const interactiveAt = window.__handover.at;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ url: new URL(entry.name).pathname, bytes: entry.encodedBodySize, end: entry.responseEnd }));
    return { interactiveAt, scripts };
  });
  await context.close();
  if (result.interactiveAt === null) throw new Error(`${path}: the welcome was not painted by the server`);
  const before = result.scripts.filter((script) => script.end <= result.interactiveAt);
  const sum = (rows) => rows.reduce((total, row) => total + row.bytes, 0);
  return { before, all: result.scripts, interactive: sum(before), total: sum(result.scripts), interactiveMs: result.interactiveAt };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  const paths = [`/invite/${code}`, `/events/share/${api.eventId}`];
  console.log('A guest\'s first visit: JavaScript downloaded (Chromium, encoded bytes, empty cache)');
  for (const path of paths) {
    const negotiated = await measure(path, null);
    const gzip = await measure(path, 'gzip');
    const label = path.startsWith('/invite') ? '/invite/<code>' : '/events/share/<id>';
    console.log(`\n${label}, until the welcome is interactive (brotli, as negotiated):`);
    for (const row of [...negotiated.before].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.url}`);
    console.log(`  until interactive: ${kb(negotiated.interactive)} (${negotiated.interactive} bytes) in ${negotiated.before.length} files as negotiated (budget ${budgetKb} KB = ${budgetKb * 1024} bytes); ${kb(gzip.interactive)} gzip`);
    console.log(`  after it (network idle): ${kb(negotiated.total - negotiated.interactive)} more in ${negotiated.all.length - negotiated.before.length} files; in all ${kb(negotiated.total)} as negotiated, ${kb(gzip.total)} gzip`);
  }
} finally {
  await browser.close();
  await api.stop();
}
