import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { defaultEntryUrl, remoteNames, remotes } from '@momentos/app-manifest';
import type { Config } from '../config';

/** rspack's content-hashed names: `name.1a2b3c4d.js` (a dot, 8+ hex characters, a dot). */
const HASHED_NAME = /\.[0-9a-f]{8,}\./i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

/** remotes.json: each remote's entry URL, from the environment (REMOTE_*_URL) or the same-origin default. */
export function remotesJson(config: Pick<Config, 'remotes'>): Record<string, string> {
  return Object.fromEntries(remoteNames.map((name) => [name, config.remotes[name] ?? defaultEntryUrl(name)]));
}

export function isFrontEndRoute(url: string): boolean {
  const pathname = url.split('?')[0];
  return !/^\/(api|ws)(\/|$)/.test(pathname) && !pathname.startsWith('/remotes/') && !isSourceMap(pathname);
}

/** Issue 23: source maps are never served (production builds make none; one left in a dist folder stays private). */
const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

/**
 * Serves the built front end: the shell at `/`, each remote under `/remotes/<name>/`, `remotes.json`
 * (remote URLs from the environment), and the shell's index.html for every other front-end route.
 */
export async function serveFrontEndFiles(app: FastifyInstance, config: Config): Promise<void> {
  const shellDist = path.join(config.webRoot, 'shell', 'dist');

  app.get('/remotes.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return remotesJson(config);
  });

  const cacheHeaders = (res: { setHeader: (name: string, value: string) => unknown }, filePath: string) => {
    res.setHeader('cache-control', cacheControlFor(filePath));
  };

  for (const name of remoteNames) {
    await app.register(fastifyStatic, {
      root: path.join(config.webRoot, remotes[name].folder, 'dist'),
      prefix: remotes[name].mountPath,
      decorateReply: false,
      cacheControl: false,
      index: false,
      // The build writes .br and .gz twins (rspack.base.ts): sent as they are, never recompressed.
      preCompressed: true,
      allowedPath: (pathName: string) => !isSourceMap(pathName),
      setHeaders: (res: { setHeader: (name: string, value: string) => unknown }, filePath: string) => {
        cacheHeaders(res, filePath);
        // A shell on another origin may load the remotes.
        res.setHeader('access-control-allow-origin', '*');
      },
    });
  }

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    // index.html goes through the handler below, which adds the route's preload hints (and the
    // first paint): `/` included, for every client, whatever encodings it accepts.
    index: false,
    allowedPath: (pathName: string) => pathName !== '/' && pathName !== '/index.html' && !isSourceMap(pathName),
    setHeaders: cacheHeaders,
  });
}
