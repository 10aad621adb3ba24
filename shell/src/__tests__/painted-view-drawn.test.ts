import { earlyRequestIds } from '@momentos/app-manifest';
import { paintedViewDrawn } from '../remotes/painted-view-drawn';

// React takes a painted view over only after the browser has drawn it once (the page's largest content
// then counts from the server's paint).

describe('paintedViewDrawn', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    jest.useFakeTimers();
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    document.getElementById('first-paint')?.remove();
    delete (window as unknown as Record<string, unknown>)[earlyRequestIds.drawnGlobal];
  });

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return async () => {
      await Promise.resolve();
      await Promise.resolve();
      return done;
    };
  };

  it('resolves at once on a page the server did not paint', async () => {
    const isDone = settled(paintedViewDrawn());
    expect(await isDone()).toBe(true);
    expect(frames).toHaveLength(0);
  });

  it('waits for a frame to be drawn, then resolves', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="first-paint"><p>Meus eventos</p></div>');
    const isDone = settled(paintedViewDrawn());
    jest.advanceTimersByTime(50);
    expect(await isDone()).toBe(false);
    // The frame's callback runs before the frame is drawn; a timer set there runs after it.
    frames[0](0);
    expect(await isDone()).toBe(false);
    jest.advanceTimersByTime(0);
    expect(await isDone()).toBe(true);
  });

  it('does not wait for ever in a hidden tab, which draws no frames', async () => {
    document.body.insertAdjacentHTML('beforeend', '<div id="first-paint"><p>Meus eventos</p></div>');
    const isDone = settled(paintedViewDrawn(document, 100));
    jest.advanceTimersByTime(99);
    expect(await isDone()).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await isDone()).toBe(true);
  });

  describe("on the photo screen, whose early script draws the first tiles", () => {
    let draw: () => void;
    beforeEach(() => {
      document.body.insertAdjacentHTML('beforeend', '<div id="first-paint"><main></main></div>');
      (window as unknown as Record<string, unknown>)[earlyRequestIds.drawnGlobal] = new Promise<void>((resolve) => (draw = resolve));
    });
    const drawTiles = (priorities: string[]) =>
      priorities.map((priority, index) => {
        const image = document.createElement('img');
        image.setAttribute('fetchpriority', priority);
        image.src = `/api/files?path=tile-${index}`;
        document.querySelector('#first-paint main')!.append(image);
        return image;
      });

    it('waits for the drawing, then for the first row to arrive (loaded or failed), then for a frame', async () => {
      const isDone = settled(paintedViewDrawn(document, 100, 1000));
      const [first, second] = drawTiles(['high', 'high', 'low']);
      expect(frames).toHaveLength(0);
      draw();
      await jest.advanceTimersByTimeAsync(0);
      first.dispatchEvent(new Event('load'));
      await jest.advanceTimersByTimeAsync(0);
      expect(frames).toHaveLength(0);
      // A failed image counts as arrived; the tile below the first row is not waited for.
      second.dispatchEvent(new Event('error'));
      await jest.advanceTimersByTimeAsync(0);
      expect(frames).toHaveLength(1);
      expect(await isDone()).toBe(false);
      frames[0](0);
      jest.advanceTimersByTime(0);
      expect(await isDone()).toBe(true);
    });

    it('waits no longer than its limit for a list or an image that does not come', async () => {
      const isDone = settled(paintedViewDrawn(document, 100, 1000));
      await jest.advanceTimersByTimeAsync(999);
      expect(frames).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(frames).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(100);
      expect(await isDone()).toBe(true);
    });
  });
});
