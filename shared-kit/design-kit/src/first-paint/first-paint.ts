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

/** Removes the painted markup: its page has rendered the same view (or could not load). */
export function removeFirstPaint(): void {
  document.getElementById(firstPaintIds.markupId)?.remove();
}

/** Tests: forget what was read. */
export function resetFirstPaintForTests(): void {
  cached = undefined;
}
