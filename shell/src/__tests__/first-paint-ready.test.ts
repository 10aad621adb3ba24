import { firstPaintReady } from '../first-paint-ready';

describe('firstPaintReady', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.useRealTimers();
  });

  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(() => (done = true));
    for (let i = 0; i < 5; i++) await Promise.resolve();
    return done;
  };

  it('resolves at once on a page the server did not paint, or painted without a lead image', async () => {
    expect(await settled(firstPaintReady())).toBe(true);
    document.body.innerHTML = '<div id="first-paint"><img src="/a.webp" loading="lazy"></div>';
    expect(await settled(firstPaintReady())).toBe(true);
  });

  it('waits for the lead images to be decoded and drawn', async () => {
    jest.useFakeTimers();
    document.body.innerHTML = '<div id="first-paint"><img fetchpriority="high" src="/a.webp"></div>';
    let decoded!: () => void;
    const image = document.querySelector('img')!;
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const ready = firstPaintReady();
    expect(await settled(ready)).toBe(false);
    decoded();
    await jest.advanceTimersByTimeAsync(50);
    expect(await settled(ready)).toBe(true);
  });

  it('gives up after 3 s on an image that never arrives, and does not wait on one that fails', async () => {
    jest.useFakeTimers();
    document.body.innerHTML = '<div id="first-paint"><img fetchpriority="high" src="/a.webp"><img fetchpriority="high" src="/b.webp"></div>';
    const [stuck, broken] = Array.from(document.querySelectorAll('img'));
    stuck.decode = () => new Promise<void>(() => undefined);
    broken.decode = () => Promise.reject(new Error('EncodingError'));
    const ready = firstPaintReady();
    await jest.advanceTimersByTimeAsync(2900);
    expect(await settled(ready)).toBe(false);
    await jest.advanceTimersByTimeAsync(200);
    expect(await settled(ready)).toBe(true);
  });
});
