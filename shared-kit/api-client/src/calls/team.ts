import type { InviteAccountInput, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInvitePreview, TeamRole } from '@momentos/api-contract';
import { call, type ApiResult } from '../http/api-result';
import { texts } from '../texts';

export type { InviteAccountInput, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInvitePreview, TeamRole };

/** GET /api/events/{id}/team (issue 27, the owner): the owner, the members and the open invites. */
export function getTeam(eventId: string) {
  return call('GET /api/events/:id/team', { params: { id: eventId } });
}

/** POST /api/events/{id}/team/invites: a link for a role (shown once). */
export function createTeamInvite(eventId: string, input: TeamInviteInput) {
  return call('POST /api/events/:id/team/invites', { params: { id: eventId }, body: input });
}

export function revokeTeamInvite(eventId: string, inviteId: string) {
  return call('DELETE /api/events/:id/team/invites/:inviteId', { params: { id: eventId, inviteId } });
}

export function removeTeamMember(eventId: string, organiserId: string) {
  return call('DELETE /api/events/:id/team/members/:organiserId', { params: { id: eventId, organiserId } });
}

/** GET /api/team-invites/{token}: what an invite link is for (no account needed). */
export function getTeamInvite(token: string) {
  return call('GET /api/team-invites/:token', { params: { token } });
}

/**
 * POST /api/team-invites/{token}/accept: the signed-in organiser joins the team. The credential is
 * sent explicitly: the invite page is not behind the shell's guard, which sets it for guarded pages.
 */
export function acceptTeamInvite(token: string, credential: string | null) {
  return call('POST /api/team-invites/:token/accept', { params: { token } }, { headers: credential ? { authentication: credential } : {} });
}

/** POST /api/team-invites/{token}/account: a new account from the link, signed in (`data.token`). */
export async function createAccountFromInvite(token: string, input: InviteAccountInput): Promise<ApiResult<TeamInviteAccepted & { token: string }>> {
  const result = await call('POST /api/team-invites/:token/account', { params: { token }, body: input });
  if (!result.ok) return result;
  const credential = result.headers.authentication;
  if (!credential) return { ok: false, status: result.status, message: texts.unexpectedError };
  return { ...result, data: { ...result.data, token: credential } };
}
