import type { Browser, Page } from '@playwright/test';
import { expectNoViolations } from '../support/axe';
import { chromiumArgs, chromiumPath } from '../support/chromium';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// Issue 26: the guestbook ('Recados'), hearts and favourites, in real browsers. The microphone is
// Chromium's fake audio device (a beep), granted without a prompt.
test.use({
  launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] },
});

const phone = { viewport: { width: 390, height: 844 }, locale: 'pt-BR' };
const guest = (browser: Browser) => browser.newContext({ ...phone, permissions: ['microphone'] });

/** Whether the page's audio element of this name plays: its duration is known and time moves on. */
async function plays(page: Page, name: string): Promise<{ duration: number; moved: boolean }> {
  const audio = page.locator(`audio[aria-label="${name}"]`).first();
  await expect(audio).toBeAttached();
  return audio.evaluate(async (element: HTMLAudioElement) => {
    element.muted = true;
    await element.play();
    const start = element.currentTime;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const result = { duration: element.duration, moved: element.currentTime > start + 0.3 };
    element.pause();
    return result;
  });
}

test('a guest records a voice note in Chromium (fake microphone) and writes a message; a second browser sees it live and plays it back', async ({ browser, organiserServer }) => {
  test.setTimeout(120_000);
  const url = organiserServer.url;
  const { eventId } = await createPublicAlbum(url, organiser.email, organiser.password);

  const reader = await (await guest(browser)).newPage();
  await reader.goto(`${url}/events/share/${eventId}/recados`);
  await expect(reader.getByRole('heading', { name: 'Recados', level: 1 })).toBeVisible();
  await expect(reader.getByText('Ainda não há recados. Seja o primeiro!')).toBeVisible();

  const writer = await (await guest(browser)).newPage();
  await writer.goto(`${url}/events/share/${eventId}/recados`);
  await writer.getByLabel('Seu nome').fill('Tia Conceição');
  await writer.getByLabel('Seu recado').fill('Felicidades aos noivos! Que a vida seja uma festa. 🎉');
  await writer.getByRole('button', { name: 'Gravar recado de voz' }).click();
  const timer = writer.getByRole('timer');
  await expect(timer).toHaveText(/^0:0[2-9] de 1:00$/, { timeout: 10_000 });
  await writer.screenshot({ path: '/tmp/guestbook-recording.png' });
  await writer.getByRole('button', { name: 'Parar' }).click();
  await expect(writer.getByRole('status').filter({ hasText: /^Gravação pronta \(0:0\d\)\.$/ })).toBeVisible();
  await expect(writer.getByRole('button', { name: 'Ouvir' })).toBeVisible();
  await expect(writer.getByRole('button', { name: 'Regravar' })).toBeVisible();
  await expectNoViolations(writer, 'recados (gravado)');
  await writer.getByRole('button', { name: 'Enviar recado' }).click();
  await expect(writer.getByText('Recado enviado. Obrigado!')).toBeVisible();
  await expect(writer.getByRole('button', { name: 'Apagar meu recado' })).toBeVisible();

  // The other guest's open page shows it at once (new_messages), with the voice note playable.
  const item = reader.locator('.guest-message').filter({ hasText: 'Tia Conceição' });
  await expect(item).toContainText('Felicidades aos noivos! Que a vida seja uma festa. 🎉');
  await expect(item.locator('audio')).toHaveAttribute('src', /\/api\/files\?path=events\/.+\/messages\/msg_/);
  // After the media queue's AAC rendition, a fresh load plays the .m4a.
  for (let attempt = 0; attempt < 40; attempt++) {
    const [message] = (await (await fetch(`${url}/api/events/${eventId}/messages`)).json()) as Array<{ audio: { url: string; processing: boolean } }>;
    if (!message.audio.processing) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await reader.reload();
  await expect(item.locator('audio')).toHaveAttribute('src', /-aac\.m4a$/);
  const played = await plays(reader, 'Recado de voz de Tia Conceição');
  expect(played.duration).toBeGreaterThan(1.5);
  expect(played.moved).toBe(true);
  await reader.screenshot({ path: '/tmp/guestbook-reader.png', fullPage: true });
  await expectNoViolations(reader, 'recados (lista)');
});

test('hearts from two devices, counts live on a third; the organiser stars a photo and moderates messages; guests get Melhores momentos', async ({ browser, page, organiserServer }) => {
  test.setTimeout(150_000);
  const url = organiserServer.url;
  const { token, eventId, albumId, code } = await createPublicAlbum(url, organiser.email, organiser.password);
  await uploadPhotos(url, albumId, 'Ana', [{ name: 'a.jpg', bytes: await jpeg('#d946ef') }]);
  await uploadPhotos(url, albumId, 'Bruno', [{ name: 'b.jpg', bytes: await jpeg('#0ea5e9') }]);
  await waitForThumbnails(url, albumId, 2);

  const open = async () => {
    const gallery = await (await guest(browser)).newPage();
    await gallery.goto(`${url}/`);
    await gallery.evaluate((value) => localStorage.setItem('shared', value), code);
    await gallery.goto(`${url}/events/share/albums/${albumId}`);
    await expect(gallery.getByRole('img', { name: 'Foto enviada por Ana' })).toBeVisible();
    return gallery;
  };
  const [first, second, watcher] = [await open(), await open(), await open()];
  const heartOfAna = (gallery: Page) => gallery.getByRole('listitem').filter({ has: gallery.getByRole('img', { name: 'Foto enviada por Ana' }) }).getByRole('button', { name: /^Curtir/ });

  await heartOfAna(first).click();
  await expect(heartOfAna(first)).toHaveAttribute('aria-pressed', 'true');
  await heartOfAna(second).click();
  await expect(heartOfAna(watcher)).toHaveAccessibleName(/^Curtir:\s*2\s*curtidas$/);
  await expect(heartOfAna(watcher)).toHaveAttribute('aria-pressed', 'false');
  await heartOfAna(first).click();
  await expect(heartOfAna(watcher)).toHaveAccessibleName(/^Curtir:\s*1\s*curtidas$/);
  // The lightbox has the heart too.
  await watcher.getByRole('button', { name: 'Foto enviada por Ana' }).click();
  const lightboxHeart = watcher.locator('.lightbox-actions').getByRole('button', { name: /^Curtir/ });
  await expect(lightboxHeart).toHaveAccessibleName(/^Curtir:\s*1\s*curtidas$/);
  await lightboxHeart.click();
  await expect(heartOfAna(second)).toHaveAccessibleName(/^Curtir:\s*2\s*curtidas$/);
  await watcher.screenshot({ path: '/tmp/guestbook-lightbox.png' });
  await watcher.keyboard.press('Escape');
  await expect(first.getByRole('button', { name: 'Melhores momentos' })).toHaveCount(0);
  await expectNoViolations(first, 'galeria com curtidas');

  // Two messages, one of them later hidden by the organiser.
  const reader = await (await guest(browser)).newPage();
  for (const [name, text] of [
    ['Rui', 'Parabéns!'],
    ['Penetra', 'Recado a ocultar'],
  ]) {
    const form = new FormData();
    form.set('user_id', name);
    form.set('text', text);
    await fetch(`${url}/api/events/${eventId}/messages`, { method: 'POST', body: form });
  }
  await reader.goto(`${url}/events/share/${eventId}/recados`);
  await expect(reader.getByText('Recado a ocultar')).toBeVisible();

  // The organiser: the star, the filters, the 'Recados' tab.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.addInitScript((value) => localStorage.setItem('auth', value), token);
  await page.goto(`${url}/events/${eventId}/photos`);
  const tileOf = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('img', { name }) });
  await expect(tileOf('Foto enviada por Ana').getByRole('button', { name: /^Curtir/ })).toHaveAccessibleName(/^Curtir:\s*2\s*curtidas$/);
  await tileOf('Foto enviada por Bruno').getByRole('button', { name: 'Favoritar' }).click();
  await expect(tileOf('Foto enviada por Bruno').getByRole('button', { name: 'Favoritar' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Mostrar').selectOption({ label: 'Favoritas' });
  await expect(page.getByRole('img', { name: /^Foto enviada por/ })).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Foto enviada por Bruno' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar tudo (só favoritas)' })).toBeVisible();
  await page.getByLabel('Mostrar').selectOption({ label: 'Mais curtidas' });
  await expect(page.getByRole('img', { name: /^Foto enviada por/ })).toHaveCount(1);
  await expect(page.getByRole('img', { name: 'Foto enviada por Ana' })).toBeVisible();
  await page.screenshot({ path: '/tmp/guestbook-organiser-photos.png' });
  await expectNoViolations(page, 'fotos do organizador com favoritas');

  await page.getByRole('link', { name: 'Recados' }).click();
  await expect(page.getByRole('heading', { name: 'Recados' })).toBeVisible();
  const hidden = page.locator('.event-message').filter({ hasText: 'Recado a ocultar' });
  await hidden.getByRole('button', { name: 'Ocultar' }).click();
  await expect(hidden).toContainText('Oculto');
  await expect(reader.getByText('Recado a ocultar')).toHaveCount(0);
  await expect(reader.getByText('Parabéns!')).toBeVisible();
  await page.screenshot({ path: '/tmp/guestbook-organiser-messages.png', fullPage: true });
  await expectNoViolations(page, 'recados do organizador');

  // Guests now get 'Melhores momentos' (the favourites).
  await first.reload();
  await first.getByRole('button', { name: 'Melhores momentos' }).click();
  await expect(first.getByRole('img', { name: /^Foto enviada por/ })).toHaveCount(1);
  await expect(first.getByRole('img', { name: 'Foto enviada por Bruno' })).toBeVisible();
});
