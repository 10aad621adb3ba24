import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normaliseInviteCode } from '../domain/invite-code';
import { findEventByCode } from '../repositories/events';

/** Public: resolves an invite code to `[{ id, name }]`, or `[]`. */
const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...route(endpoints.inviteSearch), handler: async (request) => {
    const code = normaliseInviteCode(request.query.code);
    if (!/^[A-Z0-9]{1,32}$/.test(code)) return [];
    const event = await findEventByCode(app.db, code);
    return event ? [{ id: event.id, name: event.name }] : [];
  } });
};

export default inviteRoutes;
