import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg, uploadPhotos } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 12: the wall on a venue's TV (opened from a wall link, nobody signed in there) follows the
// party: a guest's photo goes on screen once stored, a photo the organiser hides leaves it, and after
// the network drops it catches up on what it missed.
test.use({ viewport: { width: 1280, height: 720 } });

test('the live wall: a guest photo appears, a hidden one leaves, a dropped network is caught up', async ({ browser, organiserServer }) => {
  test.setTimeout(120_000);
  const url = organiserServer.url;
  const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);
  const link = await fetch(`${url}/api/events/${eventId}/wall-link`, { method: 'POST', headers: { authentication: token, origin: url } });
  const { url: wallUrl } = (await link.json()) as { url: string };
  expect(wallUrl).toMatch(new RegExp(`^${url}/wall/`));

  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const wall = await tv.newPage();
  await wall.goto(wallUrl);
  await expect(wall.getByRole('img', { name: 'Enviada por Tia Rosa' })).toBeVisible({ timeout: 20_000 });
  await expect(wall.getByText('Envie suas fotos: aponte a câmera para o QR code')).toBeVisible();
  await expect(wall.getByRole('img', { name: 'QR code do convite do evento' })).toBeVisible();
  await expectNoViolations(wall, 'live wall');
  await wall.screenshot({ path: test.info().outputPath('live-wall.png') });

  // A guest sends a photo: it goes on the wall as soon as its rendition exists.
  const sent = await uploadPhotos(url, albumId, 'Primo Zé', [{ name: 'ze.jpg', bytes: await jpeg('#00897b') }]);
  await expect(wall.getByRole('img', { name: 'Enviada por Primo Zé' })).toBeVisible({ timeout: 10_000 });

  // The organiser hides it: it leaves the wall at once.
  const hidden = await fetch(`${url}/api/events/photos/${sent.photos[0].id}`, {
    method: 'PATCH',
    headers: { authentication: token, 'content-type': 'application/json' },
    body: JSON.stringify({ hidden: true }),
  });
  expect(hidden.status).toBe(200);
  await expect(wall.getByRole('img', { name: 'Enviada por Primo Zé' })).toHaveCount(0, { timeout: 5_000 });

  // The TV loses the network for 10 s; a photo sent meanwhile is on the wall once it is back.
  await tv.setOffline(true);
  await uploadPhotos(url, albumId, 'Vovó Lia', [{ name: 'lia.jpg', bytes: await jpeg('#f9a825') }]);
  await wall.waitForTimeout(10_000);
  await tv.setOffline(false);
  await expect(wall.getByRole('img', { name: 'Enviada por Vovó Lia' })).toBeVisible({ timeout: 40_000 });

  // Revoked, the link opens nothing.
  await fetch(`${url}/api/events/${eventId}/wall-link`, { method: 'DELETE', headers: { authentication: token } });
  await wall.reload();
  await expect(wall.getByRole('alert')).toHaveText('Este link do telão não está mais ativo. Peça um novo link a quem organiza o evento.');
  await tv.close();
});
