import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { storageKeys } from '../domain/files';
import { messages, notFound } from '../errors';
import { createAlbum, deleteAlbum, findAlbumWithOwner, listAlbums, presentAlbum, updateAlbum, type AlbumFields } from '../repositories/albums';
import { findEventOf } from '../repositories/events';
import { errorResponse, idParams, messageResponse } from '../schemas/common';

const albumObject = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    album_name: { type: 'string' },
    album_description: { type: 'string' },
    is_available: { type: 'boolean' },
    is_public: { type: 'boolean' },
  },
} as const;

const albumBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    description: { type: 'string', minLength: 1, maxLength: 2000 },
    is_public: { type: 'boolean', default: false },
    is_available: { type: 'boolean', default: false },
  },
  required: ['name', 'description'],
} as const;

const albumsRoutes: FastifyPluginAsync = async (app) => {
  /** The album, when the caller owns its event; 404 otherwise (existence does not leak). */
  const ownedAlbum = async (request: FastifyRequest, albumId: string) => {
    const album = await findAlbumWithOwner(app.db, albumId);
    if (!album || album.organiser_id !== request.organiser!.id) throw notFound(messages.albumNotFound);
    return album;
  };

  // Open to guests: the owner sees every album, anyone else only the public ones.
  app.get<{ Params: { eventId: string } }>(
    '/api/albums/:eventId',
    { schema: { params: idParams('eventId'), response: { 200: { type: 'array', items: albumObject }, '4xx': errorResponse } } },
    async (request) => {
      const { eventId } = request.params;
      const event = await app.db.selectFrom('events').select(['id', 'organiser_id']).where('id', '=', eventId).executeTakeFirst();
      if (!event) throw notFound(messages.eventNotFound);
      const organiser = await app.optionalOrganiser(request);
      const isOwner = organiser?.id === event.organiser_id;
      return (await listAlbums(app.db, event.id, !isOwner)).map(presentAlbum);
    },
  );

  app.post<{ Params: { eventId: string }; Body: AlbumFields }>(
    '/api/albums/:eventId',
    {
      preHandler: app.requireOrganiser,
      schema: { params: idParams('eventId'), body: albumBody, response: { 201: albumObject, '4xx': errorResponse } },
    },
    async (request, reply) => {
      const event = await findEventOf(app.db, request.organiser!.id, request.params.eventId);
      if (!event) throw notFound(messages.eventNotFound);
      const album = await createAlbum(app.db, event.id, trimmed(request.body));
      return reply.status(201).send(presentAlbum(album));
    },
  );

  app.put<{ Params: { albumId: string }; Body: AlbumFields }>(
    '/api/albums/:albumId',
    {
      preHandler: app.requireOrganiser,
      schema: { params: idParams('albumId'), body: albumBody, response: { 200: albumObject, '4xx': errorResponse } },
    },
    async (request) => {
      const album = await ownedAlbum(request, request.params.albumId);
      const fields = trimmed(request.body);
      await updateAlbum(app.db, album.id, fields);
      return presentAlbum({ ...album, name: fields.name, description: fields.description, is_public: fields.is_public ? 1 : 0, is_available: fields.is_available ? 1 : 0 });
    },
  );

  app.delete<{ Params: { albumId: string } }>(
    '/api/albums/:albumId',
    { preHandler: app.requireOrganiser, schema: { params: idParams('albumId'), response: { 200: messageResponse, '4xx': errorResponse } } },
    async (request) => {
      const album = await ownedAlbum(request, request.params.albumId);
      const keys = await deleteAlbum(app.db, album.id);
      await Promise.all(keys.map((key) => app.storage.remove(key)));
      await app.storage.removePrefix(storageKeys.albumFolder(album.event_id, album.id));
      return { status: 200, message: 'O álbum foi excluído com sucesso e agora ele não está mais disponível.' };
    },
  );
};

function trimmed(body: AlbumFields): AlbumFields {
  return {
    name: body.name.trim() || body.name,
    description: body.description.trim() || body.description,
    is_public: body.is_public === true,
    is_available: body.is_available === true,
  };
}

export default albumsRoutes;
