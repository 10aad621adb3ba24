import type { Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 26 item 4: the wall shows the guestbook's published messages between photos (one per N
// photos: 'Recados no telão') and has a 'Só favoritas' mode. A hidden message never reaches it, and
// one hidden while on screen leaves at once.
test.use({ viewport: { width: 1280, height: 720 } });

test('the wall: published messages between photos, never a hidden one; Só favoritas', async ({ browser, organiserServer }) => {
  test.setTimeout(120_000);
  const url = organiserServer.url;
  const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  const owner = { authentication: token, 'content-type': 'application/json' };
  const sent = await uploadPhotos(url, albumId, 'Ana', [{ name: 'ana.jpg', bytes: await jpeg('#c2185b') }]);
  await uploadPhotos(url, albumId, 'Bia', [{ name: 'bia.jpg', bytes: await jpeg('#00897b') }]);
  await waitForThumbnails(url, albumId, 2);
  const star = await fetch(`${url}/api/events/photos/${sent.photos[0].id}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ favorite: true }) });
  expect(star.status).toBe(200);

  const post = async (name: string, text: string) => {
    const form = new FormData();
    form.set('user_id', name);
    form.set('text', text);
    const answer = await fetch(`${url}/api/events/${eventId}/messages`, { method: 'POST', body: form });
    expect(answer.status).toBe(201);
    return ((await answer.json()) as { id: string }).id;
  };
  const hide = async (id: string) => {
    const answer = await fetch(`${url}/api/events/messages/${id}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ hidden: true }) });
    expect(answer.status).toBe(200);
  };
  await post('Tia Rosa', 'Felicidades ao casal!');
  await hide(await post('Penetra', 'Recado a ocultar'));

  const link = await fetch(`${url}/api/events/${eventId}/wall-link`, { method: 'POST', headers: { authentication: token, origin: url } });
  const { url: wallUrl } = (await link.json()) as { url: string };
  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const wall = await tv.newPage();
  await wall.goto(`${wallUrl}?recados=2`);
  await expect(wall.getByRole('img', { name: /^Enviada por/ })).toBeVisible({ timeout: 20_000 });
  await expect(wall.getByLabel('Recados no telão')).toHaveValue('2');
  // Held still: the test steps with the arrow key (the wall's own control).
  await wall.keyboard.press('p');

  /** Steps until `text` is on screen (at most `steps` slides), checking the hidden message never is. */
  const stepUntil = async (page: Page, text: string, steps: number) => {
    for (let step = 0; step < steps; step++) {
      await expect(page.getByText('Recado a ocultar')).toHaveCount(0);
      if ((await page.getByText(text).count()) > 0) return;
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(150);
    }
    await expect(page.getByText(text)).toBeVisible();
  };
  await stepUntil(wall, 'Felicidades ao casal!', 4);
  await expect(wall.getByText('Recado de Tia Rosa')).toBeVisible();
  await expect(wall.getByRole('img', { name: /^Enviada por/ })).toHaveCount(0);
  await expectNoViolations(wall, 'telão com recado');
  await wall.screenshot({ path: test.info().outputPath('live-wall-message.png') });
  // Two photos come between two messages.
  for (let step = 0; step < 2; step++) {
    await wall.keyboard.press('ArrowRight');
    await expect(wall.getByRole('img', { name: /^Enviada por/ })).toBeVisible();
  }
  await wall.keyboard.press('ArrowRight');
  await expect(wall.getByText('Felicidades ao casal!')).toBeVisible();

  // A message sent now reaches the wall live; hidden by the organiser while on screen, it leaves at once.
  const live = await post('Primo Zé', 'Que festa linda!');
  await stepUntil(wall, 'Que festa linda!', 6);
  await hide(live);
  await expect(wall.getByText('Que festa linda!')).toHaveCount(0, { timeout: 5_000 });
  for (let step = 0; step < 6; step++) {
    await wall.keyboard.press('ArrowRight');
    await expect(wall.getByText(/Que festa linda!|Recado a ocultar/)).toHaveCount(0);
  }

  // 'Só favoritas': only Ana's photo (the organiser's star) runs.
  await wall.getByRole('button', { name: 'Só favoritas' }).click();
  await expect(wall.getByRole('button', { name: 'Só favoritas' })).toHaveAttribute('aria-pressed', 'true');
  await expect(wall).toHaveURL(/favoritas=1/);
  let anaShown = 0;
  for (let step = 0; step < 6; step++) {
    await wall.keyboard.press('ArrowRight');
    await expect(wall.getByRole('img', { name: 'Enviada por Ana' }).or(wall.getByText('Felicidades ao casal!'))).toBeVisible();
    await expect(wall.getByRole('img', { name: 'Enviada por Bia' })).toHaveCount(0);
    anaShown += await wall.getByRole('img', { name: 'Enviada por Ana' }).count();
  }
  expect(anaShown).toBeGreaterThan(0);
  await expectNoViolations(wall, 'telão só favoritas');
  await tv.close();
});
