import { Type, type Static } from '@sinclair/typebox';
import { extend, IdParam, LinkTokenParams, NullableString, statusWith, StringEnum } from './common';
import { NewAccountInput } from './account';

// Issue 27: an event's team (co-hosts with roles) and its invite links.

export const TeamRole = StringEnum(['coorganiser', 'moderator'] as const);
export type TeamRole = Static<typeof TeamRole>;

export const TeamMember = Type.Object({
  organiser_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: TeamRole,
  since: Type.String(),
});
export type TeamMember = Static<typeof TeamMember>;

/** An invite link still open (not used, not revoked, not expired). The link itself is shown once. */
export const TeamInvite = Type.Object({
  id: Type.String(),
  role: TeamRole,
  email: NullableString,
  created_at: Type.String(),
  expires_at: Type.String(),
});
export type TeamInvite = Static<typeof TeamInvite>;

/** `GET /api/events/{id}/team` (owner). */
export const Team = Type.Object({
  owner: Type.Object({ organiser_id: Type.String(), name: Type.String(), email: Type.String() }),
  members: Type.Array(TeamMember),
  invites: Type.Array(TeamInvite),
});
export type Team = Static<typeof Team>;

/** `POST /api/events/{id}/team/invites`: a role, and optionally an e-mail to send the link to. */
export const TeamInviteInput = Type.Object({
  role: TeamRole,
  email: Type.Optional(Type.String({ maxLength: 320 })),
});
export type TeamInviteInput = Static<typeof TeamInviteInput>;

/** The new invite with its link (shown once); `emailed` says whether it went by e-mail. */
export const TeamInviteCreated = extend(TeamInvite, {
  url: Type.String(),
  emailed: Type.Boolean(),
});
export type TeamInviteCreated = Static<typeof TeamInviteCreated>;

export const TeamInviteParams = Type.Object({ id: IdParam, inviteId: IdParam });
export type TeamInviteParams = Static<typeof TeamInviteParams>;

export const TeamMemberParams = Type.Object({ id: IdParam, organiserId: IdParam });
export type TeamMemberParams = Static<typeof TeamMemberParams>;

/** `/api/team-invites/{token}`. */
export const InviteTokenParams = LinkTokenParams;
export type InviteTokenParams = LinkTokenParams;

/** `GET /api/team-invites/{token}`: what the invited person sees before accepting. */
export const TeamInvitePreview = Type.Object({
  event_name: Type.String(),
  role: TeamRole,
  invited_by: Type.String(),
  expires_at: Type.String(),
});
export type TeamInvitePreview = Static<typeof TeamInvitePreview>;

/** `POST /api/team-invites/{token}/accept` (signed in) and `/account` (a new account): the event joined. */
export const TeamInviteAccepted = statusWith({ event_id: Type.String(), role: TeamRole });
export type TeamInviteAccepted = Static<typeof TeamInviteAccepted>;

/** `POST /api/team-invites/{token}/account`: a new organiser account made from the link. */
export const InviteAccountInput = NewAccountInput;
export type InviteAccountInput = NewAccountInput;
