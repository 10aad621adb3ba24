import path from 'node:path';
import parseRange from 'range-parser';
import { endpoints, type FileQuery } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decideFileAccess, type FileDecision, type FileReader, type FileSignature, type FileSubject } from '../domain/file-access';
import { isPreviewName } from '../domain/photo-preview';
import { isImmutableKey, isServedKey } from '../domain/files';
import { ensureGuestCopy } from '../services/media/location-strip';
import { findPhoto } from '../repositories/photos';
import { contentTypeOf, isSafeKey, type ByteRange, type StoredFile, type StoredInfo } from '../infra/storage';
import { HttpError, messages, notFound } from '../errors';

export { contentTypeOf };

/**
 * The storage key asked for. Accepts the key itself or a file URL the API handed out
 * (`/api/files?path=<key>`, absolute or relative), since the client passes "the file's URL path".
 */
export function keyFromPathParam(value: string): string | null {
  return fileParams(value, {})?.key ?? null;
}

/**
 * The key and the signature (issue 22) of a file request: from `path` itself, or from the file URL it
 * embeds (its own `scope`, `exp` and `sig` then count, unless the request's query carries them).
 */
function fileParams(value: string, query: FileSignature): { key: string; signature: FileSignature } | null {
  let key = value;
  let signature: FileSignature = { scope: query.scope, exp: query.exp, sig: query.sig };
  const embedded = /^(?:https?:\/\/[^/?#]+)?\/api\/files(?:\/download)?\?(path=[^#]*)$/.exec(value);
  if (embedded) {
    try {
      const params = new URLSearchParams(embedded[1]);
      key = decodeURIComponent(/^path=([^&]*)/.exec(embedded[1])![1]);
      if (!signature.sig) signature = { scope: params.get('scope') ?? undefined, exp: params.get('exp') ?? undefined, sig: params.get('sig') ?? undefined };
    } catch {
      return null;
    }
  }
  return isSafeKey(key) ? { key, signature } : null;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether the client's copy is current (RFC 9110 §13.2.2): If-None-Match, when sent, decides (weak
 * comparison); otherwise If-Modified-Since. A request's `Cache-Control: no-cache` (which fetch() adds
 * to every conditional request) speaks to caches, not to us, so it does not prevent a 304.
 */
export function isNotModified(request: FastifyRequest, info: StoredInfo): boolean {
  const noneMatch = header(request, 'if-none-match');
  if (noneMatch !== undefined) {
    if (noneMatch.trim() === '*') return true;
    return noneMatch.split(',').some((tag) => opaque(tag) === opaque(info.etag));
  }
  const modifiedSince = header(request, 'if-modified-since');
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * The one byte range to send, null for the whole file (no Range, a malformed one, several ranges, or an
 * If-Range that no longer matches), or 'unsatisfiable' (416).
 */
export function chooseRange(request: FastifyRequest, info: StoredInfo): ByteRange | null | 'unsatisfiable' {
  const range = header(request, 'range');
  if (!range) return null;
  const ifRange = header(request, 'if-range');
  if (ifRange) {
    // An entity tag must match exactly (strong comparison); a date must not be older than the file.
    const still = ifRange.startsWith('"') || ifRange.startsWith('W/')
      ? ifRange === info.etag
      : Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifRange) / 1000);
    if (!still) return null;
  }
  const ranges = parseRange(info.size, range, { combine: true });
  if (ranges === -1) return 'unsatisfiable';
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null;
  return { start: ranges[0].start, end: ranges[0].end };
}

/** What a file request found: a current copy (304), a range beyond the file (416), or the bytes to send (none for HEAD). */
type Opened =
  | { info: StoredInfo; answer: 'not-modified' }
  | { info: StoredInfo; answer: 'unsatisfiable' }
  | { info: StoredInfo; answer: 'bytes'; range: ByteRange | null; file: StoredFile | null };

/**
 * Stored files as a CDN would serve them, whichever driver holds them: byte ranges (206, 416),
 * conditional requests (304 on If-None-Match / If-Modified-Since), the type named by the key, and a
 * year of `immutable` caching for files whose name never gets other content.
 */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function serve(request: FastifyRequest, query: FileQuery, reply: FastifyReply, download: boolean) {
    const asked = fileParams(query.path, query);
    if (!asked) throw new HttpError(400, messages.invalidPath);
    if (!isServedKey(asked.key)) throw notFound(messages.fileNotFound);
    // Issue 22: who may read the file now, and which file they get (guests: the copy without location).
    const organiserId = (await app.optionalOrganiser(request))?.id ?? null;
    const reader = { organiserId, signature: asked.signature, download };
    // Issue 29: a guest's preview may be replaced by its job (and its file removed) at any moment
    // between the route's look at its state, the file's head and its bytes: a preview-named key that
    // finds nothing is decided once more, from the state as it is now.
    const retries = isPreviewName(asked.key) ? 1 : 0;
    for (let attempt = 0; ; attempt++) {
      const { decision, key } = await decide(asked.key, reader);
      const found = await open(request, key);
      if (found) return send(reply, { ...found, decision, key, askedKey: asked.key, download });
      if (attempt >= retries) throw notFound(messages.fileNotFound);
      app.fileAccess.forget(asked.key);
    }
  }

  /**
   * The stored file's description and, unless the client's copy is current or a HEAD asks for none,
   * its bytes (in the range asked for); null when the file is not there (any more).
   */
  async function open(request: FastifyRequest, key: string): Promise<Opened | null> {
    const info = await app.storage.head(key);
    if (!info) return null;
    if (isNotModified(request, info)) return { info, answer: 'not-modified' };
    const range = chooseRange(request, info);
    if (range === 'unsatisfiable') return { info, answer: 'unsatisfiable' };
    if (request.method === 'HEAD') return { info, answer: 'bytes', range, file: null };
    // The bytes are asked for before any header is set, so a failure still answers plain JSON.
    const file = await app.storage.get(key, range ?? undefined);
    return file ? { info, answer: 'bytes', range, file } : null;
  }

  function send(reply: FastifyReply, opened: Opened & { decision: FileDecision; key: string; askedKey: string; download: boolean }) {
    const { info, decision, key, askedKey, download } = opened;
    const cacheControl = decision.cacheControl || (isImmutableKey(key) ? 'public, max-age=31536000, immutable' : 'public, no-cache');
    const describe = () => {
      reply
        .header('content-type', contentTypeOf(key))
        .header('accept-ranges', 'bytes')
        .header('cache-control', cacheControl)
        .header('etag', info.etag)
        .header('last-modified', info.lastModified.toUTCString())
        .header('x-content-type-options', 'nosniff');
      // Files of a reader's own (signed, or the organiser's header) vary with who asks.
      if (decision.reader !== 'anyone') reply.header('vary', 'authentication, authorization');
      if (download) reply.header('content-disposition', `attachment; filename="${path.basename(askedKey)}"`);
    };

    if (opened.answer === 'not-modified') {
      describe();
      return reply.status(304).send();
    }
    // A 416 carries no caching headers: a cache must not keep it for the file's URL.
    if (opened.answer === 'unsatisfiable') {
      reply.header('content-range', `bytes */${info.size}`);
      throw new HttpError(416, messages.rangeNotSatisfiable);
    }
    const { range, file } = opened;
    describe();
    if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
    reply.header('content-length', String(range ? range.end - range.start + 1 : info.size));
    return reply.send(file?.body);
  }

  /** Who may read the file now, and which stored file they get: the guests' copy of an original, or what replaced a preview. */
  async function decide(askedKey: string, reader: FileReader): Promise<{ decision: FileDecision; key: string }> {
    const subject = await app.fileAccess.lookUp(askedKey);
    const decision = decideFileAccess(subject, askedKey, reader, app.jwtSecret);
    if (subject?.kind !== 'photo') return { decision, key: askedKey };
    return { decision, key: decision.guestCopy ? await guestCopyOf(subject) : (subject.replacement ?? askedKey) };
  }

  // HEAD is routed explicitly (`head: true` in the table): Fastify's automatic HEAD route would answer Content-Length: 0.
  for (const [endpoint, download] of [
    [endpoints.file, false],
    [endpoints.fileDownload, true],
  ] as const) {
    app.route({ ...route(endpoint), handler: (request, reply) => serve(request, request.query, reply, download) });
  }

  /** The guests' copy of a photo's original (made now when the media worker has not yet made it); 404 when it cannot be. */
  async function guestCopyOf(subject: Extract<FileSubject, { kind: 'photo' }>): Promise<string> {
    if (subject.guestPath) return subject.guestPath;
    const photo = await findPhoto(app.db, subject.photoId);
    if (!photo) throw notFound(messages.fileNotFound);
    let key: string | null;
    try {
      key = await ensureGuestCopy({ db: app.db, storage: app.storage, temp: app.temp, exiftool: app.exiftool }, photo);
    } catch (error) {
      app.log.warn({ err: error, photoId: photo.id }, 'could not make the guest copy without location');
      key = null;
    }
    if (!key) throw notFound(messages.fileNotFound);
    app.fileAccess.invalidate();
    return key;
  }
};

export default fileRoutes;
