// Issue 29: the shell's paint loader, linked by every page the server paints (api-server's
// domain/first-paint.ts). It keeps a tap on the painted view's buttons for the app (painted-tap.ts).
// On a page with lead images it is also the only script the page links: on a slow phone link every
// concurrent download takes its share of the bandwidth from the card image, so the app's scripts (the
// entry, the shared modules, the remote's entry and page, listed in the page) are asked for only once those
// images have arrived (loaded or failed), or after `maxWaitMs` when one is lost. The painted view is
// usable meanwhile: its links work and its taps are kept. Kept tiny: it downloads beside the card image.
import type { DeferredScripts } from '@momentos/app-manifest';
import { keepPaintedTaps } from './painted-tap';

export function loadAfterLeadImages(doc: Document, maxWaitMs: number): void {
  keepPaintedTaps();
  // app-manifest's firstPaintIds (scriptsId, markupId): literals keep the manifest's code out of this file.
  const listed = doc.getElementById('first-paint-scripts');
  if (!listed) return;
  const scripts = JSON.parse(listed.textContent) as DeferredScripts;
  let pending = 1;
  const start = () => {
    if (pending < 0) return;
    pending = -1;
    // The preloads first, then the entry (which loads the rest itself).
    for (const href of scripts.preload) {
      const link = doc.createElement('link');
      link.rel = 'preload';
      link.setAttribute('as', href.endsWith('.css') ? 'style' : 'script');
      link.href = href;
      doc.head.append(link);
    }
    const entry = doc.createElement('script');
    entry.src = scripts.main;
    doc.head.append(entry);
  };
  const arrived = () => --pending === 0 && start();
  doc.querySelectorAll<HTMLImageElement>('#first-paint img[fetchpriority="high"]').forEach((image) => {
    if (image.complete) return;
    pending++;
    image.addEventListener('load', arrived);
    image.addEventListener('error', arrived);
  });
  arrived();
  setTimeout(start, maxWaitMs);
}
