import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/** Drops every answer cached on this page: the next organiser to sign in here never sees the last one's events. */
export function useForgetSessionData(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(() => true, undefined, { revalidate: false }), [mutate]);
}
