import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, EventRow } from '../../db/schema';
import { HttpError } from '../../errors';
import { addMember } from '../../repositories/event-members';
import { createSession } from '../../repositories/organiser-sessions';
import { createOrganiser, EMAIL_PATTERN, findOrganiserByEmail, normaliseEmail } from '../../repositories/organisers';
import { findOpenInvite, insertInvite, useInvite } from '../../repositories/team-invites';
import type { TeamRole } from '../../domain/team/roles';

/** Invite links are valid for 7 days, once. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const inviteMessages = {
  invalid: 'Este convite não é mais válido (já usado, revogado ou expirado). Peça um novo convite a quem organiza o evento.',
  owner: 'Você já é o organizador deste evento.',
  emailTaken: 'Já existe uma conta com este e-mail. Entre com ela e aceite o convite.',
  invalidEmail: 'Por favor, informe um e-mail válido',
  accepted: 'Convite aceito.',
} as const;

const hashOf = (token: string) => createHash('sha256').update(`team-invite:${token}`).digest('hex');

export async function createInvite(db: Kysely<Database>, event: Pick<EventRow, 'id'>, role: TeamRole, invitedBy: string, email: string | null, origin: string, now = new Date()) {
  const token = randomBytes(24).toString('base64url');
  const invite = {
    id: `inv_${randomUUID()}`,
    event_id: event.id,
    token_hash: hashOf(token),
    role,
    email: email ? normaliseEmail(email) : null,
    invited_by: invitedBy,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
  };
  await insertInvite(db, invite);
  return { invite, url: `${origin}/equipe/${token}` };
}

/** The open invite a token names; 404 when it is unknown, used, revoked or expired. */
export async function openInvite(db: Kysely<Database>, token: string) {
  const invite = await findOpenInvite(db, hashOf(token));
  if (!invite) throw new HttpError(404, inviteMessages.invalid);
  return invite;
}

/** The signed-in organiser joins the event's team with the invite's role; the link is then used up. */
export async function acceptInvite(db: Kysely<Database>, token: string, organiserId: string) {
  return db.transaction().execute(async (trx) => {
    const invite = await findOpenInvite(trx, hashOf(token));
    if (!invite) throw new HttpError(404, inviteMessages.invalid);
    if (invite.organiser_id === organiserId) throw new HttpError(409, inviteMessages.owner);
    if (!(await useInvite(trx, invite.id, organiserId))) throw new HttpError(404, inviteMessages.invalid);
    await addMember(trx, invite.event_id, organiserId, invite.role as TeamRole);
    return { event_id: invite.event_id, role: invite.role as TeamRole };
  });
}

/** A new organiser account made from the link, in the team at once and signed in. */
export async function accountFromInvite(db: Kysely<Database>, token: string, input: { name: string; email: string; password: string }, sessionTtlSeconds: number) {
  const email = normaliseEmail(input.email);
  if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, inviteMessages.invalidEmail);
  const name = input.name.trim();
  if (!name) throw new HttpError(400, 'Por favor, informe seu nome.');
  return db.transaction().execute(async (trx) => {
    const invite = await findOpenInvite(trx, hashOf(token));
    if (!invite) throw new HttpError(404, inviteMessages.invalid);
    if (await findOrganiserByEmail(trx, email)) throw new HttpError(409, inviteMessages.emailTaken);
    const organiser = await createOrganiser(trx, email, input.password, name);
    if (!(await useInvite(trx, invite.id, organiser.id))) throw new HttpError(404, inviteMessages.invalid);
    await addMember(trx, invite.event_id, organiser.id, invite.role as TeamRole);
    const sid = await createSession(trx, organiser.id, sessionTtlSeconds);
    return { organiser, sid, event_id: invite.event_id, role: invite.role as TeamRole };
  });
}
