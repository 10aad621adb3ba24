import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/csp-guard';
import { startServer, type RunningServer } from '../support/server';

// Issue 27 item 1: a newcomer starts the server, reads the setup code in its log and creates the
// first organiser account in the browser.
test.describe('the first account', () => {
  let server: RunningServer;
  test.beforeEach(async () => {
    server = await startServer();
  });
  test.afterEach(async () => {
    await server.stop();
  });

  test('a newcomer creates the first account with the code from the log', async ({ page }) => {
    const code = /Código de configuração: (\d{3}-\d{3})/.exec(server.output())?.[1];
    expect(code, server.output()).toBeTruthy();

    await page.goto(`${server.url}/`);
    await expect(page.getByText('Ainda não há nenhuma conta de organizador neste servidor.')).toBeVisible();
    await expectNoViolations(page, 'entry with setup');
    await page.getByRole('button', { name: 'Criar a primeira conta' }).click();
    await page.getByLabel('Seu nome').fill('Ana Souza');
    await page.getByLabel('E-mail').fill('ana@example.com');
    await page.getByLabel('Senha').fill('senha-segura-1');
    await page.getByLabel('Código de configuração').fill('000-000' === code ? '000-001' : '000-000');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page.getByText(/^Código de configuração incorreto/)).toBeVisible();
    await expectNoViolations(page, 'setup form with an error');
    await page.screenshot({ path: '/tmp/e2e-first-account.png' });

    await page.getByLabel('Código de configuração').fill(code!);
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await expect(page).toHaveURL(`${server.url}/events`);
    await expect(page.getByRole('heading', { name: 'Gerenciar eventos' })).toBeVisible();

    // 'Sair' ends the session on the server; the entry no longer offers a first account, and the login works.
    const token = await page.evaluate(() => localStorage.getItem('auth'));
    expect((await fetch(`${server.url}/api/events`, { headers: { authentication: token! } })).status).toBe(200);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect.poll(async () => (await fetch(`${server.url}/api/events`, { headers: { authentication: token! } })).status).toBe(401);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Criar a primeira conta' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill('ana@example.com');
    await page.getByLabel('Senha').fill('senha-segura-1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`${server.url}/events`);
  });
});
