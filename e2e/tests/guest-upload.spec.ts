import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/csp-guard';
import { startServer, type RunningServer } from '../support/server';

// The guest's journey on a phone (spec §2, §4): invite link → welcome → album → name → photos and a
// video → send → 'Arquivos enviados', against the real all-in-one server.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const organiser = { email: 'noiva@example.com', password: 'senha-do-casamento-1' };

interface EventFixture {
  eventId: string;
  code: string;
  albumId: string;
}

async function api(server: RunningServer, path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authentication', init.token);
  return fetch(`${server.url}${path}`, { ...init, headers });
}

/** The organiser's side, through the API: an event with one public album open for uploads. */
async function createEvent(server: RunningServer): Promise<EventFixture> {
  const login = await api(server, '/api/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(organiser),
  });
  const token = login.headers.get('authentication') as string;
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Casamento Ana & Rui', date: '2030-06-01 18:30', location: 'Lisboa', contact: organiser.email })) {
    form.append(key, value);
  }
  const event = await (await api(server, '/api/events', { method: 'POST', body: form, token })).json();
  const album = await (
    await api(server, `/api/albums/${event.id}`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Festa', description: 'Fotos da festa', is_public: true, is_available: true }),
    })
  ).json();
  return { eventId: event.id, code: event.code, albumId: album.id };
}

/** Three real JPEGs made with sharp and, when ffmpeg is installed, a one-second MP4. */
async function makeMedia(dir: string): Promise<{ photos: string[]; video: string | null }> {
  // sharp is the API server's dependency; the test only uses it to make real image bytes.
  const sharp = (await import('sharp')).default;
  const colours = ['#e11d48', '#0ea5e9', '#22c55e'];
  const photos: string[] = [];
  for (const [index, colour] of colours.entries()) {
    const path = join(dir, `foto-${index + 1}.jpg`);
    writeFileSync(path, await sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).jpeg().toBuffer());
    photos.push(path);
  }
  let video: string | null = join(dir, 'video.mp4');
  try {
    execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', '1', '-pix_fmt', 'yuv420p', '-y', video]);
  } catch {
    video = null;
  }
  if (video && !existsSync(video)) video = null;
  return { photos, video };
}

async function openUploadAsGuest(page: Page, server: RunningServer, fixture: EventFixture) {
  await page.goto(`${server.url}/invite/${fixture.code}`);
  await expect(page.getByRole('heading', { name: 'Casamento Ana & Rui' })).toBeVisible();
  await page.getByRole('button', { name: 'Registrar um momento' }).click();
  // One public album: the list goes straight to its gallery; 'Nova foto' from there, or directly:
  await page.goto(`${server.url}/events/upload/${fixture.eventId}`);
  await page.getByLabel('Quem está enviando as fotos?').fill('Tia Rosa');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Enviando como:')).toBeVisible();
}

async function storedPhotos(server: RunningServer, albumId: string) {
  return (await (await api(server, `/api/events/photos/${albumId}`)).json()) as { id: string; user_id: string; file_type: string }[];
}

test.describe('a guest sends photos and a video from the invite link', () => {
  let server: RunningServer;
  let media: { photos: string[]; video: string | null };
  let dir: string;

  test.beforeAll(async () => {
    server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password });
    dir = mkdtempSync(join(tmpdir(), 'momentos-guest-'));
    media = await makeMedia(dir);
  });
  test.afterAll(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // The tour has its own test; elsewhere it would cover the controls.
  const skipTour = (page: Page) => page.addInitScript(() => localStorage.setItem('hasSeenUploadTour', 'true'));

  test('invite → welcome → name → three photos and a video → "Arquivos enviados", all stored', async ({ page }) => {
    await skipTour(page);
    const fixture = await createEvent(server);
    await openUploadAsGuest(page, server, fixture);

    const files = media.video ? [...media.photos, media.video] : media.photos;
    await page.getByLabel('Selecionar foto').setInputFiles(files);
    await expect(page.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem')).toHaveCount(files.length);

    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    const done = page.getByRole('dialog', { name: 'Arquivos enviados' });
    await expect(done).toContainText(`${files.length} arquivos foram enviados com sucesso. Você poderá visualizá-los pela galeria.`);
    await expect(page.getByText('Tudo enviado! Você já pode fechar esta página.')).toBeVisible();

    const stored = await storedPhotos(server, fixture.albumId);
    expect(stored).toHaveLength(files.length);
    expect(new Set(stored.map((photo) => photo.user_id))).toEqual(new Set(['Tia Rosa']));
    expect(stored.filter((photo) => photo.file_type === 'video')).toHaveLength(media.video ? 1 : 0);
  });

  test('a response cut on its way back is retried and every file is stored exactly once', async ({ page }) => {
    await skipTour(page);
    const fixture = await createEvent(server);
    await openUploadAsGuest(page, server, fixture);

    // A proxy between the phone and the server: the first upload reaches the server and is stored,
    // but the connection drops before the answer arrives. The engine retries the same files.
    let cut = 0;
    await page.route('**/api/events/photos', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (cut === 0) {
        cut += 1;
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });

    await page.getByLabel('Selecionar foto').setInputFiles(media.photos);
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(page.getByRole('dialog', { name: 'Arquivos enviados' })).toBeVisible({ timeout: 30_000 });
    expect(cut).toBe(1);
    expect(await storedPhotos(server, fixture.albumId)).toHaveLength(media.photos.length);
  });

  test('on a slow connection a file above 10 MB goes through the chunk calls and is stored once', async ({ page }) => {
    await skipTour(page);
    // The browser reports a 2G connection: the slow profile, whose chunk threshold is 10 MB.
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '2g', downlink: 0.3, saveData: false } }),
    );
    const fixture = await createEvent(server);
    // A 12 MB PNG of noise (it does not compress), so its bytes are a real image.
    const sharp = (await import('sharp')).default;
    const noise = Buffer.alloc(2000 * 2000 * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 2654435761) >>> 24;
    const big = join(dir, 'grande.png');
    writeFileSync(big, await sharp(noise, { raw: { width: 2000, height: 2000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer());

    const chunkCalls: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/events\/photos\/chunk\/(init|upload|finalize)$/.exec(request.url());
      if (match) chunkCalls.push(match[1]);
    });
    await openUploadAsGuest(page, server, fixture);
    await expect(page.getByRole('status', { name: 'Conexão lenta detectada' })).toBeVisible();
    await page.getByLabel('Selecionar foto').setInputFiles(big);
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(page.getByRole('dialog', { name: 'Arquivos enviados' })).toBeVisible({ timeout: 30_000 });
    expect(chunkCalls[0]).toBe('init');
    expect(chunkCalls.filter((call) => call === 'upload')).toHaveLength(3); // 5 MB chunks
    expect(chunkCalls[chunkCalls.length - 1]).toBe('finalize');
    expect(await storedPhotos(server, fixture.albumId)).toHaveLength(1);
  });

  test("issue 29: the phone sends the photo's preview once, upright and small, and the server's own copies replace it", async ({ page }) => {
    await skipTour(page);
    const fixture = await createEvent(server);
    // A phone's portrait photo: stored landscape, with the EXIF orientation that turns it upright.
    const sharp = (await import('sharp')).default;
    const portrait = join(dir, 'retrato.jpg');
    writeFileSync(portrait, await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#7c3aed' } }).withMetadata({ orientation: 6 }).jpeg().toBuffer());

    // Chromium gives a test no multipart body made of blobs: the page keeps what it appends as 'preview'.
    await page.addInitScript(() => {
      const kept: Blob[] = [];
      (window as unknown as { previewsSent: Blob[] }).previewsSent = kept;
      const append = FormData.prototype.append as (this: FormData, ...args: unknown[]) => void;
      FormData.prototype.append = function (this: FormData, ...args: unknown[]) {
        if (args[0] === 'preview' && args[1] instanceof Blob) kept.push(args[1]);
        append.apply(this, args);
      };
    });
    const previewsSent = () => page.evaluate(() => (window as unknown as { previewsSent: Blob[] }).previewsSent.length);
    await openUploadAsGuest(page, server, fixture);
    await page.getByLabel('Selecionar foto').setInputFiles(portrait);
    await expect(page.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem')).toHaveCount(1);
    // Made while the guest looks at the selection, the preview goes in the photo's own request: the
    // answer already shows it (else it would follow on its own after the answer).
    const answer = page.waitForResponse((response) => response.request().method() === 'POST' && /\/api\/events\/photos$/.test(response.url()));
    await page.waitForTimeout(500);
    await page.getByRole('button', { name: 'Enviar arquivos' }).click();
    const [stored] = (await (await answer).json()).photos as Array<{ processing: boolean; compressed_photo: string | null }>;
    expect(stored.processing).toBe(false);
    expect(stored.compressed_photo).toMatch(/-preview-[0-9a-f]{8}\.webp/);
    await expect(page.getByRole('dialog', { name: 'Arquivos enviados' })).toBeVisible({ timeout: 30_000 });
    expect(await previewsSent()).toBe(1);
    const sent = await page.evaluate(async () => {
      const [preview] = (window as unknown as { previewsSent: Blob[] }).previewsSent;
      return { type: preview.type, bytes: Array.from(new Uint8Array(await preview.arrayBuffer())) };
    });
    expect(sent.type).toBe('image/webp');
    const made = await sharp(Buffer.from(sent.bytes)).metadata();
    expect({ format: made.format, width: made.width, height: made.height, exif: made.exif }).toEqual({ format: 'webp', width: 480, height: 640, exif: undefined });
    // The photo's own pixels (#7c3aed), not an empty canvas.
    const { channels } = await sharp(Buffer.from(sent.bytes)).stats();
    const purple = [124, 58, 237];
    for (const [index, channel] of channels.slice(0, 3).entries()) expect(Math.abs(channel.mean - purple[index])).toBeLessThan(6);
    // In the end the photo shows the server's copies, and no preview is kept.
    await expect
      .poll(async () => ((await (await api(server, `/api/events/photos/${fixture.albumId}`)).json()) as Array<{ compressed_photo: string | null }>)[0]?.compressed_photo ?? '', { timeout: 20_000 })
      .toMatch(/-grid\.webp/);
    expect(await previewsSent()).toBe(1);
  });

  test('the upload tour starts once, 1 s after the screen opens', async ({ page }) => {
    const fixture = await createEvent(server);
    await openUploadAsGuest(page, server, fixture);
    await expect(page.getByText('Passo 1 de 5')).toBeVisible();
    await page.getByRole('button', { name: 'Pular' }).click();
    await page.reload();
    await expect(page.getByText('Enviando como:')).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.getByText('Passo 1 de 5')).toHaveCount(0);
  });
});
