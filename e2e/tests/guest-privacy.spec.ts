import { jpeg, uploadPhotos } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 22 in a real browser: the organiser keeps the originals ('Convidados podem baixar as fotos'
// off), a PIN event opened from a gallery link asks for the PIN in place, and a gallery whose album
// is made private while open says so.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

async function eventWithAlbum(url: string, fields: Record<string, string>) {
  const auth = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
  const token = auth.headers.get('authentication')!;
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Aniversário da Bia', date: '2030-05-10 18:00', location: 'Salão', contact: 'c@example.com', ...fields })) form.set(key, value);
  const event = (await (await fetch(`${url}/api/events`, { method: 'POST', headers: { authentication: token }, body: form })).json()) as { id: string; guest_downloads: boolean };
  const album = (await (
    await fetch(`${url}/api/albums/${event.id}`, {
      method: 'POST',
      headers: { authentication: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
    })
  ).json()) as { id: string };
  return { token, event, albumId: album.id };
}

/** Until the album's photos have their renditions (the media worker runs in the background). */
async function processed(url: string, albumId: string, headers: Record<string, string> = {}) {
  await expect
    .poll(async () => {
      const photos = (await (await fetch(`${url}/api/events/photos/${albumId}`, { headers })).json()) as Array<{ compressed_photo: string | null }>;
      return photos.length > 0 && photos.every((photo) => photo.compressed_photo);
    }, { timeout: 20_000 })
    .toBe(true);
}

test("with 'Convidados podem baixar as fotos' off the lightbox offers no 'Baixar' and the original is refused", async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const { event, albumId } = await eventWithAlbum(url, { guest_downloads: 'false' });
  expect(event.guest_downloads).toBe(false);
  await uploadPhotos(url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);
  await processed(url, albumId);

  await page.goto(`${url}/events/share/albums/${albumId}`);
  await page.getByRole('button', { name: 'Foto enviada por Tia Rosa' }).click();
  await expect(page.getByRole('button', { name: 'Aumentar zoom' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar imagem' })).toHaveCount(0);
  // The screen copy loads; the original, asked for as the page would, is refused with the organiser's rule.
  const answers = await page.evaluate(async (api) => {
    const [photo] = (await (await fetch(`${api}/api/events/photos/${location.pathname.split('/').pop()}`)).json()) as Array<{ original_photo: string; display_photo: string }>;
    const original = await fetch(`${api}${photo.original_photo}`);
    const display = await fetch(`${api}${photo.display_photo}`);
    return { original: original.status, message: ((await original.json()) as { message: string }).message, display: display.status };
  }, url);
  expect(answers).toEqual({ original: 403, message: 'O organizador não liberou o download das fotos originais.', display: 200 });
  await page.screenshot({ path: test.info().outputPath('lightbox-without-download.png') });
});

test('a PIN event opened from a gallery link asks for the PIN in place, then shows the album; closing the album shows why', async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const { token, albumId } = await eventWithAlbum(url, { pin: '4821' });
  const form = new FormData();
  form.set('album_id', albumId);
  form.set('user_id', 'Tio Zé');
  form.append('images', new Blob([new Uint8Array(await jpeg('#1565c0'))], { type: 'image/jpeg' }), 'ze.jpg');
  expect((await fetch(`${url}/api/events/photos`, { method: 'POST', body: form, headers: { 'x-event-pin': '4821' } })).status).toBe(201);
  await processed(url, albumId, { 'x-event-pin': '4821' });

  await page.goto(`${url}/events/share/albums/${albumId}`);
  await expect(page.getByRole('heading', { name: 'Digite o PIN do evento' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('gallery-link-pin.png') });
  await page.getByLabel('PIN do evento').fill('4821');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const tile = page.getByRole('img', { name: 'Foto enviada por Tio Zé' });
  await expect(tile).toBeVisible();
  // The tile's image really loaded (its URL is signed for the PIN).
  await expect.poll(() => tile.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect.poll(() => tile.getAttribute('src')).toMatch(/scope=g&exp=\d+&sig=/);

  // The organiser makes the album private: the open gallery says so at once.
  const put = await fetch(`${url}/api/albums/${albumId}`, {
    method: 'PUT',
    headers: { authentication: token, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: false, is_available: true }),
  });
  expect(put.status).toBe(200);
  await expect(page.getByText('Este álbum não está mais disponível.')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: 'Foto enviada por Tio Zé' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('album-no-longer-available.png') });
});
