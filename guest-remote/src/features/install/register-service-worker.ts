import { storageKeys, readStored } from '@momentos/api-client/storage';
import { Workbox } from 'workbox-window';
import { listenForInstallPrompt } from './install-prompt';

/**
 * The service worker at the site's root (shell/service-worker: precache of the shell, the guest
 * remote's chunks cached at install, pages network-first, the share target). Its own chunk, with
 * workbox-window, loaded when the browser is idle after the welcome. The worker is asked to keep this
 * page and the invite it came from, so both open offline next time.
 */
export async function registerServiceWorker(): Promise<void> {
  listenForInstallPrompt();
  try {
    const worker = new Workbox('/sw.js', { scope: '/' });
    await worker.register();
    const code = readStored(storageKeys.shared);
    const urls = [`${location.pathname}${location.search}`, ...(code ? [`/invite/${encodeURIComponent(code)}`] : [])];
    void worker.messageSW({ type: 'MOMENTOS_KEEP_PAGES', urls }).catch(() => undefined);
  } catch (error) {
    // A development server without the worker, or a browser that refuses it: the app works as before.
    console.warn('Service worker not registered', error);
  }
}
