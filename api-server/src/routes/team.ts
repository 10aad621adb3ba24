import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { requireEventRole } from '../http/event-role';
import { acceptInvite, accountFromInvite, createInvite, inviteMessages, openInvite } from '../services/team/invites';
import { roleNames, type TeamRole } from '../domain/team/roles';
import { teamInviteMail } from '../domain/mail/templates';
import { signToken } from '../domain/token';
import { HttpError } from '../errors';
import { publicOrigin } from '../http/public-origin';
import { listMembers, removeMember } from '../repositories/event-members';
import { EMAIL_PATTERN, findOrganiserById, normaliseEmail } from '../repositories/organisers';
import { openInvites, revokeInvite } from '../repositories/team-invites';

/**
 * Issue 27: the event's team. The owner invites people with a role (a link, single use, 7 days,
 * revocable), sees the team and removes people; the invited person accepts signed in, or makes an
 * account from the link.
 */
const teamRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const owner = { preHandler: app.requireOrganiser };

  app.route({ ...route(endpoints.team), ...owner, handler: async (request, reply) => {
    const { event } = await requireEventRole(app.db, request, request.params.id, 'team.manage');
    const ownerRow = (await findOrganiserById(app.db, event.organiser_id))!;
    const members = await listMembers(app.db, event.id);
    const invites = await openInvites(app.db, event.id);
    reply.header('cache-control', 'no-store');
    return {
      owner: { organiser_id: ownerRow.id, name: ownerRow.name, email: ownerRow.email },
      members: members.map((member) => ({ organiser_id: member.organiser_id, name: member.name, email: member.email, role: member.role as TeamRole, since: member.created_at })),
      invites: invites.map((invite) => ({ ...invite, role: invite.role as TeamRole })),
    };
  } });

  app.route({
    ...route(endpoints.createTeamInvite),
    ...owner,
    handler: async (request, reply) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'team.manage');
      const email = request.body.email?.trim() ? normaliseEmail(request.body.email) : null;
      if (email && !EMAIL_PATTERN.test(email)) throw new HttpError(400, inviteMessages.invalidEmail);
      const { invite, url } = await createInvite(app.db, event, request.body.role, request.organiser!.id, email, publicOrigin(request, config));
      // Item 3: with SMTP the link also goes to the address given; the answer shows it either way.
      let emailed = false;
      if (email && app.mail.configured) {
        const message = teamInviteMail({ eventName: event.name, roleName: roleNames[request.body.role], invitedBy: request.organiser!.name || request.organiser!.email, url });
        emailed = await app.mail.send(email, message).then(
          () => true,
          (error: unknown) => {
            request.log.warn({ err: error }, 'team invite e-mail not sent');
            return false;
          },
        );
      }
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ id: invite.id, role: request.body.role, email: invite.email, created_at: invite.created_at, expires_at: invite.expires_at, url, emailed });
    },
  });

  app.route({
    ...route(endpoints.revokeTeamInvite),
    ...owner,
    handler: async (request) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'team.manage');
      if (!(await revokeInvite(app.db, event.id, request.params.inviteId))) throw new HttpError(404, 'Convite não encontrado.');
      return { status: 200, message: 'Convite revogado.' };
    },
  });

  app.route({
    ...route(endpoints.removeTeamMember),
    ...owner,
    handler: async (request) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'team.manage');
      if (!(await removeMember(app.db, event.id, request.params.organiserId))) throw new HttpError(404, 'Pessoa não encontrada na equipe.');
      // Their open sockets on the event close now, here and on the other instances; their file URLs stop at once.
      app.realtime.removeMember(event.id, request.params.organiserId);
      app.fileAccess.invalidate();
      return { status: 200, message: 'Pessoa removida da equipe.' };
    },
  });

  app.route({ ...route(endpoints.teamInvite), handler: async (request, reply) => {
    const invite = await openInvite(app.db, request.params.token);
    reply.header('cache-control', 'no-store');
    return { event_name: invite.event_name, role: invite.role as TeamRole, invited_by: invite.inviter_name || invite.inviter_email || '', expires_at: invite.expires_at };
  } });

  app.route({
    ...route(endpoints.acceptTeamInvite),
    ...owner,
    handler: async (request) => {
      const joined = await acceptInvite(app.db, request.params.token, request.organiser!.id);
      app.fileAccess.invalidate();
      return { status: 200, message: inviteMessages.accepted, ...joined };
    },
  });

  app.route({
    ...route(endpoints.accountFromInvite),
    handler: async (request, reply) => {
      const made = await accountFromInvite(app.db, request.params.token, request.body, config.tokenTtlSeconds);
      const token = signToken({ sub: made.organiser.id, email: made.organiser.email, sid: made.sid }, app.jwtSecret, config.tokenTtlSeconds);
      reply.code(201).header('authentication', token).header('cache-control', 'no-store');
      return { status: 201, message: inviteMessages.accepted, event_id: made.event_id, role: made.role };
    },
  });
};

export default teamRoutes;
