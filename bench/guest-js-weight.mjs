#!/usr/bin/env node
// Prints the compressed bytes of JavaScript a guest's browser downloads on a first visit to
// /events/share/<id> (shell + guest remote + shared libraries), measured in Chromium from the
// network log (encoded transfer sizes), against the built all-in-one server. Budget: 150 KB gzip.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const budgetKb = Number(process.env.GUEST_JS_BUDGET_KB ?? 150);
const chromePath = requireChromiumAndBuild();

const api = await startApi();
const base = api.url;

const browser = await chromium.launch({
  executablePath: chromePath,
  args: CHROMIUM_ARGS,
});
/** One first visit with an empty cache; `encoding` forces the Accept-Encoding the browser sends. */
async function measure(encoding) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (encoding) await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': encoding } });
  const scripts = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script') return;
    const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    scripts.set(requestId, { url: response.url.replace(base, ''), encoding: headers['content-encoding'] ?? 'none', bytes: 0 });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const script = scripts.get(requestId);
    if (script) script.bytes = encodedDataLength;
  });
  await page.goto(`${base}/events/share/${api.eventId}`, { waitUntil: 'networkidle' });
  await context.close();
  const rows = [...scripts.values()].sort((a, b) => b.bytes - a.bytes);
  return { rows, total: rows.reduce((sum, row) => sum + row.bytes, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
try {
  const gzip = await measure('gzip');
  const negotiated = await measure(null);
  console.log('Guest route /events/share/<id>: JavaScript downloaded on a first visit (Chromium, bytes on the wire)');
  for (const row of gzip.rows) console.log(`  ${kb(row.bytes).padStart(9)}  ${row.encoding.padEnd(5)} ${row.url}`);
  console.log(`  gzip total:             ${kb(gzip.total)} in ${gzip.rows.length} files (budget ${budgetKb} KB)`);
  console.log(`  as negotiated (${negotiated.rows[0]?.encoding ?? '?'}):     ${kb(negotiated.total)} in ${negotiated.rows.length} files`);
} finally {
  await browser.close();
  await api.stop();
}
