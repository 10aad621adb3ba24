import { listenForInstallPrompt } from './install-prompt';

/**
 * The service worker at the site's root (shell/service-worker: precache of the shell, the guest
 * remote's chunks cached at install, pages network-first, the share target), registered once the
 * welcome's page has loaded and the browser is idle (schedule-service-worker.ts). The worker is asked
 * to keep this page and the invite it came from, so both open offline next time.
 *
 * Issue 29: the browser's own `register` and `postMessage`, not workbox-window: this runs on a first
 * visit now, and workbox-window's 2.7 KB (brotli) would have pushed what a first visit downloads by
 * network idle past its 120 KB budget. Nothing of it was used but registering and one message (the
 * worker answers on a port only when one is given). `keep` (the pages to keep) is worked out by the
 * caller, whose chunk already holds the storage helpers: this chunk stays the registration alone.
 */
export async function registerServiceWorker(keep: string[]): Promise<void> {
  listenForInstallPrompt();
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    (registration.installing ?? registration.waiting ?? registration.active)?.postMessage({ type: 'MOMENTOS_KEEP_PAGES', urls: keep });
  } catch (error) {
    // A development server without the worker, or a browser that refuses it: the app works as before.
    console.warn('Service worker not registered', error);
  }
}
