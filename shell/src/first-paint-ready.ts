/** How long the app waits at most for the painted view's lead images (a lost image must not hold it up). */
const MAX_WAIT_MS = 3000;

/**
 * Resolves once the server's painted view (issue 13) has its lead images on screen: its high-priority
 * images decoded and a frame drawn with them. The app's scripts keep downloading meanwhile; only their
 * evaluation waits, so that on a slow phone the main thread draws the guest's first screen before it
 * is busy starting React. Resolves at once on a page without them.
 */
export function firstPaintReady(): Promise<unknown> {
  // app-manifest's firstPaintIds.markupId; the literal keeps this entry chunk small.
  const images = document.querySelectorAll<HTMLImageElement>('#first-paint img[fetchpriority="high"]');
  if (images.length === 0) return Promise.resolve();
  // A failed decode (a broken image) is not worth waiting for either.
  const shown = Promise.all(Array.from(images, (image) => Promise.resolve().then(() => image.decode()).catch(() => 0))).then(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
  return Promise.race([shown, new Promise((resolve) => setTimeout(resolve, MAX_WAIT_MS))]);
}
