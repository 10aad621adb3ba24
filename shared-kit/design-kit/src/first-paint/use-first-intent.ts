import { useEffect } from 'react';

// The press before a tap's click, a key, or focus moving in: the user is about to act on the page.
const intents = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Calls `load` once, at the user's first touch, key or focus on the page while `active` (issue 29):
 * code a painted page needs only after a tap starts downloading at the press, not at once, so on a
 * slow link nothing competes with the first screen. The tap's own step shows a loading state for the
 * rest of the wait.
 */
export function useFirstIntent(load: () => Promise<unknown>, active = true): void {
  useEffect(() => {
    if (!active) return;
    const onIntent = () => {
      intents.forEach((type) => document.removeEventListener(type, onIntent, true));
      // A download that fails here is the tapped step's to show: it asks again.
      load().catch(() => undefined);
    };
    intents.forEach((type) => document.addEventListener(type, onIntent, { capture: true, passive: true }));
    return () => intents.forEach((type) => document.removeEventListener(type, onIntent, true));
  }, [load, active]);
}
