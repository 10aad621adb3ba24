import { useEffect, useRef } from 'react';
import { albumRealtime, useAuthStore } from '@momentos/api-client';

/**
 * The organiser's screen stays current: any announcement on the event's (or album's) channel —
 * new photos, photos removed or hidden from guests — reloads the owner's list, which carries hidden
 * and pending photos too (so a hidden photo stays, marked, instead of being dropped).
 */
export function useOwnerLive(scopeId: string, reload: () => Promise<void>): void {
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    const token = useAuthStore.getState().token;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = albumRealtime.subscribe(
      scopeId,
      (message) => {
        if (message.type !== 'new_photos' && message.type !== 'photos_removed') return;
        // A burst of announcements (a batch of uploads) is one reload.
        clearTimeout(timer);
        timer = setTimeout(() => void reloadRef.current(), 250);
      },
      { token },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [scopeId]);
}
