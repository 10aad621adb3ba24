#!/usr/bin/env node
// Lighthouse (mobile: Moto G-class device, simulated slow 4G) on the entry page and the guest pages,
// against the built all-in-one server with a real event (a cover image, an album of 24 photos): the
// entry, the welcome, the upload screen and the gallery. Prints the three category scores and the
// main timings. Goals: performance 95+, accessibility and best practices 100.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { addCoverImage, fillAlbum } from './guest-event.mjs';
import { CHROMIUM_ARGS, requireChromiumAndBuild, startApi } from './lib.mjs';

const chromePath = requireChromiumAndBuild();

// A real event with a public album open for uploads, made through the API as the organiser would.
const api = await startApi();
const base = api.url;
await addCoverImage(api);
await fillAlbum(api, 24, { distinct: 6 });

const pages = [
  ['entry', '/'],
  ['welcome', `/events/share/${api.eventId}`],
  ['upload', `/events/upload/${api.eventId}`],
  ['gallery', `/events/share/albums/${api.albumId}`],
];

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
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
    if (lhr.runtimeError) console.log('  runtime error:', name, lhr.runtimeError.code, lhr.runtimeError.message);
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
  await api.stop();
}
