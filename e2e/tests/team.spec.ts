import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg, uploadPhotos } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 27: the owner invites a moderator from the 'Equipe' tab; the moderator creates an account
// from the link, finds the event in their list with their role and hides a photo.
test('the owner invites a moderator who accepts and hides a photo', async ({ page, browser, organiserServer }) => {
  test.setTimeout(150_000);
  const url = organiserServer.url;
  const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);

  // The owner: event form → 'Equipe' → 'Convidar pessoa' (Moderador) → the link to copy (no SMTP here).
  await page.addInitScript((value) => localStorage.setItem('auth', value), token);
  await page.goto(`${url}/events/register/${eventId}`);
  await page.getByRole('tab', { name: 'Equipe' }).click();
  await expect(page.getByText('Ninguém além de você ainda.', { exact: false })).toBeVisible();
  await expectNoViolations(page, 'team tab');
  await page.getByRole('button', { name: 'Convidar pessoa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Convidar pessoa' });
  await dialog.getByRole('radio', { name: 'Moderador' }).check();
  await expectNoViolations(page, 'invite dialog');
  await dialog.getByRole('button', { name: 'Criar convite' }).click();
  const link = await dialog.getByLabel('Link do convite').inputValue();
  expect(link).toMatch(new RegExp(`^${url}/equipe/[A-Za-z0-9_-]{32}$`));
  await page.screenshot({ path: '/tmp/e2e-team-invite.png' });

  // The moderator, on another device: the link, a new account, the event with the role.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  await other.addInitScript(() => localStorage.setItem('hasSeenEventListTour', 'true'));
  const mod = await other.newPage();
  await mod.goto(link);
  await expect(mod.getByText('convidou você para ser Moderador de Casamento Ana & Bruno.')).toBeVisible();
  await expectNoViolations(mod, 'invite page');
  await mod.getByRole('button', { name: 'Criar conta' }).click();
  await mod.getByLabel('Seu nome').fill('Rui Moderador');
  await mod.getByLabel('E-mail').fill('rui@example.com');
  await mod.getByLabel('Senha').fill('senha-segura-1');
  await mod.getByRole('button', { name: 'Criar conta' }).last().click();
  await expect(mod).toHaveURL(`${url}/events`);
  await expect(mod.getByText('Moderador de Casamento Ana & Bruno')).toBeVisible();
  await mod.screenshot({ path: '/tmp/e2e-team-member-list.png' });
  await mod.getByRole('button', { name: 'Opções do evento Casamento Ana & Bruno' }).click();
  await expect(mod.getByRole('menuitem', { name: 'Editar' })).toHaveCount(0);
  await expect(mod.getByRole('menuitem', { name: 'Excluir' })).toHaveCount(0);
  await mod.getByRole('menuitem', { name: 'Fotos' }).click();

  // The photo screen: select and hide.
  await expect(mod.getByRole('heading', { name: 'Fotos do evento' })).toBeVisible();
  await expect(mod.getByRole('button', { name: 'Foto enviada por Tia Rosa' })).toBeVisible({ timeout: 20_000 });
  await mod.getByRole('button', { name: 'Selecionar' }).click();
  await mod.getByRole('button', { name: 'Foto enviada por Tia Rosa' }).click();
  await mod.getByRole('toolbar', { name: 'Ações das fotos selecionadas' }).getByRole('button', { name: 'Ocultar' }).click();
  await expect(mod.getByRole('button', { name: 'Foto enviada por Tia Rosa Oculta' })).toBeVisible();

  // The owner's team lists the moderator; the server agrees the photo is hidden.
  await page.getByRole('button', { name: 'Fechar' }).click();
  await page.reload();
  await page.getByRole('tab', { name: 'Equipe' }).click();
  await expect(page.getByText('Rui Moderador')).toBeVisible();
  const photos = await (await fetch(`${url}/api/events/photos/${albumId}`, { headers: { authentication: token } })).json();
  expect(photos[0]).toMatchObject({ user_id: 'Tia Rosa', hidden: true });
  await other.close();
});
