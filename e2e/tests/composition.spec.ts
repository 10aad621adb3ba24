import { clientSideToken, expect, test } from '../support/fixtures';

// Records every react-dom renderer that registers itself with the React DevTools hook: a second copy
// of react-dom on the page would register a second renderer.
const countReactRenderers = () => {
  const renderers: unknown[] = [];
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer: unknown) {
      renderers.push(renderer);
      return renderers.length;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
  (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers = renderers;
};

test.describe('runtime composition of the shell and the three remotes', () => {
  test('each remote renders its page on its route through the shell', async ({ page, server }) => {
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();

    await page.goto(`${server.url}/events/share/e2e-event`);
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();

    await page.goto(`${server.url}/events/upload/e2e-event`);
    await expect(page.getByRole('heading', { name: 'Registrar momento' })).toBeVisible();

    await page.goto(`${server.url}/events/share/albums/e2e-album`);
    await expect(page.getByRole('heading', { name: 'Galeria de fotos' })).toBeVisible();
  });

  test("the shell's entry, all of which runs on a first visit, carries Chromium's compile hint; no other script does (issue 29)", async ({ page, server }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();
    const entry = /<script defer src="(\/main\.[0-9a-f]+\.js)"><\/script>/.exec(await (await fetch(`${server.url}/`)).text())![1];
    const hinted: string[] = [];
    for (const url of new Set(scripts)) {
      if ((await (await fetch(url)).text()).startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(new URL(url).pathname);
    }
    expect(hinted).toEqual([entry]);
  });

  test('the organiser pages are behind the guard', async ({ page, server }) => {
    await page.goto(`${server.url}/events`);
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();

    await page.evaluate((token) => localStorage.setItem('auth', token), clientSideToken(3600));
    await page.goto(`${server.url}/events`);
    await expect(page.getByRole('heading', { name: 'Gerenciar eventos' })).toBeVisible();

    // The remote reads the route's :id through design-kit's navigation facade, from the shell's router.
    await page.goto(`${server.url}/events/register/abc123`);
    await expect(page.getByRole('tab', { name: 'Dados gerais' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Álbuns' })).toBeEnabled();
    await expect(page.getByRole('main')).toHaveAttribute('data-event-id', 'abc123');

    await page.evaluate((token) => localStorage.setItem('auth', token), clientSideToken(-60));
    await page.goto(`${server.url}/events/register`);
    await expect(page).toHaveURL(`${server.url}/`);
    expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
  });

  test('React, react-dom and the shared kits are one instance across the three remotes', async ({ page, server }) => {
    await page.addInitScript(countReactRenderers);
    await page.evaluate(() => undefined);
    await page.goto(`${server.url}/events/share/e2e-event`);
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();

    // Client-side navigation keeps the same page: the gallery and organiser remotes join it.
    const navigate = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    await navigate('/events/share/albums/e2e-album');
    await expect(page.getByRole('heading', { name: 'Galeria de fotos' })).toBeVisible();
    await navigate('/');
    await expect(page.getByRole('heading', { name: 'Momentos' })).toBeVisible();

    expect(await page.evaluate(() => (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers.length)).toBe(1);

    // The federation runtime's share scope (one view per container): every container that loaded a
    // singleton got the same version from the same provider.
    const loaded = await page.evaluate(() => {
      type Shared = { loaded?: boolean; lib?: unknown; from: string };
      const share = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } })
        .__FEDERATION__.__SHARE__;
      const result: Record<string, string[]> = {};
      for (const scopes of Object.values(share)) {
        for (const packages of Object.values(scopes)) {
          for (const [name, versions] of Object.entries(packages)) {
            for (const [version, shared] of Object.entries(versions)) {
              const used = `${version} from ${shared.from}`;
              if ((shared.loaded || shared.lib) && !(result[name] ??= []).includes(used)) result[name].push(used);
            }
          }
        }
      }
      return result;
    });
    // The router is no longer shared: bundled once in the shell, reached through design-kit's facade.
    expect(Object.keys(loaded).filter((name) => /router/.test(name))).toEqual([]);
    for (const name of ['react', 'react-dom', '@momentos/design-kit']) {
      expect(loaded[name], `${name}: ${JSON.stringify(loaded[name])}`).toHaveLength(1);
      expect(loaded[name][0]).toMatch(/ from shell$/);
    }
    // The shell reads no data and loads the auth store only for organiser pages: on a guest's first
    // page the first remote that needs them provides the page's one SWR (one cache), api-client (one
    // auth store) and zustand.
    for (const name of ['swr', '@momentos/api-client', 'zustand']) {
      expect(loaded[name], `${name}: ${JSON.stringify(loaded[name])}`).toHaveLength(1);
    }
  });
});
