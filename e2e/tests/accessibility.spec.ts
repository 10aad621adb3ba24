import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Every screen of the product on a phone, checked with axe-core (e2e/support/axe.ts).
test.describe('accessibility of every screen (axe-core)', () => {
  test('the organiser\'s screens: entry, login, event list, new event, edit form and albums tab', async ({ page, organiserServer }) => {
    test.setTimeout(90_000);
    const url = organiserServer.url;
    const { eventId } = await createPublicAlbum(url, organiser.email, organiser.password);

    await page.goto(`${url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();
    await expectNoViolations(page, 'entry');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expectNoViolations(page, 'login');

    await page.evaluate(() => localStorage.setItem('hasSeenEventListTour', 'true'));
    await page.getByLabel('E-mail', { exact: true }).fill(organiser.email);
    await page.getByLabel('Senha').fill(organiser.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByRole('heading', { name: 'Gerenciar eventos' })).toBeVisible();
    await expect(page.getByText('Casamento Ana & Bruno')).toBeVisible();
    await expectNoViolations(page, '/events');

    await page.goto(`${url}/events/register`);
    await expect(page.getByRole('button', { name: 'Cadastrar' })).toBeVisible();
    await expectNoViolations(page, '/events/register');

    await page.goto(`${url}/events/register/${eventId}`);
    await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
    await expect(page.getByLabel('Nome do evento')).toHaveValue('Casamento Ana & Bruno');
    await expectNoViolations(page, 'edit form');
    await page.getByRole('tab', { name: 'Álbuns' }).click();
    await expect(page.getByText('Festa')).toBeVisible();
    await expectNoViolations(page, 'albums tab');
  });

  test('the guest\'s screens: painted welcome, album list, upload and gallery', async ({ page, organiserServer }) => {
    test.setTimeout(90_000);
    const url = organiserServer.url;
    const { code, albumId, eventId } = await createPublicAlbum(url, organiser.email, organiser.password);
    await uploadPhotos(url, albumId, 'Tia Rosa', [
      { name: 'a.jpg', bytes: await jpeg('#b45309') },
      { name: 'b.jpg', bytes: await jpeg('#0f766e') },
    ]);
    await waitForThumbnails(url, albumId, 2);

    await page.goto(`${url}/invite/${code}`);
    await expect(page).toHaveURL(`${url}/events/share/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Casamento Ana & Bruno' })).toBeVisible();
    await expectNoViolations(page, 'welcome');

    await page.getByRole('button', { name: 'Registrar um momento' }).click();
    // One public album: straight to its gallery.
    await expect(page.getByRole('heading', { name: 'Galeria de fotos' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Tia Rosa/ }).first()).toBeVisible();
    await expectNoViolations(page, 'gallery');

    await page.goto(`${url}/events/upload/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Registrar momento' })).toBeVisible();
    await expectNoViolations(page, 'upload: name prompt');
  });
});
