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
});
