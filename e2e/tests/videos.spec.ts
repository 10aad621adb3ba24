import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createPublicAlbum } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 25: videos every guest sends play in Debian's Chromium, which cannot decode HEVC: an iPhone-like
// HEVC .mov and a VP9 WebM play in the lightbox and on the wall from their H.264 renditions (frames
// decoded: videoWidth > 0 and time advancing), tiles show the duration, and the phone refuses a video
// longer than the event allows before sending it.

const dir = mkdtempSync(join(tmpdir(), 'momentos-e2e-videos-'));
const ff = (...args: string[]) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);

function fixtures() {
  const plain = join(dir, 'plain.mov');
  const iphone = join(dir, 'IMG_0042.MOV');
  ff('-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac', plain);
  ff('-i', plain, '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', iphone);
  const webm = join(dir, 'clip.webm');
  ff('-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=15', '-t', '2', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', webm);
  const long = join(dir, 'longo.mp4');
  ff('-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10', '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', long);
  return { iphone, webm, long };
}

async function upload(url: string, albumId: string, user: string, file: string, type: string) {
  const form = new FormData();
  form.set('album_id', albumId);
  form.set('user_id', user);
  form.append('images', new Blob([new Uint8Array(readFileSync(file))], { type }), file.split('/').pop());
  const response = await fetch(`${url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
}

/** Waits until every video of the album has its playback rendition. */
async function waitForRenditions(url: string, albumId: string, count: number) {
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${url}/api/events/photos/${albumId}`)).json()) as Array<{ playback_video: string | null }>;
        return list.filter((item) => item.playback_video).length;
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(count);
}

/** Frames are decoded: the video has a size and its time advances while it plays (muted, as autoplay allows). */
async function expectPlaying(video: Locator) {
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.videoWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  const start = await video.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true;
    await element.play().catch(() => undefined);
    return element.currentTime;
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(start + 0.2);
}

/** What this Chromium makes of the HEVC original itself (the reason for the rendition). */
async function originalWidth(page: Page, src: string): Promise<number> {
  return page.evaluate(
    (url) =>
      new Promise<number>((resolve) => {
        const video = document.createElement('video');
        video.muted = true;
        video.onloadeddata = () => resolve(video.videoWidth);
        video.onerror = () => resolve(-1);
        setTimeout(() => resolve(video.videoWidth), 5000);
        video.src = url;
      }),
    src,
  );
}

test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('HEVC and VP9 videos play in the lightbox and on the wall; tiles show their duration', async ({ page, browser, organiserServer }) => {
  test.setTimeout(240_000);
  const files = fixtures();
  const url = organiserServer.url;
  const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  await upload(url, albumId, 'Tia Rosa', files.iphone, 'video/quicktime');
  await upload(url, albumId, 'Primo Zé', files.webm, 'video/webm');
  await waitForRenditions(url, albumId, 2);

  await page.goto(`${url}/events/share/albums/${albumId}`);
  const tiles = page.getByRole('button', { name: /^Vídeo enviado por/ });
  await expect(tiles).toHaveCount(2);
  await expect(page.getByTestId('video-badge')).toHaveText(['0:02', '0:02']);
  // The duration and the hearts each keep a corner of the tile (the duration sat under the hearts).
  for (const cell of await page.getByRole('listitem').filter({ has: page.getByTestId('video-badge') }).all()) {
    const duration = (await cell.locator('.gallery-tile__duration').boundingBox())!;
    const heart = (await cell.getByRole('button', { name: /^Curtir/ }).boundingBox())!;
    const apart = duration.y + duration.height <= heart.y || heart.y + heart.height <= duration.y || duration.x + duration.width <= heart.x || heart.x + heart.width <= duration.x;
    expect(apart, `duration ${JSON.stringify(duration)} and hearts ${JSON.stringify(heart)} overlap`).toBe(true);
  }
  await page.screenshot({ path: test.info().outputPath('video-tiles.png') });

  const list = (await (await fetch(`${url}/api/events/photos/${albumId}`)).json()) as Array<{ user_id: string; original_photo: string }>;
  const hevc = list.find((item) => item.user_id === 'Tia Rosa')!;
  console.log(`the HEVC original's videoWidth in this Chromium: ${await originalWidth(page, `${url}${hevc.original_photo}`)}`);

  for (const name of ['Tia Rosa', 'Primo Zé']) {
    await page.getByRole('button', { name: `Vídeo enviado por ${name}` }).click();
    // The slide on screen (the lightbox makes its neighbours inert).
    const video = page.locator('video:not([inert] video)');
    await expect(video.locator('source')).toHaveAttribute('src', /-playback\.mp4/);
    await expectPlaying(video);
    await page.keyboard.press('Escape');
    await expect(page.locator('video')).toHaveCount(0);
  }

  // The wall on a TV (a wall link): it plays each video muted, inline.
  const link = await fetch(`${url}/api/events/${eventId}/wall-link`, { method: 'POST', headers: { authentication: token, origin: url } });
  const { url: wallUrl } = (await link.json()) as { url: string };
  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const wall = await tv.newPage();
  await wall.goto(wallUrl);
  const onWall = wall.locator('video.wall__media');
  await expect(onWall).toHaveAttribute('src', /-playback\.mp4/, { timeout: 20_000 });
  await expect(onWall).toHaveJSProperty('muted', true);
  await expectPlaying(onWall);
  await wall.screenshot({ path: test.info().outputPath('wall-video.png') });
  await tv.close();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a video longer than the event allows is refused before it is sent, with its length and the limit', async ({ page, organiserServer }) => {
    test.setTimeout(120_000);
    const files = fixtures();
    const url = organiserServer.url;
    const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
    const put = await fetch(`${url}/api/events/${eventId}`, {
      method: 'PUT',
      headers: { authentication: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Casamento Ana & Bruno', date: '2030-05-10 18:00', location: 'Salão Azul', contact: 'contato@example.com', video_max_seconds: 2 }),
    });
    expect(put.status).toBe(200);

    await page.goto(`${url}/events/upload/${eventId}`);
    await page.getByLabel('Quem está enviando as fotos?').fill('Tia Rosa');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Enviando como:')).toBeVisible();
    await page.getByLabel('Selecionar foto').setInputFiles(files.long);
    const refusal = page.getByRole('dialog', { name: 'Vídeo longo demais' });
    await expect(refusal).toContainText('Este vídeo tem 4 s; o limite deste evento é 2 s.');
    await page.screenshot({ path: test.info().outputPath('video-refused.png') });
    // Nothing was queued, nothing sent.
    await expect(page.getByRole('list', { name: 'Arquivos selecionados' })).toHaveCount(0);
    expect(await (await fetch(`${url}/api/events/photos/${albumId}`)).json()).toEqual([]);
  });
});
