import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute, remotesConfigId, routeParams } from '@momentos/app-manifest';
import type { Config } from '../config';
import { messages } from '../errors';
import { rememberInvitePlace } from '../http/place-cookie';
import { earlyRequestsOf, withEarlyRequests } from './early-requests';
import { jsonForScript } from './first-paint';
import { shellPainter } from './paint-source';
import { preloadUrls, withPreloads } from './preload-hints';
import { isFrontEndRoute, NO_CACHE, remotesJson } from './static-files';

/** The shell's page with remotes.json's content in it (app-manifest's remotesConfigId): one round trip less. */
function withRemotesConfig(html: string, config: Pick<Config, 'remotes'>): string {
  if (!html.includes('</head>')) return html;
  return html.replace('</head>', `<script type="application/json" id="${remotesConfigId}">${jsonForScript(remotesJson(config))}</script></head>`);
}

/**
 * What answers a request no route took: a front-end route gets the shell's index.html with the
 * route's preload hints and, where it has one, its first paint; anything else a 404 in the API's shape.
 */
export function frontEndPageHandler(app: FastifyInstance, config: Config) {
  const shellIndex = path.join(config.webRoot, 'shell', 'dist', 'index.html');
  const paintIfPossible = shellPainter(app, config);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const method = request.method;
    if ((method === 'GET' || method === 'HEAD') && isFrontEndRoute(request.url)) {
      let html: string;
      try {
        html = withRemotesConfig(await fs.promises.readFile(shellIndex, 'utf8'), config);
      } catch {
        return reply.status(503).header('cache-control', NO_CACHE).send({ status: 503, message: messages.frontEndNotBuilt });
      }
      const pathname = request.url.split('?')[0];
      const preloads = await preloadUrls(pathname, { webRoot: config.webRoot, remotes: config.remotes });
      const route = matchRoute(pathname);
      // A page that sends its first reads itself preloads its scripts at a low priority: the reads and
      // the first tiles go first (app-manifest's EARLY_TILE_FIRST_ROW).
      const early = earlyRequestsOf(route, request.url);
      const painted = await paintIfPossible(request, html, pathname, preloads);
      const page = withEarlyRequests(painted?.html ?? withPreloads(html, preloads, early ? 'low' : undefined), early);
      if (route?.page === 'invite') await rememberInvitePlace(app.db, request, reply, routeParams(route.path, pathname)?.code ?? '', request.url.slice(pathname.length));
      // A page painted with one organiser's photos is theirs alone: no cache keeps it, shared or not.
      const caching = painted?.personal ? 'private, no-store' : NO_CACHE;
      return reply.status(200).header('cache-control', caching).type('text/html; charset=utf-8').send(page);
    }
    const message = request.url.startsWith('/api') ? messages.routeNotFound : messages.notFound;
    return reply.status(404).send({ status: 404, message });
  };
}
