import { jpeg } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 12: an event with a PIN. A guest types it once; the albums, the gallery (its socket included)
// and uploads then work on that device; a wrong PIN is refused with the server's words.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true });

test("a guest types the event's PIN once and then sees the album and a new photo live", async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const auth = await fetch(`${url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(organiser) });
  const token = auth.headers.get('authentication')!;
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Festa com PIN', date: '2030-05-10 18:00', location: 'Salão', contact: 'c@example.com', pin: '4821' })) form.set(key, value);
  const event = (await (await fetch(`${url}/api/events`, { method: 'POST', headers: { authentication: token }, body: form })).json()) as { id: string };
  const album = (await (
    await fetch(`${url}/api/albums/${event.id}`, {
      method: 'POST',
      headers: { authentication: token, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Festa', description: 'Fotos', is_public: true, is_available: true }),
    })
  ).json()) as { id: string };

  await page.goto(`${url}/events/share/${event.id}`);
  await page.getByRole('button', { name: 'Registrar um momento' }).click();
  await expect(page.getByRole('heading', { name: 'Digite o PIN do evento' })).toBeVisible();
  await page.getByLabel('PIN do evento').fill('1111');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('PIN incorreto. Confira com quem organiza o evento.')).toBeVisible();
  await page.getByLabel('PIN do evento').fill('4821');
  await page.getByRole('button', { name: 'Continuar' }).click();
  // One public album: straight to its gallery.
  await expect(page).toHaveURL(`${url}/events/share/albums/${album.id}`);
  await expect(page.getByText('Nenhuma foto encontrada')).toBeVisible();

  const upload = new FormData();
  upload.set('album_id', album.id);
  upload.set('user_id', 'Tia Rosa');
  upload.append('images', new Blob([new Uint8Array(await jpeg('#c2185b'))], { type: 'image/jpeg' }), 'rosa.jpg');
  expect((await fetch(`${url}/api/events/photos`, { method: 'POST', body: upload })).status).toBe(403);
  expect((await fetch(`${url}/api/events/photos`, { method: 'POST', body: upload, headers: { 'x-event-pin': '4821' } })).status).toBe(201);
  await expect(page.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toBeVisible({ timeout: 15_000 });
});
