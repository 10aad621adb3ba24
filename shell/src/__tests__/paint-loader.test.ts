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

  const scripts = {
    main: '/main.1234abcd.js',
    preload: ['/275.aaaa1111.js', '/remotes/guest/remoteEntry.js', '/remotes/guest/welcome.5678abcd.js', '/remotes/guest/welcome.9abc0123.css'],
  };

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
    // Each as what it is: a page's stylesheet as a style (a script preload of a .css would be fetched twice).
    preloads: Array.from(document.head.querySelectorAll('link[rel="preload"]')).map(
      (link) => `${link.getAttribute('href')}${link.getAttribute('as') === (link.getAttribute('href')!.endsWith('.css') ? 'style' : 'script') ? '' : ' (wrong as)'}`,
    ),
  });

  test('the ids are the manifest\'s', () => {
    expect(firstPaintIds.scriptsId).toBe('first-paint-scripts');
    expect(firstPaintIds.markupId).toBe('first-paint');
  });

  test('adds nothing until every lead image has loaded or failed, then the preloads and the entry', async () => {
    jest.useFakeTimers();
    const [card, second] = paintedPage(2);
    loadAfterLeadImages(document, 60_000);
    expect(added()).toEqual({ entries: [], preloads: [] });
    card.dispatchEvent(new Event('load'));
    expect(added().entries).toEqual([]);
    second.dispatchEvent(new Event('error'));
    expect(added()).toEqual({ entries: [scripts.main], preloads: scripts.preload });
    // Once: the wait running out later adds nothing more.
    await jest.advanceTimersByTimeAsync(60_000);
    expect(added()).toEqual({ entries: [scripts.main], preloads: scripts.preload });
  });

  test('a lost image holds the app back at most the wait', async () => {
    jest.useFakeTimers();
    paintedPage(1);
    loadAfterLeadImages(document, 4000);
    await jest.advanceTimersByTimeAsync(3999);
    expect(added().entries).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(added().entries).toEqual([scripts.main]);
  });

  test('a tap on the painted view before the app is kept', () => {
    jest.useFakeTimers();
    paintedPage(1);
    loadAfterLeadImages(document, 60_000);
    document.querySelector('button')!.click();
    expect(document.querySelector('button')!.hasAttribute('data-tap')).toBe(true);
  });

  test('a painted page without the list (no lead image: the entry is linked beside the loader) loads nothing, and keeps taps', async () => {
    document.body.innerHTML = '<div id="first-paint"><img fetchpriority="high" src="/x"><button type="button">Registrar um momento</button></div>';
    loadAfterLeadImages(document, 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(added()).toEqual({ entries: [], preloads: [] });
    document.querySelector('button')!.click();
    expect(document.querySelector('button')!.hasAttribute('data-tap')).toBe(true);
  });

  test('images already in count as arrived', () => {
    const images = paintedPage(1);
    Object.defineProperty(images[0], 'complete', { value: true });
    loadAfterLeadImages(document, 60_000);
    expect(added().entries).toEqual([scripts.main]);
  });
});
