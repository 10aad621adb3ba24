#!/usr/bin/env node
// Lighthouse (mobile: Moto G-class device, simulated slow 4G) against the built all-in-one server with
// a real event (a cover image, an album of 24 photos): the guest pages (the entry, the welcome, the
// upload screen, the gallery) and, logged in, the organiser's event list, event form and photo screen
// (issue 29). Lighthouse's score moves by several points between runs on shared cores, so each page
// is measured LIGHTHOUSE_RUNS times (default 3) and the median of each figure is printed, with the
// spread of the performance score, the load average of the machine during the runs and how much of
// its task time the page's main thread spent on a CPU (a low share: the figure is the machine's, not the page's).
// The media jobs of the event's album are waited for before the first page. LIGHTHOUSE_SAVE=<folder>
// keeps every run's report and trace. LIGHTHOUSE_PIN=1 gives the page's main thread a CPU of its own
// (lib.mjs, isolateRendererMainThreads), so that its tasks are timed without the harness beside them.
// Goals: performance ≥ 97 on the guest pages, ≥ 95 on the organiser's; accessibility and best practices 100.
import fs from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { addCoverImage, fillAlbum } from './guest-event.mjs';
import { CHROMIUM_ARGS, isolateRendererMainThreads, requireChromiumAndBuild, serverIdle, signedInStorage, signInCookie, startApi } from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const chromePath = requireChromiumAndBuild();

// A real event with a public album open for uploads, made through the API as the organiser would.
const api = await startApi();
const base = api.url;
await addCoverImage(api);
await fillAlbum(api, 24, { distinct: 6 });
// The album's media jobs run on after its photos are listed: the pages are measured once they are done.
await serverIdle(api.pid);

/** [name, path, logged in as the organiser, goal of the performance score] */
const pages = [
  ['entry', '/', false, 97],
  ['welcome', `/events/share/${api.eventId}`, false, 97],
  ['upload', `/events/upload/${api.eventId}`, false, 97],
  ['gallery', `/events/share/albums/${api.albumId}`, false, 97],
  ['org-list', '/events', true, 95],
  ['org-form', '/events/register', true, 95],
  ['org-photos', `/events/${api.eventId}/photos`, true, 95],
].filter(([name]) => !ONLY || ONLY.includes(name));

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
/**
 * The share of the page's main-thread task time in which its thread was on a CPU (thread time over
 * wall time, from the unthrottled trace). Lighthouse's simulation replays wall times ×4, so a renderer
 * that waits for a core (the browser, its GPU process, Lighthouse itself and the server share two)
 * counts as blocking time: a share near 100 % means the figure is the code's, a low one the machine's.
 */
function mainThreadShare(trace) {
  const events = trace.traceEvents ?? trace;
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  if (!navigation) return NaN;
  const tasks = events.filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= navigation.ts && e.tdur !== undefined);
  const wall = tasks.reduce((sum, task) => sum + task.dur, 0);
  return wall ? tasks.reduce((sum, task) => sum + task.tdur, 0) / wall : NaN;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' ');

// Before the browser starts, so that it and its processes start on the other CPUs.
const isolation = process.env.LIGHTHOUSE_PIN ? isolateRendererMainThreads([process.pid, api.pid]) : null;
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });

/**
 * The organiser's pages need the sign-in in local storage, which Lighthouse's storage reset would
 * clear: for them the reset is off, and this does what it would do, minus the credential: an empty
 * HTTP cache, no service worker or cache storage, then the token (and the tour already seen) stored,
 * with its sign-in cookie, as the app keeps them.
 */
async function signedIn() {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await page.goto(`${base}/api/health`);
  await page.evaluate(
    (entries) => {
      localStorage.clear();
      for (const [key, value] of entries) localStorage.setItem(key, value);
    },
    signedInStorage(api.token),
  );
  await cdp.send('Network.setCookie', signInCookie(api.token, base));
  await page.close();
}

try {
  console.log(`Lighthouse, mobile (simulated slow 4G), median of ${RUNS} run(s) per page; load average at start ${load()} (${os.cpus().length} CPUs)`);
  if (isolation) console.log(`  the page's main thread alone on CPU ${isolation.cpu}, everything else on the others (LIGHTHOUSE_PIN)`);
  console.log('  page        perf (min–max)  a11y  best   FCP     LCP     TBT      CLS    JS (transfer)  load avg  main thread on CPU');
  const failures = [];
  for (const [name, path, organiser, goal] of pages) {
    const runs = [];
    // A run whose trace Lighthouse lost (NO_NAVSTART, 'please run Lighthouse again') has no scores: it
    // is run again rather than counted as a 0 in the median, at most RUNS more times a page.
    for (let attempt = 0; runs.length < RUNS && attempt < 2 * RUNS; attempt++) {
      const run = runs.length;
      if (organiser) await signedIn();
      const { lhr, artifacts } = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: organiser,
      });
      if (lhr.runtimeError) {
        console.log(`  runtime error, run again: ${name} ${lhr.runtimeError.code}`);
        continue;
      }
      if (organiser && !lhr.finalDisplayedUrl.endsWith(path)) console.log(`  ${name}: ended on ${lhr.finalDisplayedUrl}, not signed in?`);
      runs.push({ lhr, load: os.loadavg()[0], share: mainThreadShare(artifacts.Trace) });
      // LIGHTHOUSE_SAVE=<folder>: every run's report, to read what a figure is made of.
      if (process.env.LIGHTHOUSE_SAVE) {
        fs.writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${name}-${run + 1}.json`, JSON.stringify(lhr));
        // The unthrottled trace the simulation replays (open it in DevTools' Performance panel).
        fs.writeFileSync(`${process.env.LIGHTHOUSE_SAVE}/${name}-${run + 1}.trace.json`, JSON.stringify(artifacts.Trace));
      }
    }
    const score = (id) => median(runs.map(({ lhr }) => Math.round((lhr.categories[id].score ?? 0) * 100)));
    const metric = (id) => median(runs.map(({ lhr }) => lhr.audits[id]?.numericValue ?? 0));
    const js = median(
      runs.map(({ lhr }) => (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script').reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
    );
    const perfs = runs.map(({ lhr }) => Math.round((lhr.categories.performance.score ?? 0) * 100));
    const [perf, a11y, best] = [score('performance'), score('accessibility'), score('best-practices')];
    console.log(
      `  ${name.padEnd(11)} ${String(perf).padStart(4)} (${Math.min(...perfs)}–${Math.max(...perfs)})`.padEnd(30) +
        `${String(a11y).padStart(4)}  ${String(best).padStart(4)}   ${seconds(metric('first-contentful-paint')).padEnd(7)} ${seconds(metric('largest-contentful-paint')).padEnd(7)} ${`${Math.round(metric('total-blocking-time'))} ms`.padEnd(8)} ${metric('cumulative-layout-shift').toFixed(3).padEnd(6)} ${(js / 1024).toFixed(1).padStart(6)} KB      ${median(runs.map((r) => r.load)).toFixed(2).padEnd(9)} ${Math.round(median(runs.map((r) => r.share)) * 100)} %`,
    );
    // What kept a category below 100, in any run.
    const seen = new Set();
    for (const { lhr } of runs) {
      for (const category of ['accessibility', 'best-practices']) {
        for (const ref of lhr.categories[category].auditRefs) {
          const result = lhr.audits[ref.id];
          const line = `      ${category}: ${result.id}: ${result.title}`;
          if (ref.weight > 0 && result.score !== null && result.score < 1 && !seen.has(line)) {
            seen.add(line);
            console.log(line);
          }
        }
      }
    }
    if (perf < goal || a11y < 100 || best < 100) failures.push(`${name} (${perf}/${a11y}/${best}, goal ${goal}/100/100)`);
  }
  console.log(failures.length ? `  below goal: ${failures.join(', ')}` : '  every page meets its goal (median)');
  console.log(`  load average at end ${load()}`);
} finally {
  isolation?.stop();
  await browser.disconnect();
  await chrome.kill();
  await api.stop();
}
