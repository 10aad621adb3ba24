import { firstPaintIds } from '@momentos/app-manifest';

/**
 * Resolves once the server's painted view has been drawn at least once, or at once when the page has
 * none. On a fast load the app's scripts may be in before the browser's first frame; React would then
 * take the painted view over before it was ever drawn, and the page's largest content would count from
 * React's render instead of the server's paint (Lighthouse's largest contentful paint moved between
 * 0.8 and 2.6 s on the painted event list). Waiting for one frame costs nothing on a slow link, where
 * the scripts come long after it. A hidden tab draws no frames: there it waits `maxWaitMs` at most.
 */
export function paintedViewDrawn(doc: Document = document, maxWaitMs = 100): Promise<void> {
  if (!doc.getElementById(firstPaintIds.markupId)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    // A timer set in a frame's callback runs after that frame has been drawn.
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }),
    );
  });
}
