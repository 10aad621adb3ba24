import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: 'screen'): Promise<WakeLockSentinelLike> } };

/**
 * While files are pending: leaving the page asks for confirmation (`beforeunload`), and the screen
 * is kept awake (Screen Wake Lock, where the browser has it; the lock is lost when the page is
 * hidden, so it is asked again when the page shows).
 */
export function useSendGuards(pending: boolean): void {
  useEffect(() => {
    if (!pending) return undefined;
    const confirmLeaving = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set; the text itself is the browser's.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', confirmLeaving);

    const wakeLock = (navigator as WakeLockNavigator).wakeLock;
    let sentinel: WakeLockSentinelLike | null = null;
    let ended = false;
    const keepAwake = () => {
      if (!wakeLock || document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (ended) void lock.release().catch(() => undefined);
          else sentinel = lock;
        })
        .catch(() => undefined); // refused (battery saver, no permission): sending goes on anyway
    };
    keepAwake();
    document.addEventListener('visibilitychange', keepAwake);
    return () => {
      ended = true;
      window.removeEventListener('beforeunload', confirmLeaving);
      document.removeEventListener('visibilitychange', keepAwake);
      void sentinel?.release().catch(() => undefined);
    };
  }, [pending]);
}
