import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { createPublicAlbum, jpeg, uploadPhotos, waitForThumbnails } from '../support/gallery-album';
import { expect, organiser, test } from '../support/organiser-fixtures';

// axe-core itself, injected into the page (its Playwright wrapper needs Node 22): every screen of the
// product on a phone, with zero violations of WCAG 2.x A/AA and best practices (colour contrast included).
const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

async function expectNoViolations(page: Page, screen: string) {
  // Evaluated by the test, not added as a <script>: the page's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown; failureSummary?: string }> }> }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => `${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`) }));
  });
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

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
