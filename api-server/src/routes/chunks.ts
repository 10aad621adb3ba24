import { finished as finishedStream } from 'node:stream/promises';
import { ChunkInitFields, type ChunkUploadFields, endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { UploadSessionRow } from '../db/schema';
import { findEventRulesOfAlbum } from '../repositories/events';
import { admitUpload, sessionClientHash } from '../http/upload-admission';
import { assertEventPin } from '../http/event-pin';
import {
  isExpired,
  isSessionId,
  MAX_CHUNKS,
  missingChunksReason,
  openChunkSession,
  placement,
  placeReceived,
  receivedChunks,
  wrongSizeMessage,
} from '../services/chunk-session';
import { storeUploads } from '../services/ingest';
import { LengthsAhead } from '../services/video-limit';
import { uploadPlace } from '../domain/printables/places';
import { detectMediaType } from '../domain/media-type';
import type { LandedChunk } from '../infra/storage/staging';
import { emptyFilesMessage, fileTooLargeMessage, normaliseClientFileName, normaliseUserId, notMediaMessage } from '../domain/upload-rules';
import { rateLimited } from '../http/upload-rate-limit';
import { HttpError, messages, notFound } from '../errors';
import { integerField, multipartError, refuseBody, tooLarge } from '../http/multipart';
import { presentUpload, uploadMessage } from '../http/present';
import { validFields } from '../http/validate';
import { findPhoto, setDeleteKeyHash } from '../repositories/photos';
import { newDeleteKey } from '../domain/delete-key';
import { findSession, markSessionDone, recordChunk, setSessionShape } from '../repositories/upload-sessions';
import { clientKeyHash, invalidClientKeyMessage, isClientKey } from '../domain/client-key';

export { tooManySessionsMessage } from '../http/upload-admission';

export const chunkFieldsFirstMessage = "Envie os campos 'sessionId', 'chunkIndex' e 'totalChunks' antes da parte do arquivo.";

const isChunkField = (name: string): name is keyof ChunkUploadFields => name === 'sessionId' || name === 'chunkIndex' || name === 'totalChunks';

const chunkRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const limits = config.uploads;
  const lengthsAhead = new LengthsAhead(config.media.video.ffprobePath);
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

  app.route({
    ...route(endpoints.chunkStatus),
    handler: async (request) => {
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
  });

  app.route({ ...route(endpoints.chunkInit), config: rateLimited, handler: async (request) => {
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
    if (fields.clientKey !== undefined && !isClientKey(fields.clientKey)) throw new HttpError(400, invalidClientKeyMessage);
    // Issue 23: an open session holds room in the event's quota, and one address holds a bounded number.
    const clientHash = sessionClientHash(request.ip);
    const album = await admitUpload(app, limits, request, { albumId: fields.albumId.trim(), adding: { files: 1, bytes: fields.fileSize }, stage: 'open', opensSession: { clientHash } });
    const sessionId = await openChunkSession(
      { db: app.db, chunks: app.staging.chunks },
      { albumId: album.id, eventId: album.event_id, userId, fileName, fileSize: fields.fileSize, fileType: declaredType, clientHash, clientKeyHash: clientKeyHash(fields.clientKey), place: uploadPlace(fields.place) },
    );
    return { sessionId };
  } });

  app.route({ ...route(endpoints.chunkUpload), config: rateLimited, handler: async (request, reply) => {
    if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
    const fields: Partial<ChunkUploadFields> = {};
    /** The chunk as it landed (storage/chunk-target.ts): kept once checked, else dropped whatever happens. */
    let received: { session: UploadSessionRow; index: number; total: number; landed: LandedChunk } | null = null;
    /** A finished session's chunk sent again: nothing to keep. */
    let finished: { index: number; total: number } | null = null;

    try {
      try {
        const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: limits.maxChunkBytes + 1 } });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string' && isChunkField(part.fieldname)) fields[part.fieldname] = part.value;
            continue;
          }
          // Issue 23: no byte of a chunk is read before its session is known and checked, so the
          // fields must come first; a chunk that comes first is refused and its connection closed.
          const index = integerField(fields.chunkIndex);
          const total = integerField(fields.totalChunks);
          if (fields.sessionId === undefined || index === null || total === null) throw refuseBody(reply, 400, chunkFieldsFirstMessage);
          const { session, place } = await checkChunk(request, reply, fields.sessionId, index, total);
          if (session.photo_id) {
            // Sent again after the session was finished (the answer was lost): read past, kept nowhere.
            await finishedStream(part.file.resume());
            finished = { index, total };
            continue;
          }
          const tooLong = () => tooLarge(reply, `A parte enviada excede o limite de ${Math.floor(limits.maxChunkBytes / (1024 * 1024))}MB.`);
          const tooLongForPlace = () => new HttpError(400, 'A parte enviada é maior que o esperado.');
          // Straight to its place when the session knows it; never more bytes than that place (or a chunk) holds.
          const limit = place ? { length: place.length, tooLong: tooLongForPlace } : { length: limits.maxChunkBytes, tooLong: tooLong };
          lengthsAhead.drop(session.id); // the file changes: a length read before is stale
          received = { session, index, total, landed: await app.staging.chunks.land(session, index, place, part.file, limit) };
        }
      } catch (error) {
        throw multipartError(error, 1, reply);
      }
      if (finished) return { received: finished.index, totalChunks: finished.total, receivedChunks: finished.total };
      if (!received) {
        const index = integerField(fields.chunkIndex);
        const total = integerField(fields.totalChunks);
        if (total === null || total < 1 || total > MAX_CHUNKS) throw new HttpError(400, "O campo 'totalChunks' é inválido.");
        if (index === null || index >= total) throw new HttpError(400, "O campo 'chunkIndex' é inválido.");
        throw new HttpError(400, messages.noFiles);
      }
      const { session, index, total, landed } = received;
      const place = placeReceived(session, index, total, landed.size);
      if (!place || (landed.offset !== null && landed.offset !== place.offset)) throw new HttpError(400, wrongSizeMessage(index, total));
      const refusal = app.staging.chunks.refusal(index, total, place.chunkSize);
      if (refusal) throw new HttpError(400, refusal);
      const etag = await landed.keep(place.offset);
      // Written once, by the first chunk that teaches them; later chunks only checked against them.
      if (session.total_chunks === null || session.chunk_size === null) await setSessionShape(app.db, session.id, { total_chunks: total, chunk_size: place.chunkSize });
      const receivedChunks = await recordChunk(app.db, session.id, index, landed.size, etag);
      // The last chunk in: a declared video's length is read now, while the client comes back to finalize.
      const file = receivedChunks === total && session.file_type.startsWith('video/') ? app.staging.chunks.localFile(session) : null;
      if (file) lengthsAhead.start(session.id, file);
      return { received: index, totalChunks: total, receivedChunks };
    } finally {
      await received?.landed.drop();
    }
  } });

  /**
   * Everything a chunk is checked against before its first byte is read: its fields, its session
   * (exists, open, its album's PIN) and, when the session knows it, its place in the file. A refusal
   * closes the connection: the rest of the body is never read.
   */
  async function checkChunk(request: FastifyRequest, reply: FastifyReply, sessionId: string, index: number, total: number) {
    if (total < 1 || total > MAX_CHUNKS) throw refuseBody(reply, 400, "O campo 'totalChunks' é inválido.");
    if (index >= total) throw refuseBody(reply, 400, "O campo 'chunkIndex' é inválido.");
    let session: UploadSessionRow;
    try {
      session = await liveSession(sessionId);
      await assertSessionPin(request, session);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
    if (session.photo_id) return { session, place: null };
    if (session.total_chunks !== null && Number(session.total_chunks) !== total) {
      throw refuseBody(reply, 400, "O campo 'totalChunks' não confere com as partes anteriores.");
    }
    const place = placement(session, index, total, limits.maxChunkBytes);
    if (place && (place.length <= 0 || place.length > limits.maxChunkBytes)) throw refuseBody(reply, 400, wrongSizeMessage(index, total));
    return { session, place };
  }

  app.route({
    ...route(endpoints.chunkFinalize),
    config: rateLimited,
    handler: async (request, reply) => {
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
      const album = await admitUpload(app, limits, request, { albumId: session.album_id, adding: { files: 1, bytes: Number(session.file_size) }, stage: 'finalize', session: session.id });
      // The whole file, hashed as its chunks came: nothing read back unless a chunk came out of turn.
      const staged = await app.staging.chunks.finish(session, chunks);
      const type = detectMediaType(staged.head);
      if (!type) throw new HttpError(415, notMediaMessage([session.file_name]));
      const uploads = await storeUploads(
        app.ingest,
        album,
        session.user_id,
        [
          {
            staged,
            photoId: session.planned_photo_id ?? undefined,
            clientName: session.file_name,
            size: staged.size,
            type,
            sha256: staged.sha256,
            clientKeyHash: session.client_key_hash ?? null,
            duration: lengthsAhead.take(session.id),
          },
        ],
        { place: session.place },
      );
      await markSessionDone(app.db, session.id, uploads[0].row.id);
      return reply.status(201).send({ status: 201, message: uploadMessage(uploads), photos: uploads.map((upload) => presentUpload(upload)) });
    },
  });
};

export default chunkRoutes;
