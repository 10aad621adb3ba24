import type { InviteAccountInput, StatusMessage, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInvitePreview, TeamRole } from '@momentos/api-contract';
import { request, type ApiResult } from '../http/api-result';
import { texts } from '../texts';

export type { InviteAccountInput, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInvitePreview, TeamRole };

const path = (value: string) => encodeURIComponent(value);

/** GET /api/events/{id}/team (issue 27, the owner): the owner, the members and the open invites. */
export function getTeam(eventId: string) {
  return request<Team>({ method: 'GET', url: `/api/events/${path(eventId)}/team` });
}

/** POST /api/events/{id}/team/invites: a link for a role (shown once). */
export function createTeamInvite(eventId: string, input: TeamInviteInput) {
  return request<TeamInviteCreated>({ method: 'POST', url: `/api/events/${path(eventId)}/team/invites`, data: input });
}

export function revokeTeamInvite(eventId: string, inviteId: string) {
  return request<StatusMessage>({ method: 'DELETE', url: `/api/events/${path(eventId)}/team/invites/${path(inviteId)}` });
}

export function removeTeamMember(eventId: string, organiserId: string) {
  return request<StatusMessage>({ method: 'DELETE', url: `/api/events/${path(eventId)}/team/members/${path(organiserId)}` });
}

/** GET /api/team-invites/{token}: what an invite link is for (no account needed). */
export function getTeamInvite(token: string) {
  return request<TeamInvitePreview>({ method: 'GET', url: `/api/team-invites/${path(token)}` });
}

/**
 * POST /api/team-invites/{token}/accept: the signed-in organiser joins the team. The credential is
 * sent explicitly: the invite page is not behind the shell's guard, which sets it for guarded pages.
 */
export function acceptTeamInvite(token: string, credential: string | null) {
  return request<TeamInviteAccepted>({ method: 'POST', url: `/api/team-invites/${path(token)}/accept`, headers: credential ? { authentication: credential } : {} });
}

/** POST /api/team-invites/{token}/account: a new account from the link, signed in (`data.token`). */
export async function createAccountFromInvite(token: string, input: InviteAccountInput): Promise<ApiResult<TeamInviteAccepted & { token: string }>> {
  const result = await request<TeamInviteAccepted>({ method: 'POST', url: `/api/team-invites/${path(token)}/account`, data: input });
  if (!result.ok) return result;
  const credential = result.headers.authentication;
  if (!credential) return { ok: false, status: result.status, message: texts.unexpectedError };
  return { ...result, data: { ...result.data, token: credential } };
}
