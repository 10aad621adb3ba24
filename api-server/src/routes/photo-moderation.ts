import { answers, PhotoParams, StatusMessage } from '@momentos/api-contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { removePhotos, type RemovalDeps } from '../domain/photo-removal';
import { HttpError, messages, notFound } from '../errors';
import { findPhotoWithAlbum } from '../repositories/photos';

/**
 * What the organiser (and, for their own uploads, the guest) may do to one photo after it was stored.
 * DESIGN.md §7: removal answers 404 for a photo of another organiser's event (existence does not leak).
 */
const photoModerationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const removal: RemovalDeps = {
    db: app.db,
    storage: app.storage,
    announceRemoved: (album, ids) => app.realtime.announceRemoved(album, ids),
    warn: (details, message) => app.log.warn(details, message),
  };

  app.delete(
    '/api/events/photos/:photoId',
    { schema: { params: PhotoParams, response: answers({ 200: StatusMessage }) } },
    async (request) => {
      const organiser = await app.optionalOrganiser(request);
      if (!organiser) throw new HttpError(401, messages.unauthorized);
      const photo = await findPhotoWithAlbum(app.db, request.params.photoId);
      if (!photo || photo.organiser_id !== organiser.id) throw notFound(messages.photoNotFound);
      await removePhotos(removal, { id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public }, [photo]);
      return { status: 200, message: messages.photoRemoved };
    },
  );
};

export default photoModerationRoutes;
