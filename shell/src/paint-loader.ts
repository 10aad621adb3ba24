// Issue 29: the shell's paint loader, the only script a painted page with lead images links (the
// server puts it in place of the entry, api-server's domain/first-paint.ts). On a slow phone link
// every concurrent download takes its share of the bandwidth from the card image; so the app's
// scripts (the entry, the shared modules, the remote's entry) are asked for only once the painted
// view's lead images have arrived, or after MAX_WAIT_MS when one is lost. The painted view is usable
// meanwhile: its links work, and a tap on its buttons is kept for the app (painted-tap.ts).
// Kept tiny and free of imports that bring code: it is downloaded beside the card image.
import type { DeferredScripts } from '@momentos/app-manifest';
import { keepPaintedTaps } from './painted-tap';

/** How long the app waits at most for the lead images (a lost image must not hold it up). */
export const MAX_WAIT_MS = 4000;

/** Adds the page's deferred scripts: the preloads, then the entry (which loads the rest itself). */
export function startScripts(scripts: DeferredScripts, doc: Document = document): void {
  for (const href of scripts.preload) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'script');
    link.href = href;
    doc.head.append(link);
  }
  const entry = doc.createElement('script');
  entry.src = scripts.main;
  doc.head.append(entry);
}

/** Resolves once every image has loaded or failed (at once when there is none or all are in). */
export function imagesArrived(images: ArrayLike<HTMLImageElement>): Promise<void> {
  const pending = Array.from(images).filter((image) => !image.complete);
  return Promise.all(
    pending.map(
      (image) =>
        new Promise<void>((resolve) => {
          image.addEventListener('load', () => resolve(), { once: true });
          image.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** Starts the app once the painted view's lead images have arrived; answers when the scripts were added. */
export function loadAfterLeadImages(doc: Document = document, maxWaitMs = MAX_WAIT_MS): Promise<void> {
  // app-manifest's firstPaintIds (scriptsId, markupId); the literals keep this file free of the manifest's code.
  const listed = doc.getElementById('first-paint-scripts');
  if (!listed?.textContent) return Promise.resolve();
  const scripts = JSON.parse(listed.textContent) as DeferredScripts;
  keepPaintedTaps();
  const images = doc.querySelectorAll<HTMLImageElement>('#first-paint img[fetchpriority="high"]');
  return Promise.race([imagesArrived(images), new Promise((resolve) => setTimeout(resolve, maxWaitMs))]).then(() => startScripts(scripts, doc));
}
