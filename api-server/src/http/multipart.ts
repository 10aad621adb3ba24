import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { tooManyFilesMessage } from '../domain/upload-rules';
import { HttpError, messages } from '../errors';

/** A 413 that also closes the connection, so the client stops sending the rest of a large body. */
export function tooLarge(reply: FastifyReply | undefined, message: string): HttpError {
  reply?.header('connection', 'close');
  return new HttpError(413, message);
}

/** A refusal decided before a body was read: the connection closes, so the rest of the body is never read. */
export function refuseBody(reply: FastifyReply, status: number, message: string): HttpError {
  reply.header('connection', 'close');
  return new HttpError(status, message);
}

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

/** A multipart field holding a non-negative integer (digits only), or null. */
export const integerField = (value: string | undefined): number | null =>
  value !== undefined && /^\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null;

/** A part's bytes when they are at most `limit`; null past it (the rest is read and dropped). */
export async function boundedBytes(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  return size <= limit ? Buffer.concat(chunks) : null;
}
