import { firstPaintIds, type FirstPaintData, type RemoteName } from '@momentos/app-manifest';

// The server may paint a page's view before any script (app-manifest's `firstPaint`): the markup in
// `#first-paint`, the data it was painted with in `#first-paint-data` (JSON, never executed, so it
// passes a Content-Security-Policy without inline scripts).

let cached: FirstPaintData | null | undefined;

function readData(): FirstPaintData | null {
  if (cached !== undefined) return cached;
  cached = null;
  const element = typeof document === 'undefined' ? null : document.getElementById(firstPaintIds.dataId);
  if (element?.textContent) {
    try {
      cached = JSON.parse(element.textContent) as FirstPaintData;
    } catch {
      cached = null;
    }
  }
  return cached;
}

/** The data the server painted this page's view with, when it painted `remote`'s `page`. */
export function readFirstPaint<T>(remote: RemoteName, page: string): T | null {
  const data = readData();
  return data && data.remote === remote && data.page === page ? (data.data as T) : null;
}

/** Which page the server painted (`remote/page`), while its markup is still on screen. */
export function paintedPage(): string | null {
  if (typeof document === 'undefined' || !document.getElementById(firstPaintIds.markupId)) return null;
  const data = readData();
  return data ? `${data.remote}/${data.page}` : null;
}

/** What a screen reader would call a button: how a tap on the painted view finds its twin in the app. */
const buttonLabel = (button: Element) => (button.getAttribute('aria-label') ?? button.textContent ?? '').trim();

/**
 * Removes the painted markup: its page has rendered the same view (or could not load). A button the
 * guest tapped on the painted view before the app ran (marked `data-tap` by the shell's entry) is
 * tapped again in the app, after this frame: the app's button with the same label, at the same place
 * among the buttons with that label (the second 'Foto enviada por Tia Rosa').
 */
export function removeFirstPaint(): void {
  const painted = document.getElementById(firstPaintIds.markupId);
  const tapped = painted?.querySelector('button[data-tap]');
  const label = tapped && buttonLabel(tapped);
  const place = tapped ? Array.from(painted!.querySelectorAll('button')).filter((button) => buttonLabel(button) === label).indexOf(tapped as HTMLButtonElement) : -1;
  painted?.remove();
  if (!tapped) return;
  setTimeout(() => {
    const twins = Array.from(document.querySelectorAll<HTMLButtonElement>('button')).filter((button) => buttonLabel(button) === label);
    twins[place]?.click();
  });
}

/** Tests: forget what was read. */
export function resetFirstPaintForTests(): void {
  cached = undefined;
}
