import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pinAttemptOf } from '../http/event-pin';
import { albumSubscriptionAccess, issueSocketTicket } from '../services/socket-ticket';

/**
 * Issue 23: `POST /api/ws-ticket` `{album_id}` answers a single-use ticket, good for 60 seconds, for
 * one socket of that album (or event). What the socket may hear is decided now, from this request's
 * headers (the organiser's token, `x-event-pin`, `x-wall-token`), exactly as the socket used to
 * decide from its URL; the socket then sends only `?ticket=`.
 */
const wsTicketRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({ ...route(endpoints.wsTicket), handler: async (request, reply) => {
    const organiser = await app.optionalOrganiser(request);
    const access = await albumSubscriptionAccess(app.db, pinAttemptOf(request), request.body.album_id, organiser?.id ?? null);
    reply.header('cache-control', 'no-store');
    return reply.status(201).send(await issueSocketTicket(app.db, request.body.album_id, access));
  } });
};

export default wsTicketRoutes;
