import { useLocation } from '@momentos/design-kit';
import useSWR from 'swr';
import { apiKeys, dataOf, readStored, searchEventByCode, storageKeys } from '@momentos/api-client';

export interface SharedEvent {
  /** The invite code this browser came with (`shared`), when it belongs to this event. */
  code: string | null;
  name: string | null;
}

/**
 * The event's name and invite code for a guest: the invite screen hands the name over; otherwise the
 * stored invite code is searched again (guests cannot read an event by id).
 */
export function useSharedEvent(eventId: string): SharedEvent {
  const location = useLocation();
  const handedName = (location.state as { eventName?: string } | null)?.eventName ?? null;
  const code = readStored(storageKeys.shared);
  const { data, error } = useSWR(code ? apiKeys.inviteSearch(code) : null, () => dataOf(searchEventByCode(code!)), {
    shouldRetryOnError: false,
  });
  const found = data?.[0];
  if (found && found.id === eventId) return { code, name: found.name };
  // While the search is under way the stored code is assumed to be this event's.
  const searching = code !== null && data === undefined && error === undefined;
  return { code: searching ? code : null, name: handedName };
}
