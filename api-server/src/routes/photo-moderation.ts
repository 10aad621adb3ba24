import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { removableItem } from '../http/guest-removal';
import { moderatePhoto, type ModerationDeps } from '../services/photo-moderation';
import { removePhotos, type RemovalDeps } from '../services/photo-removal';
import { presentOwnedPhoto } from '../http/present';
import { signedFileUrls } from '../domain/file-access';
import { HttpError, messages, notFound } from '../errors';
import { findPhotoWithAlbum } from '../repositories/photos';
import { eventAccess } from '../services/team/event-access';

/**
 * What the organiser (and, for their own uploads, the guest) may do to one photo after it was stored.
 * DESIGN.md §7: removal answers 404 for a photo of another organiser's event (existence does not leak).
 */
const photoModerationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const removal: RemovalDeps = {
    db: app.db,
    storage: app.storage,
    announceRemoved: (album, ids) => app.realtime.announceRemoved(album, ids),
    removed: (album, photos) => app.webhooks.photosRemoved(album.event_id, photos),
    warn: (details, message) => app.log.warn(details, message),
  };

  const moderation: ModerationDeps = {
    db: app.db,
    announce: (album, rows) => void app.realtime.announce(album, rows).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce photos')),
    announceRemoved: (album, ids) => app.realtime.announceRemoved(album, ids),
    announceUpdated: (album, rows) => void app.realtime.announceUpdated(album, rows).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce the photo update')),
  };

  /** Issue 27: the event's team members whose role may moderate; outside the team the photo does not exist. */
  const moderatorOf = async (eventId: string, organiserId: string) => {
    try {
      await eventAccess(app.db, eventId, organiserId, 'photos.moderate');
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) throw notFound(messages.photoNotFound);
      throw error;
    }
  };

  // The organiser hides, shows or approves one photo of an event they own (issue 11); the screen's
  // bulk actions send one call per photo.
  app.route({
    ...route(endpoints.moderatePhoto),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const photo = await findPhotoWithAlbum(app.db, request.params.photoId);
      if (!photo) throw notFound(messages.photoNotFound);
      await moderatorOf(photo.event_id, request.organiser!.id);
      const album = { id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public };
      const { event_id: _event, is_public: _public, organiser_id: _owner, ...row } = photo;
      const moderated = await moderatePhoto(moderation, album, row, request.body);
      // Issue 22: the photo's files follow its new state at once on this instance.
      app.fileAccess.invalidate();
      return presentOwnedPhoto(moderated, signedFileUrls({ scope: 'o', organiserId: photo.organiser_id }, app.jwtSecret));
    },
  });

  app.route({
    ...route(endpoints.removePhoto),
    handler: async (request) => {
      // The guest who sent it (issue 10): the key of the upload's answer, or nothing is removed.
      const photo = await removableItem(
        app,
        request,
        await findPhotoWithAlbum(app.db, request.params.photoId),
        { notFound: messages.photoNotFound, wrongKey: messages.wrongDeleteKey, notAllowed: messages.removalNotAllowed },
        moderatorOf,
      );
      await removePhotos(removal, { id: photo.album_id, event_id: photo.event_id, is_public: photo.is_public }, [photo]);
      app.fileAccess.invalidate();
      return { status: 200, message: messages.photoRemoved };
    },
  });
};

export default photoModerationRoutes;
