import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, listAlbums, type Album } from '@momentos/api-client';

/** Waits before asking again after an answer that is not a success (the list stays loading meanwhile). */
export const RETRY_DELAYS_MS = [2000, 4000, 8000, 15000];

/** The pause before retry number `retryCount` (1-based): 2, 4, 8, then 15 s for every later one. */
export function retryDelayMs(retryCount: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(retryCount, 1), RETRY_DELAYS_MS.length) - 1];
}

/**
 * The event's public albums (spec §2 step 2). The list needs a success: until one arrives the screen
 * stays loading, asking again with growing pauses and without a limit (a guest on a weak network never
 * sees a false 'empty').
 */
export function usePublicAlbums(eventId: string, enabled: boolean): Album[] | null {
  const { data } = useSWR(enabled ? apiKeys.albums(eventId) : null, () => dataOf(listAlbums(eventId)), {
    onErrorRetry: (_error, _key, _config, revalidate, { retryCount }) => {
      setTimeout(() => void revalidate({ retryCount }), retryDelayMs(retryCount));
    },
  });
  return useMemo(() => data?.filter((album) => album.is_public) ?? null, [data]);
}
