let scheduled = false;

/**
 * Issue 28: registers the installable app's service worker once the browser is idle, at most once a
 * page. Called only from code loaded after the welcome is interactive (the album list's chunk, the
 * upload screen), so the first visit downloads nothing more before its welcome.
 */
export function scheduleServiceWorker(): void {
  if (scheduled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  scheduled = true;
  const start = () => void import('./register-service-worker').then(({ registerServiceWorker }) => registerServiceWorker());
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}
