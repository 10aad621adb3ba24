import { createPublicAlbum, jpeg, uploadPhotos } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// The server paints the gallery before any script (issue 13); on a slow phone the guest taps a photo
// before the app can answer. The tap is kept and repeated once the app has taken over: the lightbox
// opens on the photo tapped, not on another by the same guest.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a photo tapped on the painted gallery before the app runs opens in the lightbox once the app is there', async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const album = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, album.albumId, 'Tia Rosa', [
    { name: 'primeira.jpg', bytes: await jpeg('#c2185b') },
    { name: 'segunda.jpg', bytes: await jpeg('#1565c0') },
  ]);
  await expect
    .poll(async () => ((await (await fetch(`${url}/api/events/photos/${album.albumId}`)).json()) as Array<{ compressed_photo: string | null }>).every((photo) => photo.compressed_photo), { timeout: 20_000 })
    .toBe(true);

  // The gallery remote's code arrives only when the test lets it: until then the painted view is all there is.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/remotes/gallery/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`${url}/events/share/albums/${album.albumId}`, { waitUntil: 'domcontentloaded' });
  const painted = page.locator('#first-paint');
  const tiles = painted.getByRole('button', { name: 'Foto enviada por Tia Rosa' });
  await expect(tiles).toHaveCount(2);
  // The newest first: the second tile is the first photo sent.
  await tiles.nth(1).tap();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  release();
  await expect(painted).toHaveCount(0);
  const lightbox = page.getByRole('button', { name: 'Aumentar zoom' });
  await expect(lightbox).toBeVisible();
  // The lightbox shows the tapped photo: its current slide's image is the first photo's screen copy.
  const photos = (await (await fetch(`${url}/api/events/photos/${album.albumId}`)).json()) as Array<{ display_photo: string }>;
  const keyOf = (src: string | null) => new URL(src ?? '', url).searchParams.get('path');
  const current = page.locator('.yarl__slide_current img').first();
  await expect.poll(async () => keyOf(await current.getAttribute('src'))).toBe(keyOf(photos[1].display_photo));
});
