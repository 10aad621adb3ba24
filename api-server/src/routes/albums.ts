import { type AlbumBody, endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findAlbumFor, removeAlbum, visibleAlbums } from '../services/albums';
import { requireEventRole } from '../http/event-role';
import { presentAlbum, presentOwnedAlbum } from '../http/present';
import { albumRefused } from '../http/refusals';
import { createAlbum, updateAlbum, type AlbumFields } from '../repositories/albums';
import { findEventRules } from '../repositories/events';
import { uploadsClosed } from '../domain/visibility';
import { assertEventPin } from '../http/event-pin';
import { albumPhotoStats } from '../repositories/photos';
import { signedFileUrls } from '../domain/file-access';

const albumsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** Issue 22: files and guest sockets follow an album's change at once (sockets of a closed album: 4403). */
  const audienceChanged = async (eventId: string) => {
    app.fileAccess.invalidate();
    await app.realtime.audienceChanged(eventId);
  };

  /** The album, when the caller's role may edit its event's albums; 404 outside the team (existence does not leak). */
  const editableAlbum = (request: FastifyRequest, albumId: string) => findAlbumFor(app.db, albumId, request.organiser!.id, 'albums.edit');

  // Open to guests: the owner sees every album, anyone else only the public ones.
  app.route({ ...route(endpoints.listAlbums), handler: async (request) => {
    const organiser = await app.optionalOrganiser(request);
    const albums = await visibleAlbums(app.db, request.params.eventId, organiser?.id ?? null);
    if (!albums.ok) throw albumRefused(albums.refusal);
    if (!albums.owner) {
      await assertEventPin(app.db, request, request.params.eventId, organiser?.id ?? null);
      // Sending closed (issue 12): no album takes a guest's upload any more.
      const rules = await findEventRules(app.db, request.params.eventId);
      const closed = rules ? uploadsClosed(rules) : false;
      return albums.value.map((album) => presentAlbum(closed ? { ...album, is_available: 0 } : album));
    }
    // The owner's tiles: each album's count and newest photo (issue 11).
    const stats = await albumPhotoStats(app.db, albums.value.map((album) => album.id));
    const urls = signedFileUrls({ scope: 'o', organiserId: organiser!.id }, app.jwtSecret);
    return albums.value.map((album) => presentOwnedAlbum(album, stats.get(album.id), urls));
  } });

  app.route({
    ...route(endpoints.createAlbum),
    preHandler: app.requireOrganiser,
    handler: async (request, reply) => {
      const { event } = await requireEventRole(app.db, request, request.params.eventId, 'albums.edit');
      const album = await createAlbum(app.db, event.id, trimmed(request.body));
      return reply.status(201).send(presentAlbum(album));
    },
  });

  app.route({
    ...route(endpoints.updateAlbum),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const album = await editableAlbum(request, request.params.albumId);
      const fields = trimmed(request.body);
      await updateAlbum(app.db, album.id, fields);
      await audienceChanged(album.event_id);
      return presentAlbum({
        ...album,
        name: fields.name,
        description: fields.description,
        is_public: fields.is_public ? 1 : 0,
        is_available: fields.is_available ? 1 : 0,
        requires_approval: fields.requires_approval ? 1 : 0,
      });
    },
  });

  app.route({
    ...route(endpoints.deleteAlbum),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const album = await editableAlbum(request, request.params.albumId);
      await removeAlbum({ db: app.db, storage: app.storage, warn: (details, message) => request.log.warn(details, message) }, album);
      await audienceChanged(album.event_id);
      return { status: 200, message: 'O álbum foi excluído com sucesso e agora ele não está mais disponível.' };
    },
  });
};

/** The album as stored: names trimmed (unless only spaces), flags false unless sent as true. */
function trimmed(body: AlbumBody): AlbumFields {
  return {
    name: body.name.trim() || body.name,
    description: body.description.trim() || body.description,
    is_public: body.is_public === true,
    is_available: body.is_available === true,
    requires_approval: body.requires_approval === true,
  };
}

export default albumsRoutes;
