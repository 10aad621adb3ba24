import useSWR from 'swr';
import { apiKeys, dataOf, readStored, searchEventByCode, storageKeys } from '@momentos/api-client';

/**
 * The event a guest's album belongs to, for 'Listar álbuns'. No call tells a guest an album's event,
 * so the invite code stored by the invite screen (`shared`) is searched again; `null` without one.
 */
export function useSharedEventId(): string | null {
  const code = readStored(storageKeys.shared);
  const { data } = useSWR(code ? apiKeys.inviteSearch(code) : null, () => dataOf(searchEventByCode(code!)), { shouldRetryOnError: false });
  return data?.[0]?.id ?? null;
}
