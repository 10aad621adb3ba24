import { firstPaintIds } from '@momentos/app-manifest';
import { loadAfterLeadImages } from '../paint-loader';

// Issue 29: on a painted page with lead images the app's scripts are asked for only once those images
// have arrived (on a slow link they would share the bandwidth with them).
describe('the paint loader', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  const scripts = { main: '/main.1234abcd.js', preload: ['/275.aaaa1111.js', '/remotes/guest/remoteEntry.js'] };

  function paintedPage(images: number) {
    const tags = Array.from({ length: images }, (_, i) => `<img fetchpriority="high" src="/api/files?path=${i}">`).join('');
    document.body.innerHTML = `
      <div id="first-paint"><main>${tags}<img loading="lazy" src="/other"><button type="button">Registrar um momento</button></main></div>
      <div id="root"></div>
      <script type="application/json" id="first-paint-scripts">${JSON.stringify(scripts)}</script>`;
    return Array.from(document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'));
  }

  const added = () => ({
    entries: Array.from(document.head.querySelectorAll('script')).map((script) => script.getAttribute('src')),
    preloads: Array.from(document.head.querySelectorAll('link[rel="preload"][as="script"]')).map((link) => link.getAttribute('href')),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  test('the ids are the manifest\'s', () => {
    expect(firstPaintIds.scriptsId).toBe('first-paint-scripts');
    expect(firstPaintIds.markupId).toBe('first-paint');
  });

  test('adds nothing until every lead image has loaded or failed, then the preloads and the entry', async () => {
    const [card, second] = paintedPage(2);
    const done = loadAfterLeadImages(document, 60_000);
    await settle();
    expect(added()).toEqual({ entries: [], preloads: [] });
    card.dispatchEvent(new Event('load'));
    await settle();
    expect(added().entries).toEqual([]);
    second.dispatchEvent(new Event('error'));
    await done;
    expect(added()).toEqual({ entries: [scripts.main], preloads: scripts.preload });
  });

  test('a lost image holds the app back at most the wait', async () => {
    jest.useFakeTimers();
    paintedPage(1);
    const done = loadAfterLeadImages(document, 4000);
    await jest.advanceTimersByTimeAsync(3999);
    expect(added().entries).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(added().entries).toEqual([scripts.main]);
  });

  test('a tap on the painted view before the app is kept', async () => {
    paintedPage(1);
    void loadAfterLeadImages(document, 60_000);
    document.querySelector('button')!.click();
    expect(document.querySelector('button')!.hasAttribute('data-tap')).toBe(true);
  });

  test('a page without the list loads nothing', async () => {
    document.body.innerHTML = '<div id="first-paint"><img fetchpriority="high" src="/x"></div>';
    await loadAfterLeadImages(document, 10);
    expect(added()).toEqual({ entries: [], preloads: [] });
  });
});
