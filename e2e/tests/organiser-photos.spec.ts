import { readFileSync } from 'node:fs';
import type { Route } from '@playwright/test';
import yauzl from 'yauzl';
import { expectNoViolations } from '../support/axe';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 11: the organiser reaches every photo of the event from the product's own screens, curates
// them, and a guest's open gallery follows; 'Baixar tudo' brings home every original, byte for byte.
test.use({ viewport: { width: 1280, height: 900 } });

async function api(url: string, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${url}${path}`, { ...init, headers: { authentication: token, 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<{ id: string }>;
}

/** The entries of a ZIP file: name → bytes. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(readFileSync(file), { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

test("the organiser's photos: 'Fotos' from the event list, a private album's photo, hide and approve seen live by guests, download all", async ({ page, browser, organiserServer }) => {
  test.setTimeout(120_000);
  const url = organiserServer.url;
  const { token, eventId, albumId: festa } = await createPublicAlbum(url, organiser.email, organiser.password);
  const album = (body: object) => api(url, token, `/api/albums/${eventId}`, { method: 'POST', body: JSON.stringify({ description: 'Fotos', is_available: true, ...body }) });
  const privado = (await album({ name: 'Só nós', is_public: false })).id;
  const recados = (await album({ name: 'Recados', is_public: true, requires_approval: true })).id;

  const bytes = { rosa: await jpeg('#c2185b'), beto: await jpeg('#00897b'), ze: await jpeg('#5e35b1'), lia: await jpeg('#f9a825') };
  await uploadPhotos(url, festa, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: bytes.rosa }]);
  await uploadPhotos(url, festa, 'Tio Beto', [{ name: 'beto.jpg', bytes: bytes.beto }]);
  await uploadPhotos(url, privado, 'Primo Zé', [{ name: 'ze.jpg', bytes: bytes.ze }]);
  await uploadPhotos(url, recados, 'Vovó Lia', [{ name: 'lia.jpg', bytes: bytes.lia }]);

  // Two guests keep galleries open: the party's album, and the album whose photos wait for approval.
  const guest = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const party = await guest.newPage();
  await party.goto(`${url}/events/share/albums/${festa}`);
  await expect(party.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toBeVisible({ timeout: 20_000 });
  await expect(party.getByRole('img', { name: 'Foto enviada por Tio Beto' })).toBeVisible({ timeout: 20_000 });
  const notes = await guest.newPage();
  await notes.goto(`${url}/events/share/albums/${recados}`);
  await expect(notes.getByText('Nenhuma foto encontrada')).toBeVisible();

  // The organiser, signed in, goes from the event list to the event's photos.
  await page.addInitScript((value) => localStorage.setItem('auth', value), token);
  await page.goto(`${url}/events`);
  await expect(page.getByText('4 fotos · 4 convidados')).toBeVisible();
  await page.getByRole('button', { name: 'Opções do evento Casamento Ana & Bruno' }).click();
  await page.getByRole('menuitem', { name: 'Fotos' }).click();
  await expect(page).toHaveURL(`${url}/events/${eventId}/photos`);
  await expect(page.getByRole('heading', { name: 'Fotos do evento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Foto enviada por Primo Zé' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Foto enviada por Vovó Lia Aguardando aprovação' })).toBeVisible();
  await expectNoViolations(page, "organiser's photos");

  // Hide Tia Rosa's photo: the guest's open gallery drops it at once.
  await page.getByRole('button', { name: 'Selecionar' }).click();
  await page.getByRole('button', { name: 'Foto enviada por Tia Rosa' }).click();
  await expectNoViolations(page, "organiser's photos, selecting");
  await page.screenshot({ path: test.info().outputPath('organiser-photos-selecting.png') });
  await page.getByRole('toolbar', { name: 'Ações das fotos selecionadas' }).getByRole('button', { name: 'Ocultar' }).click();
  await expect(page.getByRole('button', { name: 'Foto enviada por Tia Rosa Oculta' })).toBeVisible();
  await expect(party.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toHaveCount(0);
  await expect(party.getByRole('img', { name: 'Foto enviada por Tio Beto' })).toBeVisible();

  // Approve Vovó Lia's photo: the other guest's gallery shows it.
  await page.getByRole('button', { name: 'Foto enviada por Tia Rosa Oculta' }).click(); // deselect
  await page.getByRole('button', { name: 'Foto enviada por Vovó Lia Aguardando aprovação' }).click();
  await page.getByRole('toolbar', { name: 'Ações das fotos selecionadas' }).getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByRole('button', { name: 'Foto enviada por Vovó Lia', exact: true })).toBeVisible();
  await expect(notes.getByRole('img', { name: 'Foto enviada por Vovó Lia' })).toBeVisible({ timeout: 15_000 });

  // Download all: the ZIP holds every original not hidden, byte for byte, in album and uploader folders.
  await page.getByRole('button', { name: 'Cancelar seleção' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar tudo' }).click()]);
  expect(download.suggestedFilename()).toBe('Casamento Ana & Bruno.zip');
  const files = await unzip(await download.path());
  const byFolder = new Map([...files].map(([name, content]) => [name.split('/').slice(0, 2).join('/'), content]));
  expect([...byFolder.keys()].sort()).toEqual(['Festa/Tio Beto', 'Recados/Vovó Lia', 'Só nós/Primo Zé']);
  expect(byFolder.get('Festa/Tio Beto')!.equals(bytes.beto)).toBe(true);
  expect(byFolder.get('Só nós/Primo Zé')!.equals(bytes.ze)).toBe(true);
  expect(byFolder.get('Recados/Vovó Lia')!.equals(bytes.lia)).toBe(true);
  await guest.close();
});

// Issue 29: the photo screen asks for its photos as the page is parsed (the early reads), not once
// the app's whole script chain has run; the app's first read takes that answer.
test('the photo screen asks for its photos and its first tiles while the scripts are still loading, and the app shows them', async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const { token, eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);
  await waitForThumbnails(url, albumId, 1);
  await page.goto(`${url}/api/health`);
  await page.evaluate((stored) => localStorage.setItem('auth', stored), token);

  // The shell's entry comes 3 s late, as on a slow phone (time enough, on a loaded machine, for the painted tile).
  let entryServedAt = Infinity;
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const response = await route.fetch();
    entryServedAt = Date.now();
    await route.fulfill({ response });
  });
  const listReads: number[] = [];
  const tileReads: Array<{ at: number; url: string }> = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === `/api/events/photos/${eventId}`) listReads.push(Date.now());
    if (pathname === '/api/files' && request.resourceType() === 'image') tileReads.push({ at: Date.now(), url: request.url() });
  });

  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));
  // Not waiting for the load event, which waits for the entry.
  await page.goto(`${url}/events/${eventId}/photos`, { waitUntil: 'commit' });
  // The server's painted frame, with the tile the early script drew into it from that answer, before
  // the app's entry has even come; no spinner left beside it.
  const painted = page.locator('#first-paint');
  await expect(painted.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toBeVisible({ timeout: 20_000 });
  expect(Date.now()).toBeLessThan(entryServedAt);
  await expect(painted.getByRole('button', { name: 'Foto enviada por Tia Rosa' })).toBeVisible();
  await expect(painted.getByRole('status', { name: 'Carregando fotos' })).toHaveCount(0);
  await expect(painted.getByRole('heading', { name: 'Fotos do evento' })).toBeVisible();
  // Then the app's page in its place, the same tile once.
  await expect(painted).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toHaveCount(1);
  expect(listReads[0]).toBeLessThan(entryServedAt);
  // The only other read is the live socket's, once it has opened: the app's own first read sent none.
  await expect.poll(() => listReads.length, { timeout: 10_000 }).toBe(2);
  await page.waitForTimeout(500);
  expect(listReads).toHaveLength(2);
  // The first screen's tile image was asked for from that answer, before the scripts came, and the
  // grid drew it from there: one request, for the very image the grid shows.
  expect(tileReads).toHaveLength(1);
  expect(tileReads[0].at).toBeLessThan(entryServedAt);
  const shown = await page.getByRole('img', { name: 'Foto enviada por Tia Rosa' }).evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(shown).toBe(tileReads[0].url);
  expect(problems).toEqual([]);
});

// Issue 29: signed in through the app, the organiser's browser keeps the sign-in cookie beside the
// token, and the server paints the photo screen with its first tiles: they show before the page's
// early read has even been answered.
test('signed in through the entry, the photo screen comes from the server with its first tiles, each image asked for once, and the app takes them over', async ({ page, organiserServer }) => {
  const url = organiserServer.url;
  const { eventId, albumId } = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);
  await waitForThumbnails(url, albumId, 1);

  await page.goto(`${url}/`);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('E-mail', { exact: true }).fill(organiser.email);
  await page.getByLabel('Senha').fill(organiser.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(`${url}/events`);
  expect((await page.context().cookies(`${url}/events`)).map(({ name, path, sameSite }) => [name, path, sameSite])).toEqual([['momentos-sign-in', '/events', 'Strict']]);

  // The shell's entry and the early read both come 3 s late: what shows before them is the server's.
  let lateServedAt = Infinity;
  const late = async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const response = await route.fetch();
    lateServedAt = Math.min(lateServedAt, Date.now());
    await route.fulfill({ response });
  };
  await page.route(/\/main\.[0-9a-f]+\.js$/, late);
  await page.route(new RegExp(`/api/events/photos/${eventId}$`), late);
  const tileReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/files' && request.resourceType() === 'image') tileReads.push(request.url());
  });
  const problems: string[] = [];
  page.on('console', (message) => ['error', 'warning'].includes(message.type()) && problems.push(message.text()));

  await page.goto(`${url}/events/${eventId}/photos`, { waitUntil: 'commit' });
  const painted = page.locator('#first-paint');
  await expect(painted.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toBeVisible({ timeout: 20_000 });
  expect(Date.now()).toBeLessThan(lateServedAt);
  await expect(painted.getByRole('status', { name: 'Carregando fotos' })).toHaveCount(0);
  // Then the app's page in its place, the same tile once, from the one image request.
  await expect(painted).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByRole('img', { name: 'Foto enviada por Tia Rosa' })).toHaveCount(1);
  const shown = await page.getByRole('img', { name: 'Foto enviada por Tia Rosa' }).evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(tileReads).toEqual([shown]);
  expect(problems).toEqual([]);

  // 'Sair' drops the cookie with the token: the next visit gets the frame alone. A late read still in
  // flight (the live socket's) is let through first: a route left running fails the next test.
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto(`${url}/events`);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${url}/`);
  expect(await page.context().cookies(`${url}/events`)).toEqual([]);
});
