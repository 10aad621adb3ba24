import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../support/csp-guard';
import { startServer, type RunningServer } from '../support/server';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';

// The gallery journey (spec §2 Gallery, §4 Realtime refresh, Gallery polling, Presentation, Lightbox):
// one guest views the album while another guest uploads from a second browser context.
const organiser = { email: 'organiser@example.com', password: 'segredo-forte-123' };

const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

async function openGallery(page: Page, url: string, albumId: string, code: string) {
  await page.goto(`${url}/`);
  await page.evaluate((value) => localStorage.setItem('shared', value), code);
  await page.goto(`${url}/events/share/albums/${albumId}`);
  await expect(page.getByRole('heading', { name: 'Galeria de fotos' })).toBeVisible();
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/gallery-${name}.png` });

test.describe('gallery with live updates', () => {
  test('a viewer sees another guest’s upload live, with the toast, and the processing placeholder turns into the thumbnail', async ({ server, browser }) => {
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    const first = await jpeg('#d946ef');
    await uploadPhotos(server.url, album.albumId, 'Ana', [{ name: 'ana-1.jpg', bytes: first }]);
    await waitForThumbnails(server.url, album.albumId, 1);

    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const uploader = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await viewer.newPage();

    // Issue 24: the thumbnail is pushed (`photos_updated`) right after the new photo's announcement; the
    // socket's updates are held back until the test has seen the processing placeholder, then passed on.
    let forceProcessing = false;
    const heldUpdates: Array<() => void> = [];
    await page.routeWebSocket(/\/ws\/albums\//, (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (forceProcessing && typeof message === 'string' && message.includes('"photos_updated"')) heldUpdates.push(() => socket.send(message));
        else socket.send(message);
      });
      socket.onMessage((message) => server.send(message));
    });

    await openGallery(page, server.url, album.albumId, album.code);
    await expect(page.getByRole('img', { name: 'Foto enviada por Ana' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Listar álbuns/ })).toHaveAttribute('href', `/events/share/${album.eventId}`);
    await shot(page, 'grid');

    // Another guest uploads from their own browser.
    forceProcessing = true;
    const other = await uploader.newPage();
    await other.goto(`${server.url}/`);
    const bytes = [...(await jpeg('#0ea5e9'))];
    const status = await other.evaluate(
      async ({ albumId, data }) => {
        const form = new FormData();
        form.set('album_id', albumId);
        form.set('user_id', 'Bruno');
        form.append('images', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'bruno-1.jpg');
        return (await fetch('/api/events/photos', { method: 'POST', body: form })).status;
      },
      { albumId: album.albumId, data: bytes },
    );
    expect(status).toBe(201);

    await expect(page.getByText('Novas fotos foram adicionadas!')).toBeVisible();
    const newTile = page.getByRole('button', { name: 'Foto enviada por Bruno' });
    await expect(newTile.getByText('Processando…')).toBeVisible();
    await shot(page, 'live-toast');
    forceProcessing = false;
    heldUpdates.splice(0).forEach((send) => send());
    await expect(page.getByRole('img', { name: 'Foto enviada por Bruno' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('img', { name: 'Foto enviada por Bruno' })).toHaveJSProperty('complete', true);
    expect(await page.getByRole('img', { name: 'Foto enviada por Bruno' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await shot(page, 'thumbnail');

    await viewer.close();
    await uploader.close();
  });

  test('with the lightbox open the button appears instead, and download gives the original bytes', async ({ server, browser }) => {
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    const original = await jpeg('#22c55e', 640, 480);
    await uploadPhotos(server.url, album.albumId, 'Carla', [{ name: 'carla.jpg', bytes: original }]);
    await waitForThumbnails(server.url, album.albumId, 1);

    const viewer = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', acceptDownloads: true });
    const page = await viewer.newPage();
    await openGallery(page, server.url, album.albumId, album.code);
    await page.getByRole('button', { name: 'Foto enviada por Carla' }).click();
    const download = page.getByRole('button', { name: 'Baixar imagem' });
    await expect(download).toBeVisible();
    await expect(page.locator('.yarl__slide_title').first()).toHaveText('Carla');
    await shot(page, 'lightbox');

    const uploader = await browser.newContext();
    const other = await uploader.newPage();
    await other.goto(`${server.url}/`);
    const data = [...(await jpeg('#f97316'))];
    await other.evaluate(
      async ({ albumId, bytes }) => {
        const form = new FormData();
        form.set('album_id', albumId);
        form.set('user_id', 'Davi');
        form.append('images', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'davi.jpg');
        await fetch('/api/events/photos', { method: 'POST', body: form });
      },
      { albumId: album.albumId, bytes: data },
    );

    const refresh = page.getByRole('button', { name: 'Novas fotos disponíveis! Clique para atualizar' });
    await expect(refresh).toBeVisible();
    await expect(page.getByText('Novas fotos foram adicionadas!')).toHaveCount(0);
    await shot(page, 'lightbox-new-photos');

    // The download of the open photo is the original file, byte for byte.
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const saved = readFileSync(await file.path());
    expect(Buffer.compare(saved, original)).toBe(0);

    await refresh.click();
    await expect(refresh).toHaveCount(0);
    await page.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('img', { name: 'Foto enviada por Davi' })).toBeVisible();
    await viewer.close();
    await uploader.close();
  });

  test('the presentation advances on its own and wraps from the last image to the first', async ({ server, page }) => {
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await uploadPhotos(server.url, album.albumId, 'Eva', [
      { name: 'eva-1.jpg', bytes: await jpeg('#ef4444') },
      { name: 'eva-2.jpg', bytes: await jpeg('#3b82f6') },
    ]);
    await waitForThumbnails(server.url, album.albumId, 2);
    await openGallery(page, server.url, album.albumId, album.code);

    await page.getByRole('button', { name: 'Modo Apresentação' }).click();
    const presentation = page.getByRole('dialog', { name: 'Apresentação' });
    await expect(presentation.getByText('1 / 2')).toBeVisible();
    await expect(presentation.getByText('Intervalo: 3 s')).toBeVisible();
    await shot(page, 'presentation');
    // Default 3 s: it advances, then wraps from the last image to the first.
    await expect(presentation.getByText('2 / 2')).toBeVisible({ timeout: 5000 });
    await expect(presentation.getByText('1 / 2')).toBeVisible({ timeout: 5000 });
    await presentation.getByRole('button', { name: 'Mais rápido' }).click();
    await presentation.getByRole('button', { name: 'Mais rápido' }).click();
    await expect(presentation.getByText('Intervalo: 1 s')).toBeVisible();
    await expect(presentation.getByRole('button', { name: 'Mais rápido' })).toBeDisabled();

    await presentation.getByRole('button', { name: 'Pausar' }).click();
    await expect(presentation.getByRole('button', { name: 'Retomar' })).toBeVisible();
    await page.waitForTimeout(1500);
    const position = await presentation.locator('.presentation__counter').textContent();
    await page.waitForTimeout(1500);
    await expect(presentation.locator('.presentation__counter')).toHaveText(position ?? '');
    await presentation.getByRole('button', { name: 'Fechar' }).click();
    await expect(presentation).toHaveCount(0);

    // Filter and share from the bottom navigation.
    const nav = page.getByRole('navigation', { name: 'Navegação da galeria' });
    await nav.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByRole('combobox', { name: 'Filtrar por quem enviou:' })).toContainText('Eva');
    await shot(page, 'filter');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await nav.getByRole('button', { name: 'Compartilhar' }).click();
    await expect(page.getByRole('img', { name: 'QR code do convite' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Link do convite' })).toHaveValue(`${server.url}/invite/${album.code}`);
    await shot(page, 'invite');
  });
});
