import fsp from 'node:fs/promises';
import {
  answers,
  ChunkFinalizeBody,
  ChunkSessionParams,
  ChunkStatus,
  ChunkStatusQuery,
  ChunkInitAnswer,
  ChunkInitFields,
  ChunkUploadAnswer,
  UploadAnswer,
  type ChunkUploadFields,
} from '@momentos/api-contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { UploadSessionRow } from '../db/schema';
import { findUploadAlbum } from '../domain/albums';
import { assertEventRoom } from '../domain/event-quota';
import { assertUploadsOpen } from '../domain/visibility';
import { findEventRules, findEventRulesOfAlbum } from '../repositories/events';
import { assertEventPin } from '../domain/event-pin';
import {
  isExpired,
  isSessionId,
  MAX_CHUNKS,
  missingChunksReason,
  openChunkSession,
  placement,
  placeReceived,
  receivedChunks,
  sessionFile,
  sizeMismatchMessage,
  sizesAgree,
  wrongSizeMessage,
} from '../domain/chunk-session';
import { storeUploads } from '../domain/ingest';
import { detectMediaType } from '../domain/media-type';
import { hashFile, readAll, readHead, streamAt, writeAt } from '../domain/receive';
import { emptyFilesMessage, fileTooLargeMessage, normaliseClientFileName, normaliseUserId, notMediaMessage } from '../domain/upload-rules';
import { rateLimited } from '../plugins/upload-rate-limit';
import { HttpError, messages, notFound } from '../errors';
import { integerField, multipartError, tooLarge } from '../http/multipart';
import { presentUpload, uploadMessage } from '../http/present';
import { albumRefused } from '../http/refusals';
import { validFields } from '../http/validate';
import { findPhoto, setDeleteKeyHash } from '../repositories/photos';
import { newDeleteKey } from '../domain/delete-key';
import { findSession, markSessionDone, recordChunk, setSessionShape } from '../repositories/upload-sessions';

const isChunkField = (name: string): name is keyof ChunkUploadFields => name === 'sessionId' || name === 'chunkIndex' || name === 'totalChunks';

const chunkRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limits = config.uploads;
  const fileOf = (sessionId: string) => sessionFile(app.temp, sessionId);

  async function liveSession(sessionId: string | undefined): Promise<UploadSessionRow> {
    if (!isSessionId(sessionId)) throw notFound(messages.sessionNotFound);
    const session = await findSession(app.db, sessionId);
    if (!session || isExpired(session, limits.chunkSessionTtlMs)) throw notFound(messages.sessionNotFound);
    return session;
  }

  /** Issue 12: the PIN of the session's event, when it has one (never the organiser's concern). */
  async function assertSessionPin(request: FastifyRequest, session: UploadSessionRow) {
    const event = await findEventRulesOfAlbum(app.db, session.album_id);
    if (event) await assertEventPin(app.db, request, event.id, (await app.optionalOrganiser(request))?.id ?? null);
  }

  async function uploadAlbum(id: string) {
    const found = await findUploadAlbum(app.db, id);
    if (!found.ok) throw albumRefused(found.refusal);
    return found.value;
  }

  app.get(
    '/api/events/photos/chunk/:sessionId',
    { schema: { params: ChunkSessionParams, querystring: ChunkStatusQuery, response: answers({ 200: ChunkStatus }) } },
    async (request) => {
      const session = await liveSession(request.params.sessionId);
      await assertSessionPin(request, session);
      const albumId = request.query.albumId?.trim();
      if (albumId && albumId !== session.album_id) throw notFound(messages.sessionNotFound);
      const total = session.total_chunks === null ? null : Number(session.total_chunks);
      const indexes = session.photo_id
        ? Array.from({ length: total ?? 0 }, (_, index) => index)
        : (await receivedChunks(app.db, session.id)).map((chunk) => Number(chunk.chunk_index)).sort((a, b) => a - b);
      return { sessionId: session.id, fileSize: Number(session.file_size), totalChunks: total, receivedChunks: indexes, photoId: session.photo_id };
    },
  );

  app.post('/api/events/photos/chunk/init', { config: rateLimited, schema: { response: answers({ 200: ChunkInitAnswer }) } }, async (request) => {
    const raw: Record<string, unknown> = {};
    if (request.isMultipart()) {
      try {
        for await (const part of request.parts({ limits: { files: 1, fields: 20, fieldSize: 8 * 1024, fileSize: 1 } })) {
          if (part.type === 'field') raw[part.fieldname] = part.value;
          else part.file.resume();
        }
      } catch (error) {
        throw multipartError(error, 0);
      }
      const size = typeof raw.fileSize === 'string' ? integerField(raw.fileSize) : null;
      if (size !== null) raw.fileSize = size;
    } else if (request.body && typeof request.body === 'object') {
      Object.assign(raw, request.body);
    } else {
      throw new HttpError(400, messages.invalidRequest);
    }
    const fields = validFields(request, ChunkInitFields, raw);

    const fileName = normaliseClientFileName(fields.fileName);
    if (!fileName) throw new HttpError(400, "O campo 'fileName' é obrigatório.");
    const userId = normaliseUserId(fields.userId);
    if (!userId) throw new HttpError(400, "O campo 'userId' é obrigatório.");
    if (fields.fileSize === 0) throw new HttpError(400, emptyFilesMessage(1));
    if (fields.fileSize > limits.maxFileBytes) throw new HttpError(413, fileTooLargeMessage(fileName, limits.maxFileBytes));
    const declaredType = (fields.fileType ?? '').trim().toLowerCase();
    // The declared type is only a hint: a declared non-media type is refused early, the bytes decide at finalize.
    if (declaredType && !/^(image|video)\//.test(declaredType) && declaredType !== 'application/octet-stream') {
      throw new HttpError(415, notMediaMessage([fileName]));
    }
    const album = await uploadAlbum(fields.albumId.trim());
    await assertEventPin(app.db, request, album.event_id, (await app.optionalOrganiser(request))?.id ?? null);
    assertUploadsOpen((await findEventRules(app.db, album.event_id))!);
    await assertEventRoom(app.db, album.event_id, limits, { files: 1, bytes: fields.fileSize });
    const sessionId = await openChunkSession(
      { db: app.db, temp: app.temp },
      { albumId: album.id, userId, fileName, fileSize: fields.fileSize, fileType: declaredType },
    );
    return { sessionId };
  });

  app.post('/api/events/photos/chunk/upload', { config: rateLimited, schema: { response: answers({ 200: ChunkUploadAnswer }) } }, async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
    const fields: Partial<ChunkUploadFields> = {};
    let session: UploadSessionRow | null = null;
    let buffered: Buffer | null = null;
    let streamed: { offset: number; size: number } | null = null;
    let sawChunk = false;

    try {
      const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: limits.maxChunkBytes + 1 } });
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string' && isChunkField(part.fieldname)) fields[part.fieldname] = part.value;
          continue;
        }
        sawChunk = true;
        const index = integerField(fields.chunkIndex);
        const total = integerField(fields.totalChunks);
        // Fields sent before the chunk: it streams straight to its place when the session knows where.
        if (fields.sessionId && index !== null && total !== null && index < total) {
          session = await liveSession(fields.sessionId);
          await assertSessionPin(request, session);
          const place = session.photo_id ? null : placement(session, index, total, limits.maxChunkBytes);
          if (place && (session.total_chunks === null || Number(session.total_chunks) === total) && place.length > 0 && place.length <= limits.maxChunkBytes) {
            const size = await streamAt(part.file, fileOf(session.id), place.offset, place.length, () => new HttpError(400, 'A parte enviada é maior que o esperado.'));
            streamed = { offset: place.offset, size };
            continue;
          }
        }
        // Otherwise (fields after the chunk, first chunks of a session) the chunk, at most CHUNK_MAX_BYTES, is read first.
        buffered = await readAll(part.file, limits.maxChunkBytes, () =>
          tooLarge(reply, `A parte enviada excede o limite de ${Math.floor(limits.maxChunkBytes / (1024 * 1024))}MB.`),
        );
      }
    } catch (error) {
      throw multipartError(error, 1, reply);
    }

    const index = integerField(fields.chunkIndex);
    const total = integerField(fields.totalChunks);
    if (total === null || total < 1 || total > MAX_CHUNKS) throw new HttpError(400, "O campo 'totalChunks' é inválido.");
    if (index === null || index >= total) throw new HttpError(400, "O campo 'chunkIndex' é inválido.");
    if (!sawChunk) throw new HttpError(400, messages.noFiles);
    if (!session) {
      session = await liveSession(fields.sessionId);
      await assertSessionPin(request, session);
    }
    if (session.photo_id) return { received: index, totalChunks: total, receivedChunks: total };
    if (session.total_chunks !== null && Number(session.total_chunks) !== total) throw new HttpError(400, "O campo 'totalChunks' não confere com as partes anteriores.");

    const size = streamed ? streamed.size : buffered!.length;
    const place = placeReceived(session, index, total, size);
    if (!place || (streamed && streamed.offset !== place.offset)) throw new HttpError(400, wrongSizeMessage(index, total));
    if (!streamed) {
      try {
        await writeAt(fileOf(session.id), place.offset, buffered!);
      } catch {
        throw notFound(messages.sessionNotFound);
      }
    }
    await setSessionShape(app.db, session.id, { total_chunks: total, chunk_size: place.chunkSize });
    const receivedChunks = await recordChunk(app.db, session.id, index, size);
    return { received: index, totalChunks: total, receivedChunks };
  });

  app.post(
    '/api/events/photos/chunk/finalize',
    { config: rateLimited, schema: { body: ChunkFinalizeBody, response: answers({ 201: UploadAnswer }) } },
    async (request, reply) => {
      const session = await liveSession(request.body.sessionId);
      await assertSessionPin(request, session);
      if (session.photo_id) {
        // A repeated finalize (the first answer was lost) answers the photo the first one stored: the
        // session's own photo with a new delete key, or the existing photo it was a duplicate of.
        const photo = await findPhoto(app.db, session.photo_id);
        if (!photo) throw notFound(messages.sessionNotFound);
        const own = photo.client_file_name === session.file_name && Number(photo.client_file_size) === Number(session.file_size);
        const key = own ? newDeleteKey() : null;
        if (key) await setDeleteKeyHash(app.db, photo.id, key.hash);
        const upload = { row: photo, clientName: session.file_name, duplicate: !own, deleteKey: key?.key };
        return reply.status(201).send({ status: 201, message: uploadMessage([upload]), photos: [presentUpload(upload)] });
      }
      const chunks = await receivedChunks(app.db, session.id);
      const missing = missingChunksReason(session, chunks);
      if (missing) throw new HttpError(400, missing);
      const temp = fileOf(session.id);
      const stat = await fsp.stat(temp).catch(() => null);
      if (!stat) throw notFound(messages.sessionNotFound);
      if (!sizesAgree(session, chunks, stat.size)) throw new HttpError(400, sizeMismatchMessage);

      const type = detectMediaType(await readHead(temp));
      if (!type) throw new HttpError(415, notMediaMessage([session.file_name]));
      const album = await uploadAlbum(session.album_id);
      assertUploadsOpen((await findEventRules(app.db, album.event_id))!);
      await assertEventRoom(app.db, album.event_id, limits, { files: 1, bytes: Number(session.file_size) });
      // Hashed here, from the assembled file, not chunk by chunk as they arrive: see docs/decisions.md.
      const sha256 = await hashFile(temp);
      const uploads = await storeUploads(app.ingest, album, session.user_id, [
        { temp, clientName: session.file_name, size: Number(session.file_size), type, sha256 },
      ]);
      await markSessionDone(app.db, session.id, uploads[0].row.id);
      return reply.status(201).send({ status: 201, message: uploadMessage(uploads), photos: uploads.map(presentUpload) });
    },
  );
};

export default chunkRoutes;
