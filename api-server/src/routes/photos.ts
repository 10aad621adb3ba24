import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { storeUploads } from '../domain/ingest';
import { detectMediaType } from '../domain/media-type';
import { streamToFile } from '../domain/receive';
import {
  emptyFilesMessage,
  fileTooLargeMessage,
  normaliseClientFileName,
  normaliseUserId,
  notMediaMessage,
  tooManyFilesMessage,
  totalTooLargeMessage,
  MAX_USER_ID,
  type ReceivedFile,
} from '../domain/upload-rules';
import { HttpError, messages } from '../errors';
import { findUploadAlbum, listPhotos, listUploaders, photosByIds, presentPhoto, presentUpdate, readableAlbumIds } from '../repositories/photos';
import { errorResponse, idParams } from '../schemas/common';
import { photoItem, photoUpdateItem, uploadResponse } from '../schemas/photos';

/** Multipart overhead allowed above the total file limit before a Content-Length is refused outright. */
const MULTIPART_SLACK = 1024 * 1024;

/** A 413 that also closes the connection, so the client stops sending the rest of a large body. */
export function tooLarge(reply: FastifyReply | undefined, message: string): HttpError {
  reply?.header('connection', 'close');
  return new HttpError(413, message);
}

const photosRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const limits = config.uploads;

  app.post(
    '/api/events/photos',
    { schema: { response: { 201: uploadResponse, '4xx': errorResponse } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxTotalBytes + MULTIPART_SLACK) {
        throw tooLarge(reply, totalTooLargeMessage(limits.maxTotalBytes));
      }

      const fields: Record<string, string> = {};
      const received: Array<Omit<ReceivedFile, 'type'> & { head: Buffer }> = [];
      const temps: string[] = [];
      let album: Awaited<ReturnType<typeof findUploadAlbum>> | null = null;
      let total = 0;

      /** As soon as both fields are known the album is checked, before any file is read. */
      const checkFields = async () => {
        if (album || fields.album_id === undefined || fields.user_id === undefined) return;
        if (!normaliseUserId(fields.user_id)) throw new HttpError(400, messages.userIdRequired);
        album = await findUploadAlbum(app.db, fields.album_id.trim());
      };

      try {
        const parts = request.parts({
          limits: { fileSize: limits.maxFileBytes + 1, files: limits.maxFiles, fields: 20, fieldSize: 64 * 1024, parts: limits.maxFiles + 20 },
        });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            await checkFields();
            continue;
          }
          const temp = app.temp.file('uploads');
          temps.push(temp);
          const clientName = normaliseClientFileName(part.filename);
          let size = 0;
          const result = await streamToFile(part.file, temp, (length) => {
            size += length;
            total += length;
            if (size > limits.maxFileBytes) throw tooLarge(reply, fileTooLargeMessage(clientName ?? '', limits.maxFileBytes));
            if (total > limits.maxTotalBytes) throw tooLarge(reply, totalTooLargeMessage(limits.maxTotalBytes));
          });
          // Browsers send an empty, nameless part when nothing was picked.
          if (result.size === 0 && !clientName) continue;
          received.push({ temp, clientName, size: result.size, head: result.head });
        }

        if (fields.user_id === undefined || !normaliseUserId(fields.user_id)) throw new HttpError(400, messages.userIdRequired);
        if (!fields.album_id?.trim()) throw new HttpError(400, "O campo 'album_id' é obrigatório.");
        await checkFields();
        if (received.length === 0) throw new HttpError(400, messages.noFiles);
        const empty = received.filter((file) => file.size === 0);
        if (empty.length > 0) throw new HttpError(400, emptyFilesMessage(empty.length));
        const typed = received.map((file) => ({ ...file, type: detectMediaType(file.head) }));
        const refused = typed.filter((file) => !file.type);
        if (refused.length > 0) throw new HttpError(415, notMediaMessage(refused.map((file) => file.clientName ?? '')));

        const photos = await storeUploads(
          app,
          album!,
          normaliseUserId(fields.user_id)!,
          typed.map((file) => ({ temp: file.temp, clientName: file.clientName, size: file.size, type: file.type! })),
        );
        return reply.status(201).send({ status: 201, message: messages.uploadStored, photos });
      } catch (error) {
        throw multipartError(error, limits.maxFiles, reply);
      } finally {
        // Files renamed into storage are gone from tmp; anything left (refused, cut short) is removed.
        await Promise.all(temps.map((temp) => app.temp.remove(temp)));
      }
    },
  );

  const listQuery = {
    type: 'object',
    properties: { user_id: { type: 'string', maxLength: MAX_USER_ID + 50 } },
  } as const;

  app.get<{ Params: { albumId: string }; Querystring: { user_id?: string } }>(
    '/api/events/photos/:albumId',
    { schema: { params: idParams('albumId'), querystring: listQuery, response: { 200: { type: 'array', items: photoItem }, '4xx': errorResponse } } },
    async (request) => {
      const albumIds = await readableAlbumIds(app.db, request.params.albumId, await organiserId(request));
      const userId = request.query.user_id?.trim();
      return (await listPhotos(app.db, albumIds, userId ? userId : undefined)).map(presentPhoto);
    },
  );

  app.get<{ Params: { albumId: string }; Querystring: { ids?: string } }>(
    '/api/events/photos/updates/:albumId',
    {
      schema: {
        params: idParams('albumId'),
        querystring: { type: 'object', properties: { ids: { type: 'string', maxLength: 64 * 1024 } } },
        response: { 200: { type: 'array', items: photoUpdateItem }, '4xx': errorResponse },
      },
    },
    async (request) => {
      const albumIds = await readableAlbumIds(app.db, request.params.albumId, await organiserId(request));
      const raw = request.query.ids;
      const ids = raw === undefined || raw.trim() === '' ? null : [...new Set(raw.split(',').map((id) => id.trim()).filter(Boolean))].slice(0, 1000);
      return (await photosByIds(app.db, albumIds, ids)).map(presentUpdate);
    },
  );

  app.get<{ Params: { albumId: string } }>(
    '/api/events/photos/users/:albumId',
    {
      schema: {
        params: idParams('albumId'),
        response: { 200: { type: 'array', items: { type: 'object', properties: { user_id: { type: 'string' } }, required: ['user_id'] } }, '4xx': errorResponse },
      },
    },
    async (request) => {
      const albumIds = await readableAlbumIds(app.db, request.params.albumId, await organiserId(request));
      return (await listUploaders(app.db, albumIds)).map((userId) => ({ user_id: userId }));
    },
  );

  async function organiserId(request: FastifyRequest): Promise<string | null> {
    return (await app.optionalOrganiser(request))?.id ?? null;
  }
};

/** Parser and stream errors as `{ status, message }`: limits are 413, a cut-off or malformed body 400. */
export function multipartError(error: unknown, maxFiles: number, reply?: FastifyReply): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return tooLarge(reply, tooManyFilesMessage(maxFiles));
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply, messages.tooManyParts);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA') return new HttpError(400, messages.multipartExpected);
  if ((error as { statusCode?: number }).statusCode === 500 || code === undefined || /premature|unexpected end|aborted/i.test(String((error as Error).message))) {
    return new HttpError(400, messages.malformedMultipart);
  }
  return error;
}

export default photosRoutes;
