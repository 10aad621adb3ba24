import type { FastifyPluginAsync } from 'fastify';
import { normaliseInviteCode } from '../domain/invite-code';
import { findEventByCode } from '../repositories/events';
import { errorResponse } from '../schemas/common';

/** Public: resolves an invite code to `[{ id, name }]`, or `[]`. */
const inviteRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { code: string } }>(
    '/api/invite/search',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { code: { type: 'string', maxLength: 64 } },
          required: ['code'],
        },
        response: {
          200: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } } },
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const code = normaliseInviteCode(request.query.code);
      if (!/^[A-Z0-9]{1,32}$/.test(code)) return [];
      const event = await findEventByCode(app.db, code);
      return event ? [{ id: event.id, name: event.name }] : [];
    },
  );
};

export default inviteRoutes;
