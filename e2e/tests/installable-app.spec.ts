import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/csp-guard';
import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg } from '../support/gallery-album';
import { startServer, type RunningServer } from '../support/server';

// Issue 28: the installable app. The manifest is valid and installable, a second visit opens the
// welcome without a network, and photos shared from the phone's gallery (a POST to the share
// target, as the browser sends it) land in the guest's queue and are sent.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const organiser = { email: 'app@example.com', password: 'senha-do-app-1' };

/** Waits until the page is controlled by the service worker it registered after the welcome. */
async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.active?.state === 'activated' && navigator.serviceWorker.controller !== null), {
      timeout: 40_000,
    })
    .toBe(true);
}

/** What the guest remote's install step cached (the worker's warm-up runs before it activates). */
const cachedCount = (page: Page, cache: string) => page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, cache);

/** What the browser does for a share from the phone's gallery: a form POST (multipart) to the manifest's action. */
async function shareFromGallery(target: Page, files: Array<{ name: string; type: string; bytes: Buffer }>) {
  await target.evaluate((sent) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.enctype = 'multipart/form-data';
    form.action = '/share-target';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'media';
    input.multiple = true;
    const transfer = new DataTransfer();
    for (const file of sent) transfer.items.add(new File([Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0))], file.name, { type: file.type }));
    input.files = transfer.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }, files.map((file) => ({ name: file.name, type: file.type, base64: file.bytes.toString('base64') })));
}

/** The guest opens an event's upload screen once: name typed, the album chosen; the screen remembers the event for shares. */
async function sendOnceTo(page: Page, apiUrl: string, eventId: string, name: string) {
  await page.goto(`${apiUrl}/events/upload/${eventId}`);
  await page.getByLabel('Quem está enviando as fotos?').fill(name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Enviando como:')).toBeVisible();
}

test.describe('the installable app', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('the manifest is valid and installable: icons load, share target declared, no installability errors', async ({ page, context }) => {
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await page.goto(`${server.url}/invite/${album.code}`);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    const response = await page.request.get(`${server.url}/manifest.webmanifest`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Momentos', short_name: 'Momentos', start_url: expect.stringMatching(/^\//), scope: '/', display: 'standalone', theme_color: '#6366f1', background_color: '#f5f5f7' });
    for (const size of [192, 512]) {
      for (const purpose of ['any', 'maskable']) {
        const icon = manifest.icons.find((entry: { sizes: string; purpose: string }) => entry.sizes === `${size}x${size}` && entry.purpose === purpose);
        expect(icon).toBeTruthy();
        const bytes = await (await page.request.get(`${server.url}${icon.src}`)).body();
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: size, height: size });
      }
    }
    expect(manifest.share_target).toEqual({
      action: '/share-target',
      method: 'POST',
      enctype: 'multipart/form-data',
      params: { title: 'title', text: 'text', files: [{ name: 'media', accept: ['image/*', 'video/*'] }] },
    });

    await controlledByWorker(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Playwright's contexts are incognito profiles, where Chromium never installs: every other check passes.
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  });

  test("a second visit to the invite with the network off shows the event's welcome", async ({ page, context }) => {
    test.setTimeout(90_000);
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await page.goto(`${server.url}/invite/${album.code}`);
    await expect(page.getByRole('heading', { name: 'Casamento Ana & Bruno' })).toBeVisible();
    await controlledByWorker(page);
    await expect.poll(() => cachedCount(page, 'momentos-remotes'), { timeout: 20_000 }).toBeGreaterThan(3);
    await expect.poll(() => cachedCount(page, 'momentos-pages'), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto(`${server.url}/invite/${album.code}`);
    await expect(offline.getByRole('heading', { name: 'Casamento Ana & Bruno' })).toBeVisible();
    // The app took over from the painted page: the welcome's buttons work.
    await expect(offline.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();
    await expect(offline).toHaveURL(new RegExp(`/events/share/${album.eventId}$`));
    await context.setOffline(false);
  });

  test('photos shared from the gallery land in the queue of the last event and are sent; without an event, a page explains', async ({ page, context }) => {
    test.setTimeout(120_000);
    const album = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await page.addInitScript(() => localStorage.setItem('hasSeenUploadTour', 'true'));

    // Without an event used yet: the worker answers the share with the explanation.
    await page.goto(`${server.url}/invite/${album.code}`);
    await controlledByWorker(page);
    const photos = [
      { name: 'praia.jpg', type: 'image/jpeg', bytes: await jpeg('#3b82f6') },
      { name: 'bolo.jpg', type: 'image/jpeg', bytes: await jpeg('#f59e0b') },
    ];
    await shareFromGallery(page, photos);
    await expect(page.getByRole('heading', { name: 'Abra o convite primeiro' })).toBeVisible();
    await expectNoViolations(page, 'share target: open the invite first');

    // The guest opens the upload screen once (name typed, album chosen), then shares two photos.
    await sendOnceTo(page, server.url, album.eventId, 'Tia Rosa');
    await expect.poll(() =>
      page.evaluate(
        () =>
          new Promise((resolve) => {
            const open = indexedDB.open('momentos-shared');
            open.onsuccess = () => {
              const read = open.result.transaction('files').objectStore('files').get('last-target');
              read.onsuccess = () => resolve(read.result?.eventId ?? null);
              read.onerror = () => resolve(null);
            };
            open.onerror = () => resolve(null);
          }),
      ),
    ).toBe(album.eventId);

    const sharedPage = await context.newPage();
    await sharedPage.addInitScript(() => localStorage.setItem('hasSeenUploadTour', 'true'));
    await sharedPage.goto(`${server.url}/events/share/${album.eventId}`);
    await shareFromGallery(sharedPage, photos);
    await expect(sharedPage).toHaveURL(new RegExp(`/events/upload/${album.eventId}\\?compartilhado=1$`));
    const previews = sharedPage.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem');
    await expect(previews).toHaveCount(2);
    await expect(previews.first()).toHaveAccessibleName('praia.jpg: Aguardando');
    await sharedPage.getByRole('button', { name: 'Enviar arquivos' }).click();
    await expect(sharedPage.getByRole('dialog', { name: 'Arquivos enviados' })).toBeVisible({ timeout: 30_000 });

    const stored = await (await fetch(`${server.url}/api/events/photos/${album.albumId}`)).json();
    expect(stored.map((photo: { user_id: string }) => photo.user_id)).toEqual(['Tia Rosa', 'Tia Rosa']);
    // Taken once: opening the upload screen again adds nothing.
    await sharedPage.reload();
    await expect(sharedPage.getByRole('region', { name: 'Minhas fotos' }).getByRole('listitem')).toHaveCount(2);
    await expect(sharedPage.getByRole('list', { name: 'Arquivos selecionados' })).toHaveCount(0);
  });
  test('after sending to two events, a share asks which; the shared files wait through the worker going away', async ({ page }) => {
    test.setTimeout(120_000);
    const wedding = await createPublicAlbum(server.url, organiser.email, organiser.password, 'Casamento Ana & Bruno');
    const birthday = await createPublicAlbum(server.url, organiser.email, organiser.password, 'Aniversário da Lúcia');
    await page.addInitScript(() => localStorage.setItem('hasSeenUploadTour', 'true'));
    await page.goto(`${server.url}/invite/${wedding.code}`);
    await controlledByWorker(page);
    await sendOnceTo(page, server.url, wedding.eventId, 'Tia Rosa');
    await sendOnceTo(page, server.url, birthday.eventId, 'Tia Rosa');
    const recentNames = () =>
      page.evaluate(
        () =>
          new Promise<unknown>((resolve) => {
            const open = indexedDB.open('momentos-shared');
            open.onsuccess = () => {
              const read = open.result.transaction('files').objectStore('files').get('recent-targets');
              read.onsuccess = () => resolve((read.result ?? []).map((target: { eventName: string | null }) => target.eventName));
              read.onerror = () => resolve(null);
            };
            open.onerror = () => resolve(null);
          }),
      );
    await expect.poll(recentNames).toEqual(['Aniversário da Lúcia', 'Casamento Ana & Bruno']);

    await shareFromGallery(page, [{ name: 'brinde.jpg', type: 'image/jpeg', bytes: await jpeg('#10b981') }]);
    await expect(page.getByRole('heading', { name: 'Enviar para qual evento?' })).toBeVisible();
    await expect(page.getByText('Você compartilhou 1 arquivo.', { exact: false })).toBeVisible();
    const choices = page.getByRole('list', { name: 'Eventos' }).getByRole('link');
    await expect(choices).toHaveText([/^Aniversário da Lúcia/, /^Casamento Ana & Bruno/]);
    await expectNoViolations(page, 'share target: which event');

    // The worker goes away before the guest chooses (an update, or the site's data cleared in part):
    // the files wait in IndexedDB, not in the worker, and the upload screen still finds them.
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration('/'))?.unregister();
    });
    await choices.filter({ hasText: 'Casamento Ana & Bruno' }).click();
    await expect(page).toHaveURL(new RegExp(`/events/upload/${wedding.eventId}\\?compartilhado=1$`));
    const previews = page.getByRole('list', { name: 'Arquivos selecionados' }).getByRole('listitem');
    await expect(previews).toHaveCount(1);
    await expect(previews.first()).toHaveAccessibleName('brinde.jpg: Aguardando');
  });
});
