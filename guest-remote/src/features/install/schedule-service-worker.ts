import { readStored, storageKeys } from '@momentos/api-client/storage';
import { registerServiceWorker } from './register-service-worker';

let scheduled = false;

/**
 * Issue 28: registers the installable app's service worker once the browser is idle, at most once a
 * page. Issue 29: the welcome calls it too (a guest who never taps still gets the app that opens
 * offline), and it waits for the page's `load` (the card image included) before the idle callback, so
 * the worker's install downloads do not compete with the card. The registration (a few hundred bytes
 * without workbox-window) is in the caller's chunk: a chunk of its own cost more by its wrapper and
 * its request than it saved before the welcome (bench/guest-js-weight.mjs).
 */
export function scheduleServiceWorker(): void {
  if (scheduled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  scheduled = true;
  const start = () => {
    // This page and the invite it came from, as they are when the worker is registered.
    const code = readStored(storageKeys.shared);
    const keep = [`${location.pathname}${location.search}`, ...(code ? [`/invite/${encodeURIComponent(code)}`] : [])];
    void registerServiceWorker(keep);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
    else setTimeout(start, 2000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
