import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/csp-guard';
import { createPublicAlbum } from '../support/gallery-album';
import { startServer, type RunningServer } from '../support/server';

// Issue 10: nothing a guest does (reload, go offline, select again) loses or doubles a photo. A phone
// on a slow, throttled link sends 8 photos and a 30 MB video through the device's queue.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const organiser = { email: 'fila@example.com', password: 'senha-da-fila-1' };
const MB = 1024 * 1024;
/** Upload throughput of the emulated link: the 30 MB video takes about 10 s. */
const UPLOAD_BYTES_PER_SECOND = 3 * MB;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Eight distinct JPEGs (noise, so no two share bytes) and a real MP4 padded to 30 MB. */
async function makeMedia(dir: string): Promise<{ photos: string[]; video: string }> {
  const sharp = (await import('sharp')).default;
  const photos: string[] = [];
  for (let n = 0; n < 8; n++) {
    const path = join(dir, `foto-${n + 1}.jpg`);
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 40 };
    writeFileSync(path, await sharp({ create: { width: 400 + n, height: 300, channels: 3, background: '#000', noise } }).jpeg({ quality: 80 }).toBuffer());
    photos.push(path);
  }
  const clip = join(dir, 'clip.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-y', clip]);
  // A player stops at the end of the movie; the padding makes the upload as long as a real clip.
  const video = join(dir, 'video.mp4');
  writeFileSync(video, Buffer.concat([readFileSync(clip), randomBytes(30 * MB)]).subarray(0, 30 * MB));
  return { photos, video };
}

/** A slow mobile link (Chromium's network emulation), or none at all. */
async function link(cdp: CDPSession, state: 'slow' | 'offline') {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: state === 'offline',
    latency: 80,
    downloadThroughput: 4 * MB,
    uploadThroughput: UPLOAD_BYTES_PER_SECOND,
  });
}

const previews = (page: Page) => page.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem');
const myPhotos = (page: Page) => page.getByRole('region', { name: 'Minhas fotos' }).getByRole('listitem');

test.describe("the guest's queue on a phone", () => {
  let server: RunningServer;
  let dir: string;
  let media: { photos: string[]; video: string };

  test.beforeAll(async () => {
    server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password });
    dir = mkdtempSync(join(tmpdir(), 'momentos-queue-'));
    media = await makeMedia(dir);
  });
  test.afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('reload mid-video, offline mid-batch, a re-pick and a removal: each file stored once, byte for byte', async ({ page, context }) => {
    test.setTimeout(180_000);
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await page.addInitScript(() => {
      localStorage.setItem('hasSeenUploadTour', 'true');
      // The browser reports a 2G link: the slow profile (chunks above 10 MB, one request at a time).
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '2g', downlink: 0.3, saveData: false } });
    });
    const cdp = await context.newCDPSession(page);
    await link(cdp, 'slow');

    // Every chunk request the page starts (a blob body cannot be read here, so they are counted: the
    // video has 6 chunks, and the server holds each one, so every request above 6 is a chunk sent again).
    let chunkSends = 0;
    let chunksAnswered = 0;
    const statusCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events/photos/chunk/upload')) chunkSends += 1;
      if (/\/api\/events\/photos\/chunk\/ups_/.test(request.url())) statusCalls.push(request.url());
    });
    page.on('requestfinished', async (request) => {
      if (request.url().endsWith('/api/events/photos/chunk/upload') && (await request.response())?.status() === 200) chunksAnswered += 1;
    });

    await page.goto(`${server.url}/events/upload/${album.eventId}`);
    await page.getByLabel('Quem está enviando as fotos?').fill('Tia Rosa');
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Four photos and the video (the slow profile's five per selection), then the page reloads
    // while the video is half sent.
    await page.getByLabel('Selecionar foto').setInputFiles([...media.photos.slice(0, 4), media.video]);
    await expect(previews(page)).toHaveCount(5);
    await expect(previews(page).first()).toHaveAccessibleName('foto-1.jpg: Aguardando');
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(page.getByRole('listitem', { name: /^video\.mp4: Enviando \d+%$/ })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => chunksAnswered, { timeout: 60_000 }).toBeGreaterThanOrEqual(3); // of 6
    await page.reload();

    // Back on the page: the queue resumes by itself and sends only the chunks the server lacks.
    await expect(page.getByRole('listitem', { name: /^video\.mp4: Enviada$/ })).toBeVisible({ timeout: 60_000 });
    await expect(myPhotos(page)).toHaveCount(5);
    await page.getByRole('dialog', { name: 'Arquivos enviados' }).getByRole('button', { name: 'Fechar' }).click();
    expect(statusCalls.length).toBeGreaterThanOrEqual(1); // the reloaded page asked where the session stood
    expect(chunkSends - 6).toBeLessThan(2);

    // Four more photos; the connection drops while they are on their way, then comes back.
    let batchStarted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/events/photos')) batchStarted = true;
    });
    await link(cdp, 'slow');
    await page.getByLabel('Selecionar foto').setInputFiles(media.photos.slice(4));
    await expect(previews(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect.poll(() => batchStarted).toBe(true);
    await link(cdp, 'offline');
    await expect(page.getByText('Sem conexão. O envio continua quando a internet voltar.')).toBeVisible();
    await page.waitForTimeout(1500);
    await link(cdp, 'slow');
    await expect(page.getByText('Tudo enviado! Você já pode fechar esta página.')).toBeVisible({ timeout: 60_000 });
    await page.getByRole('dialog', { name: 'Arquivos enviados' }).getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByText('Sem conexão. O envio continua quando a internet voltar.')).toHaveCount(0);
    await expect(myPhotos(page)).toHaveCount(9);

    // The server holds each file exactly once, byte for byte.
    const stored = (await (await fetch(`${server.url}/api/events/photos/${album.albumId}`)).json()) as Array<{ id: string; original_photo: string }>;
    expect(stored).toHaveLength(9);
    const storedHashes = await Promise.all(stored.map(async (photo) => sha256(Buffer.from(await (await fetch(`${server.url}${photo.original_photo}`)).arrayBuffer()))));
    const localHashes = [...media.photos, media.video].map((path) => sha256(readFileSync(path)));
    expect(storedHashes.sort()).toEqual(localHashes.sort());

    // The guest picks two photos already sent: 'Já enviada', nothing new is stored.
    await page.getByLabel('Selecionar foto').setInputFiles(media.photos.slice(0, 2));
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(page.getByRole('listitem', { name: 'foto-1.jpg: Já enviada' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('listitem', { name: 'foto-2.jpg: Já enviada' })).toBeVisible();
    expect((await (await fetch(`${server.url}/api/events/photos/${album.albumId}`)).json()).length).toBe(9);
    const tip = page.getByRole('dialog', { name: 'Arquivos enviados' });
    if (await tip.isVisible()) await tip.getByRole('button', { name: 'Fechar' }).click();

    // An open gallery drops a photo the guest removes from 'Minhas fotos'.
    const gallery = await context.newPage();
    await gallery.goto(`${server.url}/events/share/albums/${album.albumId}`);
    const tiles = gallery.getByRole('button', { name: /^(Foto enviada|Vídeo enviado) por Tia Rosa$/ });
    await expect(tiles).toHaveCount(9);
    const mine = page.getByRole('region', { name: 'Minhas fotos' });
    await mine.getByRole('button', { name: 'Remover foto-3.jpg' }).click();
    await page.getByRole('dialog', { name: 'Remover foto' }).getByRole('button', { name: 'Remover' }).click();
    await expect(tiles).toHaveCount(8);
    await expect(myPhotos(page)).toHaveCount(10); // nine sent plus the two 'Já enviada', less the one removed
    expect((await (await fetch(`${server.url}/api/events/photos/${album.albumId}`)).json()).length).toBe(8);
  });
});
