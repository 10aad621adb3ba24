import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expectNoViolations } from '../support/axe';
import { expect, test } from '../support/csp-guard';
import { createPublicAlbum, jpeg, uploadPhotos } from '../support/gallery-album';
import { organiser } from '../support/organiser-fixtures';
import { startServer } from '../support/server';

// Issue 27 item 6: the owner sets up a webhook in 'Integrações' (a receiver on this machine, so the
// server runs with WEBHOOK_ALLOW_PRIVATE=true), copies the secret shown once, a guest's photo arrives
// signed with it, and the tab lists the delivery. axe checks the tab in both states.
test('the owner sets up a webhook and sees its deliveries', async ({ page }) => {
  test.setTimeout(120_000);
  const bodies: Array<{ raw: Buffer; signature: string }> = [];
  const receiver = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      bodies.push({ raw: Buffer.concat(parts), signature: String(request.headers['x-momentos-signature']) });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/momentos`;
  const server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password, WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    const { token, eventId, albumId } = await createPublicAlbum(server.url, organiser.email, organiser.password);
    await page.addInitScript((value) => localStorage.setItem('auth', value), token);
    await page.goto(`${server.url}/events/register/${eventId}`);
    await page.getByRole('tab', { name: 'Integrações' }).click();
    await expect(page.getByRole('heading', { name: 'Webhook do evento' })).toBeVisible();
    await expectNoViolations(page, 'integrations tab, empty');

    await page.getByLabel('Endereço do webhook (URL)').fill(hookUrl);
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    const secret = await page.getByLabel('Segredo').inputValue();
    expect(secret).toMatch(/^whsec_/);

    await uploadPhotos(server.url, albumId, 'Tia Rosa', [{ name: 'rosa.jpg', bytes: await jpeg('#c2185b') }]);
    await expect.poll(() => bodies.length, { timeout: 20_000 }).toBe(1);
    expect(bodies[0].signature).toBe(`sha256=${createHmac('sha256', secret).update(bodies[0].raw).digest('hex')}`);
    expect(JSON.parse(bodies[0].raw.toString())).toMatchObject({ type: 'photo.created', event_id: eventId, data: { user_id: 'Tia Rosa' } });

    await page.getByRole('button', { name: 'Atualizar' }).click();
    const list = page.getByRole('list', { name: 'Últimos envios' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('Foto ou vídeo recebido');
    await expect(list.getByRole('listitem').first()).toContainText('Entregue');
    await expectNoViolations(page, 'integrations tab, with a delivery');
    await page.screenshot({ path: '/tmp/e2e-integrations.png', fullPage: true });
  } finally {
    await server.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
