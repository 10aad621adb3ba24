#!/usr/bin/env node
// Issue 10's benchmark: a guest sends a 200 MB video and 20 photos from the upload screen over a
// throttled link (Chromium's network emulation), once without interruption and once with the page
// reloaded three times while the video is on its way. Prints the bytes that crossed the wire (a
// counting TCP proxy between the browser and the server) divided by the bytes of the files (goal
// ≤ 1.1) and the interrupted run's time against the uninterrupted one (goal ≤ 1.2×).
//   UPLOAD_MBPS (default 4): the link's upload speed in MB/s.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, mb, requireChromiumAndBuild, startApi } from './lib.mjs';

const MB = 1024 * 1024;
const uploadBytesPerSecond = Number(process.env.UPLOAD_MBPS ?? 4) * MB;
const chromePath = requireChromiumAndBuild();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-interrupted-'));

/** 20 photos of about 1.5 MB (noise, so none compresses or repeats) and a real MP4 padded to 200 MB. */
async function makeMedia() {
  const sharp = (await import('sharp')).default;
  const photos = [];
  for (let n = 0; n < 20; n++) {
    const file = path.join(dir, `foto-${n + 1}.jpg`);
    const noise = { type: 'gaussian', mean: 128, sigma: 50 };
    fs.writeFileSync(file, await sharp({ create: { width: 1200 + n, height: 900, channels: 3, background: '#000', noise } }).jpeg({ quality: 92 }).toBuffer());
    photos.push(file);
  }
  const clip = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-y', clip]);
  const video = path.join(dir, 'video.mp4');
  fs.writeFileSync(video, Buffer.concat([fs.readFileSync(clip), randomBytes(200 * MB)]).subarray(0, 200 * MB));
  return { photos, video };
}

/** A TCP proxy in front of the server that counts the bytes the browser sends. */
function countingProxy(target) {
  let sent = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, '127.0.0.1');
    client.on('data', (data) => (sent += data.length));
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        sent: () => sent,
        reset: () => (sent = 0),
        close: () => new Promise((done) => server.close(done)),
      }),
    ),
  );
}

/** One run: the picks the medium profile allows (ten files waiting at most), `reloads` reloads mid-video. */
async function run(browser, media, reloads) {
  const api = await startApi();
  const proxy = await countingProxy(api);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    localStorage.setItem('hasSeenUploadTour', 'true');
    // A 3G phone: the medium profile (two requests at once; the video goes in 10 MB chunks).
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g', downlink: 1.6, saveData: false } });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 8 * MB, uploadThroughput: uploadBytesPerSecond });
  let chunksDone = 0;
  page.on('requestfinished', async (request) => {
    if (request.url().endsWith('/chunk/upload') && (await request.response())?.status() === 200) chunksDone += 1;
  });

  await page.goto(`${proxy.url}/events/upload/${api.eventId}`);
  await page.getByLabel('Quem está enviando as fotos?').fill('Tia Rosa');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const mine = page.getByRole('region', { name: 'Minhas fotos' }).getByRole('listitem');
  const send = async (files, storedAfter) => {
    await page.getByLabel('Selecionar foto').setInputFiles(files);
    await page.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem').nth(files.length - 1).waitFor();
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('.guest-my-photos__item').length >= n, storedAfter, { timeout: 600_000 });
  };

  proxy.reset();
  const started = Date.now();
  // The video and nine photos, then nine and two more photos as the queue has room.
  await send([media.video, ...media.photos.slice(0, 9)], 9);
  await send(media.photos.slice(9, 18), 18);
  await send(media.photos.slice(18), 20);
  const chunks = Math.ceil((200 * MB) / (10 * MB));
  const chunkSeconds = (10 * MB) / uploadBytesPerSecond;
  for (let n = 1; n <= reloads; n++) {
    // Mid-chunk: half a chunk's time after the chunk that ends a quarter, a half, three quarters.
    const at = Math.floor((chunks * n) / (reloads + 1));
    while (chunksDone < at) await page.waitForTimeout(100);
    await page.waitForTimeout((chunkSeconds / 2) * 1000);
    await page.reload();
    await page.getByText('Enviando como:').waitFor();
  }
  await page.getByText('Tudo enviado! Você já pode fechar esta página.').waitFor({ timeout: 900_000 });
  const seconds = (Date.now() - started) / 1000;
  const wire = proxy.sent();
  await mine.first().waitFor();
  const stored = (await (await fetch(`${api.url}/api/events/photos/${api.albumId}`)).json()).length;
  await context.close();
  await proxy.close();
  await api.stop();
  return { seconds, wire, stored };
}

try {
  const media = await makeMedia();
  const fileBytes = [media.video, ...media.photos].reduce((sum, file) => sum + fs.statSync(file).size, 0);
  const browser = await chromium.launch({ executablePath: chromePath, args: CHROMIUM_ARGS });
  try {
    const calm = await run(browser, media, 0);
    const interrupted = await run(browser, media, 3);
    console.log(`A 200 MB video and 20 photos (${mb(fileBytes)} MB) over a ${mb(uploadBytesPerSecond)} MB/s link, medium profile`);
    for (const [label, result] of [['uninterrupted', calm], ['three reloads', interrupted]]) {
      console.log(
        `  ${label.padEnd(14)} ${result.seconds.toFixed(1).padStart(6)} s   ${mb(result.wire).padStart(7)} MB on the wire = ${(result.wire / fileBytes).toFixed(3)} × the files   ${result.stored}/21 stored`,
      );
    }
    console.log(`  time with three reloads / without: ${(interrupted.seconds / calm.seconds).toFixed(2)}× (goal ≤ 1.2×); wire / files with reloads: ${(interrupted.wire / fileBytes).toFixed(3)} (goal ≤ 1.1)`);
  } finally {
    await browser.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
