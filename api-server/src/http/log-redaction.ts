import type { FastifyLoggerOptions, FastifyRequest } from 'fastify';

/**
 * Issue 23: secrets never reach the log. These names are redacted wherever they appear: in a URL's
 * query string and in headers. A wall link's token, which travels in its path (`/wall/<token>`,
 * `/api/wall/<token>`), is redacted there too, and so is a signed file URL's signature (`sig`, issue 22).
 */
export const SECRET_NAMES = ['token', 'pin', 'wall', 'ticket', 'authentication', 'authorization', 'x-event-pin', 'x-delete-key', 'x-wall-token', 'cookie', 'password', 'sig'];
export const REDACTED = '[REDACTED]';

const SECRET_SET = new Set(SECRET_NAMES);
const WALL_PATH = /^((?:\/api)?\/wall\/)[^/?#]+/;

/** The URL as it may be logged: every secret query value and a wall token in the path replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(WALL_PATH, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: compared as sent
      }
      return SECRET_SET.has(name.trim().toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** pino's `redact` paths: the secret headers of a request or answer, wherever a log line carries them. */
const headerPaths = SECRET_NAMES.flatMap((name) => [`req.headers["${name}"]`, `res.headers["${name}"]`, `headers["${name}"]`, `*.headers["${name}"]`]);

/** Fastify's logger options: the level, the request serialiser (URL redacted) and the redacted header paths. */
export function loggerOptions(level: string): FastifyLoggerOptions & { redact: { paths: string[]; censor: string } } {
  return {
    level,
    redact: { paths: headerPaths, censor: REDACTED },
    serializers: {
      // Fastify's own request serialiser, but with the URL redacted; anything else passes as it is.
      req: (request: FastifyRequest) => {
        if (typeof request?.url !== 'string' || typeof request.method !== 'string') return request as unknown as Record<string, unknown>;
        return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
      },
    },
  };
}
