import useSWR from 'swr';
import { apiKeys, dataOf, searchEventByCode, type EventSearchResult } from '@momentos/api-client';

export interface InviteSearch {
  /** True once the search answered (or failed). */
  settled: boolean;
  /** The event of the code, `null` when there is none (or the search failed). */
  event: EventSearchResult | null;
}

/** GET /api/invite/search?code=: the event an invite code opens. */
export function useInviteSearch(code: string): InviteSearch {
  const { data, error } = useSWR(apiKeys.inviteSearch(code), () => dataOf(searchEventByCode(code)), { shouldRetryOnError: false });
  return { settled: data !== undefined || error !== undefined, event: data?.[0] ?? null };
}
