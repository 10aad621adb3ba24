import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import type { UploadSessionRow } from '../db/schema';
import { storeUploads } from '../domain/ingest';
import { detectMediaType } from '../domain/media-type';
import { readHead } from '../domain/receive';
import { emptyFilesMessage, fileTooLargeMessage, normaliseClientFileName, normaliseUserId, notMediaMessage } from '../domain/upload-rules';
import { HttpError, messages, notFound } from '../errors';
import { describeValidation } from '../plugins/errors';
import { findPhoto, findUploadAlbum, presentPhoto } from '../repositories/photos';
import {
  createSession,
  expireSessions,
  findSession,
  listChunks,
  liveSessionIds,
  markSessionDone,
  recordChunk,
  setSessionShape,
} from '../repositories/upload-sessions';
import { errorResponse } from '../schemas/common';
import { uploadResponse } from '../schemas/photos';
import { multipartError, tooLarge } from './photos';

const SESSION_ID = '^ups_[0-9a-f-]{36}$';
const MAX_CHUNKS = 100_000;
/** Buffer of the positioned write stream of a chunk. */
const WRITE_BATCH = 1024 * 1024;

const initFields = {
  type: 'object',
  properties: {
    fileName: { type: 'string', minLength: 1, maxLength: 1024 },
    fileSize: { type: 'integer', minimum: 0 },
    fileType: { type: 'string', maxLength: 255 },
    albumId: { type: 'string', minLength: 1, maxLength: 64 },
    userId: { type: 'string', maxLength: 1000 },
  },
  required: ['fileName', 'fileSize', 'albumId', 'userId'],
} as const;

interface InitFields {
  fileName: string;
  fileSize: number;
  fileType?: string;
  albumId: string;
  userId: string;
}

const integerField = (value: string | undefined): number | null => (value !== undefined && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null);

/** Where a chunk goes in the file and how long it must be, when the session already tells. */
function placement(session: UploadSessionRow, index: number, total: number, maxChunk: number): { offset: number; length: number } | null {
  const fileSize = Number(session.file_size);
  if (total === 1) return { offset: 0, length: fileSize };
  const chunkSize = session.chunk_size === null ? null : Number(session.chunk_size);
  // The first chunk starts at 0 whatever the chunk size; its length teaches the size.
  if (chunkSize === null) return index === 0 ? { offset: 0, length: Math.min(fileSize, maxChunk) } : null;
  const offset = index * chunkSize;
  return { offset, length: index === total - 1 ? fileSize - offset : chunkSize };
}

/** Checks a chunk against the session's shape, learning the chunk size from it when still unknown. */
function placeReceived(session: UploadSessionRow, index: number, total: number, size: number): { offset: number; chunkSize: number } {
  const fileSize = Number(session.file_size);
  const bad = () => new HttpError(400, `A parte ${index + 1} de ${total} não tem o tamanho esperado.`);
  let chunkSize = session.chunk_size === null ? null : Number(session.chunk_size);
  if (chunkSize === null) {
    if (total === 1) chunkSize = fileSize;
    else if (index < total - 1) chunkSize = size;
    else if ((fileSize - size) % (total - 1) === 0) chunkSize = (fileSize - size) / (total - 1);
    else throw bad();
  }
  if (chunkSize <= 0 || Math.ceil(fileSize / chunkSize) !== total) throw bad();
  const offset = index * chunkSize;
  const expected = index === total - 1 ? fileSize - offset : chunkSize;
  if (size !== expected) throw bad();
  return { offset, chunkSize };
}

async function writeAt(file: string, offset: number, data: Buffer): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    let written = 0;
    while (written < data.length) written += (await handle.write(data, written, data.length - written, offset + written)).bytesWritten;
  } finally {
    await handle.close();
  }
}

/**
 * Streams a chunk straight to its place in the pre-sized file; refuses more bytes than `length`.
 * A write stream at the offset lets the disk write overlap the network read (as the single-request
 * path does), instead of waiting for each write before reading on.
 */
async function streamAt(source: Readable, file: string, offset: number, length: number): Promise<number> {
  let received = 0;
  const limiter = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      received += piece.length;
      if (received > length) callback(new HttpError(400, 'A parte enviada é maior que o esperado.'));
      else callback(null, piece);
    },
  });
  await pipeline(source, limiter, fs.createWriteStream(file, { flags: 'r+', start: offset, highWaterMark: WRITE_BATCH }));
  return received;
}

async function readAll(source: Readable, limit: number, reply: FastifyReply): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of source as AsyncIterable<Buffer>) {
    size += piece.length;
    if (size > limit) throw tooLarge(reply, `A parte enviada excede o limite de ${Math.floor(limit / (1024 * 1024))}MB.`);
    pieces.push(piece);
  }
  return Buffer.concat(pieces, size);
}

const chunkRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const limits = config.uploads;
  const tempOf = (sessionId: string) => app.temp.file('chunks', sessionId);

  async function liveSession(sessionId: string | undefined): Promise<UploadSessionRow> {
    if (!sessionId || !new RegExp(SESSION_ID).test(sessionId)) throw notFound(messages.sessionNotFound);
    const session = await findSession(app.db, sessionId);
    if (!session) throw notFound(messages.sessionNotFound);
    return session;
  }

  // Abandoned sessions expire: at start, then periodically. Temp files of no live session go too.
  async function sweep(): Promise<void> {
    const cutoff = new Date(Date.now() - limits.chunkSessionTtlMs).toISOString();
    const expired = await expireSessions(app.db, cutoff);
    await Promise.all(expired.map((id) => app.temp.remove(tempOf(id))));
    const live = await liveSessionIds(app.db);
    await app.temp.sweep('chunks', (name) => live.has(name.replace(/\.part$/, '')));
    if (expired.length > 0) app.log.info({ expired: expired.length }, 'expired chunk sessions');
  }
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => app.log.error({ err: error }, 'chunk session sweep failed'));
  }, Math.min(limits.chunkSessionTtlMs / 2, 10 * 60 * 1000));
  timer.unref();
  app.addHook('onReady', sweep);
  app.addHook('onClose', async () => clearInterval(timer));

  app.post('/api/events/photos/chunk/init', { schema: { response: { '4xx': errorResponse } } }, async (request) => {
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
      const size = integerField(raw.fileSize as string | undefined);
      if (size !== null) raw.fileSize = size;
    } else if (request.body && typeof request.body === 'object') {
      Object.assign(raw, request.body);
    } else {
      throw new HttpError(400, messages.invalidRequest);
    }
    const validate = request.compileValidationSchema(initFields);
    if (!validate(raw)) throw new HttpError(400, describeValidation(validate.errors ?? [], 'body'));
    const fields = raw as unknown as InitFields;

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
    const album = await findUploadAlbum(app.db, fields.albumId.trim());

    const sessionId = `ups_${randomUUID()}`;
    const temp = tempOf(sessionId);
    // One pre-sized file: every chunk is written at its offset, finalize renames it.
    const handle = await fsp.open(temp, 'wx');
    try {
      await handle.truncate(fields.fileSize);
    } finally {
      await handle.close();
    }
    const now = new Date().toISOString();
    try {
      await createSession(app.db, {
        id: sessionId,
        album_id: album.id,
        user_id: userId,
        file_name: fileName,
        file_size: fields.fileSize,
        file_type: declaredType,
        total_chunks: null,
        chunk_size: null,
        photo_id: null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      await app.temp.remove(temp);
      throw error;
    }
    return { sessionId };
  });

  app.post(
    '/api/events/photos/chunk/upload',
    {
      schema: {
        response: {
          200: {
            type: 'object',
            properties: { received: { type: 'integer' }, totalChunks: { type: 'integer' }, receivedChunks: { type: 'integer' } },
          },
          '4xx': errorResponse,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(400, messages.multipartExpected);
      const fields: Record<string, string> = {};
      let session: UploadSessionRow | null = null;
      let buffered: Buffer | null = null;
      let streamed: { offset: number; size: number } | null = null;
      let sawChunk = false;

      try {
        const parts = request.parts({ limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: limits.maxChunkBytes + 1 } });
        for await (const part of parts) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          sawChunk = true;
          const index = integerField(fields.chunkIndex);
          const total = integerField(fields.totalChunks);
          // Fields sent before the chunk: it streams straight to its place when the session knows where.
          if (fields.sessionId && index !== null && total !== null && index < total) {
            session = await liveSession(fields.sessionId);
            const place = session.photo_id ? null : placement(session, index, total, limits.maxChunkBytes);
            if (place && (session.total_chunks === null || Number(session.total_chunks) === total) && place.length > 0 && place.length <= limits.maxChunkBytes) {
              const size = await streamAt(part.file, tempOf(session.id), place.offset, place.length);
              streamed = { offset: place.offset, size };
              continue;
            }
          }
          // Otherwise (fields after the chunk, first chunks of a session) the chunk, at most CHUNK_MAX_BYTES, is read first.
          buffered = await readAll(part.file, limits.maxChunkBytes, reply);
        }
      } catch (error) {
        throw multipartError(error, 1, reply);
      }

      const index = integerField(fields.chunkIndex);
      const total = integerField(fields.totalChunks);
      if (total === null || total < 1 || total > MAX_CHUNKS) throw new HttpError(400, "O campo 'totalChunks' é inválido.");
      if (index === null || index >= total) throw new HttpError(400, "O campo 'chunkIndex' é inválido.");
      if (!sawChunk) throw new HttpError(400, messages.noFiles);
      session ??= await liveSession(fields.sessionId);
      if (session.photo_id) return { received: index, totalChunks: total, receivedChunks: total };
      if (session.total_chunks !== null && Number(session.total_chunks) !== total) throw new HttpError(400, "O campo 'totalChunks' não confere com as partes anteriores.");

      const size = streamed ? streamed.size : buffered!.length;
      const { offset, chunkSize } = placeReceived(session, index, total, size);
      if (streamed && streamed.offset !== offset) throw new HttpError(400, `A parte ${index + 1} de ${total} não tem o tamanho esperado.`);
      if (!streamed) {
        try {
          await writeAt(tempOf(session.id), offset, buffered!);
        } catch {
          throw notFound(messages.sessionNotFound);
        }
      }
      await setSessionShape(app.db, session.id, { total_chunks: total, chunk_size: chunkSize });
      const receivedChunks = await recordChunk(app.db, session.id, index, size);
      return { received: index, totalChunks: total, receivedChunks };
    },
  );

  app.post<{ Body: { sessionId: string } }>(
    '/api/events/photos/chunk/finalize',
    {
      schema: {
        body: { type: 'object', properties: { sessionId: { type: 'string', maxLength: 100 } }, required: ['sessionId'] },
        response: { 201: uploadResponse, '4xx': errorResponse },
      },
    },
    async (request: FastifyRequest<{ Body: { sessionId: string } }>, reply) => {
      const session = await liveSession(request.body.sessionId);
      if (session.photo_id) {
        // A repeated finalize answers the photo the first one stored.
        const photo = await findPhoto(app.db, session.photo_id);
        if (!photo) throw notFound(messages.sessionNotFound);
        return reply.status(201).send({ status: 201, message: messages.uploadStored, photos: [presentPhoto(photo)] });
      }
      const total = session.total_chunks === null ? null : Number(session.total_chunks);
      const chunks = await listChunks(app.db, session.id);
      const have = new Set(chunks.map((chunk) => Number(chunk.chunk_index)));
      const missing = total === null ? [] : Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
      if (total === null || missing.length > 0) {
        const list = missing.slice(0, 20).map((i) => i + 1).join(', ');
        throw new HttpError(400, total === null ? 'Upload incompleto: nenhuma parte recebida.' : `Upload incompleto: faltam ${missing.length} parte(s) (${list}).`);
      }
      const fileSize = Number(session.file_size);
      const sum = chunks.reduce((acc, chunk) => acc + Number(chunk.size), 0);
      const temp = tempOf(session.id);
      const stat = await fsp.stat(temp).catch(() => null);
      if (!stat) throw notFound(messages.sessionNotFound);
      if (sum !== fileSize || stat.size !== fileSize) throw new HttpError(400, 'Upload incompleto: o tamanho recebido não confere.');

      const type = detectMediaType(await readHead(temp));
      if (!type) throw new HttpError(415, notMediaMessage([session.file_name]));
      const album = await findUploadAlbum(app.db, session.album_id);
      const photos = await storeUploads(app, album, session.user_id, [{ temp, clientName: session.file_name, size: fileSize, type }]);
      await markSessionDone(app.db, session.id, photos[0].id);
      return reply.status(201).send({ status: 201, message: messages.uploadStored, photos });
    },
  );
};

export default chunkRoutes;
