import useSWR from 'swr';
import { apiKeys, dataOf, getPublicEvent, type PublicEvent } from '@momentos/api-client';

/** GET /api/events/{id}/public: the event as any guest may see it; `fallback` (what was already known) until it answers. */
export function usePublicEvent(eventId: string, fallback: PublicEvent | null): PublicEvent | null {
  const { data } = useSWR(apiKeys.publicEvent(eventId), () => dataOf(getPublicEvent(eventId)), {
    shouldRetryOnError: false,
    fallbackData: fallback ?? undefined,
    // What the server painted the page with is a fresh read already.
    revalidateOnMount: fallback === null,
  });
  return data ?? null;
}
