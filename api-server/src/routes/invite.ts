import { answers, InviteSearchAnswer, InviteSearchQuery } from '@momentos/api-contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normaliseInviteCode } from '../domain/invite-code';
import { findEventByCode } from '../repositories/events';

/** Public: resolves an invite code to `[{ id, name }]`, or `[]`. */
const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/invite/search', { schema: { querystring: InviteSearchQuery, response: answers({ 200: InviteSearchAnswer }) } }, async (request) => {
    const code = normaliseInviteCode(request.query.code);
    if (!/^[A-Z0-9]{1,32}$/.test(code)) return [];
    const event = await findEventByCode(app.db, code);
    return event ? [{ id: event.id, name: event.name }] : [];
  });
};

export default inviteRoutes;
