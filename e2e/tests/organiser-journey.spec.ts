import { clientSideToken } from '../support/fixtures';
import { jpeg } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// The organiser's journey of spec §2/§4 against the real all-in-one server, on a phone-size viewport.
test.describe('organiser journey', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('logs in, sees the tour once, manages an event with albums, shares and deletes it', async ({ page, organiserServer }) => {
    test.setTimeout(120_000);
    const url = organiserServer.url;

    // Entry: step 1, then the login form with 'Salvar e-mail'.
    await page.goto(`${url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();
    await page.screenshot({ path: '/tmp/organiser-entry.png' });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor, informe um e-mail válido')).toBeVisible();
    await page.getByLabel('E-mail', { exact: true }).fill(organiser.email);
    await page.getByLabel('Senha').fill('errada');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor, verifique se o e-mail e/ou senha estão corretos.')).toHaveCount(2);
    await page.getByLabel('Senha').fill(organiser.password);
    await page.getByRole('checkbox', { name: 'Salvar e-mail' }).check();
    await page.screenshot({ path: '/tmp/organiser-login.png' });
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`${url}/events`);
    expect(await page.evaluate(() => localStorage.getItem('saved-email'))).toBe(organiser.email);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    // The tour starts once, after 1 s.
    await expect(page.getByText('Nenhum evento encontrado :(')).toBeVisible();
    await expect(page.getByText('Gerenciamento de Eventos')).toBeVisible({ timeout: 5000 });
    await expect(page.getByText(/^Passo 1 de \d$/)).toBeVisible();
    await page.screenshot({ path: '/tmp/organiser-tour.png' });
    await page.getByRole('button', { name: 'Próximo' }).click();
    await expect(page.getByText('Próximos Eventos')).toBeVisible();
    await page.getByRole('button', { name: 'Pular' }).click();
    await expect(page.getByText('Próximos Eventos')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Gerenciar eventos' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(page.getByText('Gerenciamento de Eventos')).toBeHidden();

    // Create an event with an image.
    await page.getByRole('button', { name: 'Novo' }).click();
    await expect(page).toHaveURL(`${url}/events/register`);
    await expect(page.getByRole('tab', { name: 'Álbuns' })).toBeDisabled();
    await page.getByLabel('Nome do evento').fill('Casamento Ana e Bia');
    await page.getByLabel('Data', { exact: true }).fill('2099-10-12');
    await page.getByLabel('Horário').fill('18:30');
    await page.getByLabel('Local').fill('Recife');
    await page.getByLabel('E-mail do contratante').fill('ana@example.com');
    // A real photo (the server makes its card and AVIF copies of it).
    await page.getByLabel('Imagem do evento').setInputFiles({ name: 'capa.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#c27ba0', 1600, 1200) });
    await page.screenshot({ path: '/tmp/organiser-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByRole('dialog', { name: 'Evento cadastrado com sucesso' })).toBeVisible();
    await expect(page).toHaveURL(`${url}/events`, { timeout: 5000 });

    const row = page.getByRole('listitem').filter({ hasText: 'Casamento Ana e Bia' });
    await expect(row).toBeVisible();
    await expect(row.getByText('12/10/2099 18:30')).toBeVisible();
    const image = row.getByRole('img', { name: 'Imagem do evento Casamento Ana e Bia' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    // Issue 29: the 64-px row takes the card's smallest AVIF copy, not the image the organiser sent.
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-card-w720\.avif$/);
    await expect(page.locator('[data-tour="event-list-upcoming"] dd')).toHaveText('1');
    await page.screenshot({ path: '/tmp/organiser-list.png' });

    // Two albums, then edit one.
    await row.getByRole('button', { name: 'Opções do evento Casamento Ana e Bia' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/events\/register\/[^/]+$/);
    await expect(page.getByLabel('Nome do evento')).toHaveValue('Casamento Ana e Bia');
    await page.getByRole('tab', { name: 'Álbuns' }).click();
    const grid = page.getByRole('list', { name: 'Álbuns do evento' });
    for (const [name, description] of [
      ['Cerimônia', 'Fotos da cerimônia'],
      ['Festa', 'Fotos da festa'],
    ]) {
      await grid.getByRole('button', { name: 'Novo' }).click();
      const modal = page.getByRole('dialog', { name: 'Novo álbum' });
      await modal.getByLabel('* Nome do álbum').fill(name);
      await modal.getByLabel('* Descrição').fill(description);
      await modal.getByRole('switch', { name: 'Álbum público?' }).check();
      await modal.getByRole('switch', { name: 'Disponível para upload?' }).check();
      await modal.getByRole('button', { name: 'Adicionar' }).click();
      const feedback = page.getByRole('dialog', { name: 'Álbum cadastrado com sucesso' });
      await expect(feedback).toBeVisible();
      await feedback.getByRole('button', { name: 'Fechar' }).click();
      await expect(grid.getByRole('button', { name })).toBeVisible();
    }
    await grid.getByRole('button', { name: 'Festa' }).click();
    const editModal = page.getByRole('dialog', { name: 'Editar álbum' });
    await expect(editModal.getByLabel('* Nome do álbum')).toHaveValue('Festa');
    await editModal.getByLabel('* Nome do álbum').fill('Festa e jantar');
    await page.screenshot({ path: '/tmp/organiser-album-modal.png' });
    await editModal.getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByRole('dialog', { name: 'Álbum atualizado com sucesso' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Álbum atualizado com sucesso' }).getByRole('button', { name: 'Fechar' }).click();
    await expect(grid.getByRole('button', { name: 'Festa e jantar' })).toBeVisible();
    await expect(grid.getByRole('button')).toHaveCount(3);
    await page.screenshot({ path: '/tmp/organiser-albums.png' });

    // Share: QR visible, link copied.
    await page.getByRole('button', { name: 'Eventos' }).click();
    await expect(page).toHaveURL(`${url}/events`);
    await page.getByRole('button', { name: 'Opções do evento Casamento Ana e Bia' }).click();
    await page.getByRole('menuitem', { name: 'Compartilhar' }).click();
    const share = page.getByRole('dialog', { name: 'Compartilhar evento' });
    const qr = share.getByRole('img', { name: /QR code do convite/ });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const whatsApp = share.getByRole('link', { name: 'Compartilhar' });
    const href = decodeURIComponent((await whatsApp.getAttribute('href')) ?? '');
    expect(href).toMatch(new RegExp(`^https://wa\\.me/\\?text=.*${url.replace(/[.:/]/g, '\\$&')}/invite/[A-Z0-9]+`));
    await share.getByRole('button', { name: 'Copiar link' }).click();
    await expect(share.getByText('Link copiado com sucesso')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^${url}/invite/[A-Z0-9]+$`));
    const downloadPromise = page.waitForEvent('download');
    await share.getByRole('button', { name: 'Baixar' }).click();
    expect((await downloadPromise).suggestedFilename()).toMatch(/^qrcode-evento-[a-z0-9]+\.png$/);
    await page.screenshot({ path: '/tmp/organiser-share.png' });
    await expect(share.getByText('Link copiado com sucesso')).toBeHidden({ timeout: 4000 });
    await share.getByRole('button', { name: 'Fechar' }).click();

    // Delete.
    await page.getByRole('button', { name: 'Opções do evento Casamento Ana e Bia' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir evento' });
    await expect(confirm.getByText('Você deseja realmente excluir este evento? Lembre-se que esta ação é irreversível.')).toBeVisible();
    await page.screenshot({ path: '/tmp/organiser-delete.png' });
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('Nenhum evento encontrado :(')).toBeVisible();
    await expect(page.getByText(/Evento excluído/)).toBeVisible();

    // 'Sair' and the remembered e-mail.
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${url}/`);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(organiser.email);
  });

  test('an expired token sends the organiser to /', async ({ page, organiserServer }) => {
    await page.goto(`${organiserServer.url}/`);
    await page.evaluate((token) => localStorage.setItem('auth', token), clientSideToken(-60));
    await page.goto(`${organiserServer.url}/events`);
    await expect(page).toHaveURL(`${organiserServer.url}/`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });
});
