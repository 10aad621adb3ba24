import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isSafeKey } from '../domain/storage';
import { HttpError, messages, notFound } from '../errors';
import { errorResponse } from '../schemas/common';

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.m4v': 'video/x-m4v',
  '.3gp': 'video/3gpp',
  '.tiff': 'image/tiff',
  '.bmp': 'image/bmp',
  '.avi': 'video/x-msvideo',
  '.mpg': 'video/mpeg',
  '.ts': 'video/mp2t',
};

export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/**
 * The storage key asked for. Accepts the key itself or a file URL the API handed out
 * (`/api/files?path=<key>`, absolute or relative), since the client passes "the file's URL path".
 */
export function keyFromPathParam(value: string): string | null {
  let key = value;
  const embedded = /^(?:https?:\/\/[^/?#]+)?\/api\/files(?:\/download)?\?path=([^&#]*)$/.exec(value);
  if (embedded) {
    try {
      key = decodeURIComponent(embedded[1]);
    } catch {
      return null;
    }
  }
  return isSafeKey(key) ? key : null;
}

const querySchema = {
  type: 'object',
  properties: { path: { type: 'string', minLength: 1, maxLength: 1024 } },
  required: ['path'],
} as const;

const fileRoutes: FastifyPluginAsync = async (app) => {
  async function serve(request: FastifyRequest<{ Querystring: { path: string } }>, reply: FastifyReply, download: boolean) {
    const key = keyFromPathParam(request.query.path);
    if (!key) throw new HttpError(400, messages.invalidPath);
    const stat = await app.storage.stat(key);
    if (!stat) throw notFound(messages.fileNotFound);

    const etag = `"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`;
    reply
      .header('content-type', contentTypeOf(key))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('last-modified', stat.mtime.toUTCString())
      .header('x-content-type-options', 'nosniff');
    if (download) reply.header('content-disposition', `attachment; filename="${path.basename(key)}"`);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    reply.header('content-length', String(stat.size));
    if (request.method === 'HEAD') return reply.send();
    return reply.send(app.storage.read(key));
  }

  const schema = { querystring: querySchema, response: { '4xx': errorResponse } };
  app.get<{ Querystring: { path: string } }>('/api/files', { schema }, (request, reply) => serve(request, reply, false));
  app.get<{ Querystring: { path: string } }>('/api/files/download', { schema }, (request, reply) => serve(request, reply, true));
};

export default fileRoutes;
