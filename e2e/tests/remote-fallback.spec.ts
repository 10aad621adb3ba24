import { expect, test } from '../support/csp-guard';
import { startServer, type RunningServer } from '../support/server';

const fallbackText = 'Não foi possível carregar esta parte do aplicativo.';

test.describe('a remote that cannot load', () => {
  let server: RunningServer;

  test.beforeAll(async () => {
    // remotes.json points the gallery at a port where nothing listens: the "server down" case.
    server = await startServer({ REMOTE_GALLERY_URL: 'http://127.0.0.1:9/remoteEntry.js' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('shows the Portuguese fallback in its area while the other two remotes keep working', async ({ page }) => {
    const remotes = await (await fetch(`${server.url}/remotes.json`)).json();
    expect(remotes.gallery_remote).toBe('http://127.0.0.1:9/remoteEntry.js');

    await page.goto(`${server.url}/events/share/albums/e2e-album`);
    await expect(page.getByRole('alert')).toContainText(fallbackText);
    await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();

    await page.goto(`${server.url}/events/share/e2e-event`);
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();
  });

  test('loads the remote on "Tentar novamente" once it answers again', async ({ page }) => {
    // The guest remote's entry answers 404 at first (a deploy in progress), then comes back.
    let refuse = true;
    await page.route('**/remotes/guest/remoteEntry.js', (route) =>
      refuse ? route.fulfill({ status: 404, body: 'not found' }) : route.continue(),
    );
    await page.goto(`${server.url}/events/share/e2e-event`);
    await expect(page.getByRole('alert')).toContainText(fallbackText);

    refuse = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();
  });

  test('a page whose script throws shows the fallback, not a blank screen', async ({ page }) => {
    await page.route(/\/remotes\/organiser\/__federation_expose_routes\.[0-9a-f]+\.js$/, (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript', body: 'throw new Error("broken deploy")' }),
    );
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('alert')).toContainText(fallbackText);
  });
});

test.describe('a remote moved to another host', () => {
  let shellServer: RunningServer;
  let otherHost: RunningServer;

  test.beforeAll(async () => {
    // The guest team deploys its remote to another origin; only the shell's environment changes.
    otherHost = await startServer();
    shellServer = await startServer({ REMOTE_GUEST_URL: `${otherHost.url}/remotes/guest/remoteEntry.js` });
  });
  test.afterAll(async () => {
    await shellServer.stop();
    await otherHost.stop();
  });

  test('is loaded from its new URL with no shell rebuild', async ({ page }) => {
    const guestRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/remotes/guest/')) guestRequests.push(request.url());
    });
    await page.goto(`${shellServer.url}/events/share/e2e-event`);
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();
    expect(guestRequests.length).toBeGreaterThan(0);
    expect(guestRequests.every((url) => url.startsWith(otherHost.url))).toBe(true);
  });
});
