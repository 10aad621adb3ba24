import { useCallback } from 'react';
import useSWR from 'swr';
import { apiKeys, createTeamInvite, dataOf, getTeam, removeTeamMember, revokeTeamInvite, type TeamInviteInput } from '@momentos/api-client';

/** The event's team (owner): null while the first answer is awaited; the actions ask the team again. */
export function useTeam(eventId: string) {
  const { data, error, mutate } = useSWR(apiKeys.team(eventId), () => dataOf(getTeam(eventId)), { shouldRetryOnError: false });
  const invite = useCallback(
    async (input: TeamInviteInput) => {
      const result = await createTeamInvite(eventId, input);
      await mutate();
      return result;
    },
    [eventId, mutate],
  );
  const revoke = useCallback(
    async (inviteId: string) => {
      const result = await revokeTeamInvite(eventId, inviteId);
      await mutate();
      return result;
    },
    [eventId, mutate],
  );
  const remove = useCallback(
    async (organiserId: string) => {
      const result = await removeTeamMember(eventId, organiserId);
      await mutate();
      return result;
    },
    [eventId, mutate],
  );
  return { team: data ?? null, failed: Boolean(error), invite, revoke, remove };
}
