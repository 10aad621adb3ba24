import { earlyRequestIds, firstPaintIds } from '@momentos/app-manifest';

/**
 * Resolves once the server's painted view has been drawn at least once, or at once when the page has
 * none. On a fast load the app's scripts may be in before the browser's first frame; React would then
 * take the painted view over before it was ever drawn, and the page's largest content would count from
 * React's render instead of the server's paint (Lighthouse's largest contentful paint moved between
 * 0.8 and 2.6 s on the painted event list). Waiting for one frame costs nothing on a slow link, where
 * the scripts come long after it. A hidden tab draws no frames: there it waits `maxWaitMs` at most.
 *
 * On the photo screen the page's early script draws the first tiles into the painted view once its list
 * has come (api-server's web/early-requests.ts): the frame waited for is then the one after the first
 * row's images have arrived (loaded or failed), `tilesWaitMs` at most. On a slow link they are in long
 * before the scripts, so this costs nothing there either; on a fast one it is the images' own time,
 * which React's grid would wait for as well.
 */
export function paintedViewDrawn(doc: Document = document, maxWaitMs = 100, tilesWaitMs = 1000): Promise<void> {
  if (!doc.getElementById(firstPaintIds.markupId)) return Promise.resolve();
  const oneFrame = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      // A timer set in a frame's callback runs after that frame has been drawn.
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }),
      );
    });
  const drawing = (window as unknown as Record<string, Promise<unknown> | undefined>)[earlyRequestIds.drawnGlobal];
  if (!drawing) return oneFrame();
  const waitedOut = new Promise<void>((resolve) => setTimeout(resolve, tilesWaitMs));
  const arrived = drawing.then(
    () => firstRowArrived(doc),
    () => undefined,
  );
  return Promise.race([arrived, waitedOut]).then(oneFrame);
}

/** The painted view's first-row images (the early tiles at a high priority), once each has loaded or failed. */
function firstRowArrived(doc: Document): Promise<unknown> {
  const pending = Array.from(doc.querySelectorAll<HTMLImageElement>(`#${firstPaintIds.markupId} img[fetchpriority="high"]`)).filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise((resolve) => {
          image.addEventListener('load', resolve);
          image.addEventListener('error', resolve);
        }),
    ),
  );
}
