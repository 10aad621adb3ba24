import { createHash, randomBytes } from 'node:crypto';
import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { publicOrigin } from '../http/public-origin';
import { findEventByWallToken, setWallTokenHash } from '../repositories/events';
import { requireEventRole } from '../http/event-role';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const wallLinkRevokedMessage = 'Este link do telão é inválido ou foi revogado. Peça um novo link a quem organiza o evento.';

/**
 * The live wall's link (issue 12): the organiser makes one to open the wall on a venue's TV without
 * signing in there. It shows only this event's wall: it resolves to the event, whose public photos
 * any guest may read already, and is never accepted anywhere else. A new link revokes the old one.
 */
const wallRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const owned = { preHandler: app.requireOrganiser };

  app.route({ ...route(endpoints.createWallLink), ...owned, handler: async (request, reply) => {
    const { event } = await requireEventRole(app.db, request, request.params.id, 'wall.manage');
    const token = randomBytes(24).toString('base64url');
    await setWallTokenHash(app.db, event.id, hashOf(token));
    // A new link revokes the old one: its file URLs and sockets too (issue 22).
    app.fileAccess.invalidate();
    await app.realtime.audienceChanged(event.id);
    return reply.status(201).send({ url: `${publicOrigin(request, config)}/wall/${token}` });
  } });

  app.route({ ...route(endpoints.revokeWallLink), ...owned, handler: async (request) => {
    const { event } = await requireEventRole(app.db, request, request.params.id, 'wall.manage');
    await setWallTokenHash(app.db, event.id, null);
    app.fileAccess.invalidate();
    await app.realtime.audienceChanged(event.id);
    return { status: 200, message: 'O link do telão foi revogado.' };
  } });

  app.route({ ...route(endpoints.wallEvent), handler: async (request, reply) => {
    const event = await findEventByWallToken(app.db, hashOf(request.params.token));
    if (!event) throw new HttpError(403, wallLinkRevokedMessage);
    reply.header('cache-control', 'no-store');
    return { event_id: event.id, name: event.name, code: event.code, video_seconds: config.media.video.wallSeconds };
  } });
};

export default wallRoutes;
