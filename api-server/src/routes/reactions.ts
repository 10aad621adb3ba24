import { createHash } from 'node:crypto';
import { DEVICE_ID_HEADER, endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { assertEventPin } from '../http/event-pin';
import { assertGalleryOpen } from '../domain/visibility';
import { HttpError, messages, notFound } from '../errors';
import { findEventRules } from '../repositories/events';
import { findPhotoWithAlbum } from '../repositories/photos';
import { readsAsTeam } from '../services/team/event-access';
import { addHeart, heartCount, removeHeart } from '../repositories/reactions';

export const reactionTexts = {
  deviceRequired: `Identificador do aparelho ausente ou inválido (cabeçalho ${DEVICE_ID_HEADER}).`,
  tooMany: 'Muitas curtidas deste aparelho em pouco tempo. Aguarde um minuto.',
} as const;

const DEVICE_ID = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * Issue 26: hearts ('Curtir') on photos. One per device (an identifier the guest's browser keeps,
 * stored only as its hash) per photo; given again it stays one, taken back it is gone. A heart is a
 * read of the photo: refused as a read would be (hidden, pending or private photos do not exist for
 * guests; a closed gallery and a missing PIN answer 403). Each client address has its own budget
 * (REACTION_RATE_LIMIT a minute). Every change tells the photo's audiences its count (`reactions`).
 */
const reactionRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const max = config.guestbook.reactionRateLimitPerMinute;
  const limit =
    max > 0
      ? app.rateLimit({
          max,
          timeWindow: 60_000,
          keyGenerator: (request) => createHash('sha256').update(`reactions:${request.ip}`).digest('hex'),
          errorResponseBuilder: () => new HttpError(429, reactionTexts.tooMany),
        })
      : undefined;

  async function readablePhoto(request: FastifyRequest, photoId: string) {
    const photo = await findPhotoWithAlbum(app.db, photoId);
    if (!photo) throw notFound(messages.photoNotFound);
    const organiserId = (await app.optionalOrganiser(request))?.id ?? null;
    // The event's team (issue 27) reads every photo; anyone else as a guest.
    if (photo.organiser_id !== organiserId && !(await readsAsTeam(app.db, photo.event_id, organiserId))) {
      const published = Number(photo.hidden) === 0 && Number(photo.pending) === 0 && Number(photo.is_public) === 1;
      if (!published) throw notFound(messages.photoNotFound);
      await assertEventPin(app.db, request, photo.event_id, organiserId);
      const rules = await findEventRules(app.db, photo.event_id);
      if (rules) assertGalleryOpen(rules);
    }
    return photo;
  }

  function deviceHash(request: FastifyRequest): string {
    const value = request.headers[DEVICE_ID_HEADER];
    const device = Array.isArray(value) ? value[0] : value;
    if (!device || !DEVICE_ID.test(device)) throw new HttpError(400, reactionTexts.deviceRequired);
    return createHash('sha256').update(`device:${device}`).digest('hex');
  }

  for (const endpoint of [endpoints.addHeart, endpoints.removeHeart]) {
    app.route({
      ...route(endpoint),
      ...(limit ? { onRequest: limit } : {}),
      handler: async (request) => {
        const { photoId } = request.params;
        const device = deviceHash(request);
        const photo = await readablePhoto(request, photoId);
        if (endpoint.method === 'POST') await addHeart(app.db, photo.id, device);
        else await removeHeart(app.db, photo.id, device);
        const hearts = await heartCount(app.db, photo.id);
        app.realtime.announceReactions({ id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public }, photo.id, hearts);
        return { photo_id: photo.id, hearts, mine: endpoint.method === 'POST' };
      },
    });
  }
};

export default reactionRoutes;
