import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/csp-guard';
import { startMailServer, type SpecMailServer } from '../support/mail-server';
import { startServer, type RunningServer } from '../support/server';

// Issue 27 items 3 and 4: 'Esqueci minha senha' with the e-mail read from a real SMTP server the spec
// starts; the link sets a new password and ends every session; then 'Minha conta'.
const ana = { email: 'ana@example.com', password: 'senha-antiga-123', next: 'senha-nova-456' };

test.describe('password reset by e-mail', () => {
  let mail: SpecMailServer;
  let server: RunningServer;
  test.beforeEach(async () => {
    mail = await startMailServer();
    server = await startServer(
      { ORGANISER_EMAIL: ana.email, ORGANISER_PASSWORD: ana.password, SMTP_URL: mail.url, MAIL_FROM: 'Momentos <fotos@example.com>', DIGEST_HOUR: '8' },
      { publicUrl: true },
    );
  });
  test.afterEach(async () => {
    await server.stop();
    await mail.close();
  });

  test("'Esqueci minha senha': the e-mail's link sets a new password and ends every session", async ({ page, browser }) => {
    test.setTimeout(120_000);
    // A session on another device, which the reset must end.
    const login = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ana.email, password: ana.password }) });
    const otherDevice = login.headers.get('authentication')!;
    expect((await fetch(`${server.url}/api/events`, { headers: { authentication: otherDevice } })).status).toBe(200);

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(ana.email);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    await expect(page.getByRole('heading', { name: 'Redefinir a senha' })).toBeVisible();
    await expectNoViolations(page, 'forgot password form');
    await page.screenshot({ path: '/tmp/e2e-forgot-form.png' });
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(page.getByText(/^Se houver uma conta com este e-mail, enviamos um link/)).toBeVisible();
    await expectNoViolations(page, 'forgot password answer');
    await page.screenshot({ path: '/tmp/e2e-forgot-password.png' });

    const received = await mail.waitFor(ana.email);
    expect(received.subject).toBe('Redefinir sua senha do Momentos');
    const link = new RegExp(`${server.url.replace(/[.:/]/g, '\\$&')}/redefinir-senha/[A-Za-z0-9_-]{43}`).exec(received.text ?? '')?.[0];
    expect(link, received.text).toBeTruthy();
    expect(received.html).toContain(`href="${link}"`);

    // The link opened in the browser, as from the e-mail.
    const reader = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const resetPage = await reader.newPage();
    await resetPage.goto(link!);
    await expect(resetPage.getByText(`Nova senha para ${ana.email}.`, { exact: false })).toBeVisible();
    await expectNoViolations(resetPage, 'reset page');
    await resetPage.getByLabel('Nova senha', { exact: true }).fill(ana.next);
    await resetPage.getByLabel('Repita a nova senha').fill(ana.next + 'x');
    await resetPage.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(resetPage.getByText('As senhas não são iguais.')).toBeVisible();
    await expectNoViolations(resetPage, 'reset page with an error');
    await resetPage.screenshot({ path: '/tmp/e2e-reset-page.png' });
    await resetPage.getByLabel('Repita a nova senha').fill(ana.next);
    await resetPage.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(resetPage).toHaveURL(`${server.url}/`);

    // Every session ended; the link is used up; the old password no longer works, the new one does.
    expect((await fetch(`${server.url}/api/events`, { headers: { authentication: otherDevice } })).status).toBe(401);
    await resetPage.goto(link!);
    await expect(resetPage.getByRole('alert')).toContainText('não é mais válido');
    await reader.close();

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(ana.email);
    await page.getByLabel('Senha').fill(ana.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Por favor, verifique se o e-mail e/ou senha estão corretos.').first()).toBeVisible();
    await page.getByLabel('Senha').fill(ana.next);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(`${server.url}/events`);

    // 'Minha conta': the name saved, the password changed; the other sessions end, this one stays.
    const second = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: ana.email, password: ana.next }) });
    const secondDevice = second.headers.get('authentication')!;
    await page.evaluate(() => localStorage.setItem('hasSeenEventListTour', 'true'));
    await page.getByRole('button', { name: 'Conta' }).click();
    await expect(page).toHaveURL(`${server.url}/conta`);
    await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(ana.email);
    await expectNoViolations(page, 'account page');
    await page.screenshot({ path: '/tmp/e2e-account-top.png' });
    // 'Notificações': 'Resumo diário' is offered, naming the server's DIGEST_HOUR, and saved as switched.
    const summary = page.getByRole('switch', { name: 'Resumo diário' });
    await expect(summary).toHaveAccessibleDescription(/^Um e-mail por dia, às 8h \(horário do servidor\)/);
    await summary.click();
    await expect(summary).toBeChecked();
    await expect.poll(async () => (await (await fetch(`${server.url}/api/account/notifications`, { headers: { authentication: secondDevice } })).json()) as unknown).toEqual({ pending_photos: false, daily_summary: true, digest_hour: 8 });
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/e2e-account-notifications.png' });
    await page.getByLabel('Nome').fill('Ana Souza');
    await page.getByRole('button', { name: 'Salvar dados' }).click();
    await expect(page.getByText('Dados salvos.')).toBeVisible();
    await page.getByLabel('Senha atual').fill(ana.next);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-final-789');
    await page.getByLabel('Repita a nova senha').fill('senha-final-789');
    await page.getByRole('button', { name: 'Trocar senha' }).click();
    await expect(page.getByText('Senha alterada. As outras sessões da sua conta foram encerradas.')).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-account.png', fullPage: true });
    expect((await fetch(`${server.url}/api/events`, { headers: { authentication: secondDevice } })).status).toBe(401);
    await page.reload();
    await expect(page.getByLabel('Nome')).toHaveValue('Ana Souza');
  });
});
