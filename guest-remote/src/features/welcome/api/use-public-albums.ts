import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, listAlbums, type Album, type ApiError } from '@momentos/api-client';

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
export function usePublicAlbums(eventId: string, enabled: boolean): { albums: Album[] | null; refused: ApiError | null; reload: () => void } {
  const { data, error, mutate } = useSWR(enabled ? apiKeys.albums(eventId) : null, () => dataOf(listAlbums(eventId)), {
    onErrorRetry: (failure: ApiError, _key, _config, revalidate, { retryCount }) => {
      // A refusal (the event's PIN missing or wrong, issue 12) is not retried: the guest answers it.
      if (failure.status === 403 || failure.status === 429) return;
      setTimeout(() => void revalidate({ retryCount }), retryDelayMs(retryCount));
    },
  });
  const albums = useMemo(() => data?.filter((album) => album.is_public) ?? null, [data]);
  const failure = error as ApiError | undefined;
  // Each refusal is its own object, so that the same words twice still count as a new answer.
  const refused = failure && (failure.status === 403 || failure.status === 429) ? failure : null;
  return { albums, refused, reload: () => void mutate() };
}
