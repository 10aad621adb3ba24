import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, createTeamInvite, dataOf, getTeam, removeTeamMember, revokeTeamInvite } from '@momentos/api-client';

/** The event's team (owner): null while the first answer is awaited; the actions ask the team again. */
export function useTeam(eventId: string) {
  const { data, error, mutate } = useSWR(apiKeys.team(eventId), () => dataOf(getTeam(eventId)), { shouldRetryOnError: false });
  const actions = useMemo(() => {
    /** A team action that asks the team again once it is answered. */
    const thenReload =
      <A extends unknown[], R>(action: (eventId: string, ...args: A) => Promise<R>) =>
      async (...args: A) => {
        const result = await action(eventId, ...args);
        await mutate();
        return result;
      };
    return { invite: thenReload(createTeamInvite), revoke: thenReload(revokeTeamInvite), remove: thenReload(removeTeamMember) };
  }, [eventId, mutate]);
  return { team: data ?? null, failed: Boolean(error), ...actions };
}
