import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { PaintedGallery } from '@momentos/api-contract';
import { defaultEntryUrl, matchRoute, remoteNames, remotes, routeParams, type AppRoute } from '@momentos/app-manifest';
import type { TemplateView } from '@momentos/app-manifest/dist/paint-template';
import type { Config } from '../config';
import type { EventRow } from '../db/schema';
import { findReadableAlbum } from '../services/albums';
import { eventView, findPaintLoader, galleryLeadImages, galleryView, paintShellPage, readPaintTemplate, welcomeLeadImages, type LeadImage } from '../web/first-paint';
import { isEventId } from '../domain/ids';
import { normaliseInviteCode } from '../domain/invite-code';
import { preloadUrls, withPreloads } from '../web/preload-hints';
import { messages } from '../errors';
import { galleryOpen } from '../domain/visibility';
import { rememberInvitePlace } from '../http/place-cookie';
import { presentGuestEvent, presentPhoto, presentPublicEvent } from '../http/present';
import { findEvent, findEventByCode } from '../repositories/events';
import { listPhotos } from '../repositories/photos';

/** A painted page's event (title, link preview), the view's slots and the data the page's script reads. */
interface PaintSource {
  event: EventRow;
  view: TemplateView;
  data: unknown;
  /** What the view shows largest, first (PaintedPage.leadImages). */
  leadImages: LeadImage[];
}

/** Photos painted on a gallery's first screen: 6 rows of a phone's 2 columns, 3 of a desktop's 4. */
const PAINTED_TILES = 12;

/** rspack's content-hashed names: `name.1a2b3c4d.js` (a dot, 8+ hex characters, a dot). */
const HASHED_NAME = /\.[0-9a-f]{8,}\./i;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

export function cacheControlFor(filePath: string): string {
  return HASHED_NAME.test(path.basename(filePath)) ? IMMUTABLE : NO_CACHE;
}

function isFrontEndRoute(url: string): boolean {
  const pathname = url.split('?')[0];
  return !/^\/(api|ws)(\/|$)/.test(pathname) && !pathname.startsWith('/remotes/') && !isSourceMap(pathname);
}

/** Issue 23: source maps are never served (production builds make none; one left in a dist folder stays private). */
const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

/**
 * Serves the built front end: the shell at `/`, each remote under `/remotes/<name>/`, `remotes.json`
 * (remote URLs from the environment), and the shell's index.html for every other front-end route.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const shellDist = path.join(config.webRoot, 'shell', 'dist');
    const shellIndex = path.join(shellDist, 'index.html');

    app.get('/remotes.json', async (_request, reply) => {
      reply.header('cache-control', NO_CACHE);
      return Object.fromEntries(remoteNames.map((name) => [name, config.remotes[name] ?? defaultEntryUrl(name)]));
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

    /** What a painted page shows, found from the route's parameter; undefined when there is nothing to paint. */
    const paintSource = async (route: AppRoute, pathname: string): Promise<PaintSource | undefined> => {
      const params = routeParams(route.path, pathname);
      switch (route.firstPaint?.source) {
        case 'invite-code': {
          const code = normaliseInviteCode(params?.code ?? '');
          const event = /^[A-Z0-9]{1,32}$/.test(code) ? await findEventByCode(app.db, code) : undefined;
          return event && (await welcomeSource(event));
        }
        case 'event-id': {
          const event = /^[A-Za-z0-9_-]{1,64}$/.test(params?.id ?? '') ? await findEvent(app.db, params!.id) : undefined;
          return event && (await welcomeSource(event));
        }
        case 'album-id':
          return /^[A-Za-z0-9_-]{1,64}$/.test(params?.id ?? '') ? gallerySource(params!.id) : undefined;
        default:
          return undefined;
      }
    };

    const welcomeSource = async (event: EventRow): Promise<PaintSource> => {
      const read = await presentGuestEvent(app.storage, event, config.media.video.maxSeconds);
      return { event, view: eventView(read), data: read, leadImages: welcomeLeadImages(read) };
    };

    /**
     * A public album's first photos, as GET /api/events/photos/{albumId} answers them to a guest: only
     * while the gallery is open to guests without a PIN (a page request carries none; the page asks for
     * it), and only when there are photos (the empty and closed galleries are the page's to say).
     */
    const gallerySource = async (albumId: string): Promise<PaintSource | undefined> => {
      if (isEventId(albumId)) return undefined;
      const album = await findReadableAlbum(app.db, albumId, null);
      const event = album && (await findEvent(app.db, album.event_id));
      if (!album || !event || event.pin || !galleryOpen(event)) return undefined;
      const photos = (await listPhotos(app.db, [album.id], undefined, 'guest', PAINTED_TILES)).map((row) => presentPhoto(row));
      if (photos.length === 0) return undefined;
      const gallery: PaintedGallery = { album_id: album.id, event_id: event.id, photos };
      return { event, view: galleryView(gallery), data: gallery, leadImages: galleryLeadImages(gallery) };
    };

    /**
     * The shell's page, with the route's view painted in it when the route has a first paint and the
     * remote is served from here (a remote moved elsewhere may have changed its view: it renders itself).
     */
    const paintIfPossible = async (request: FastifyRequest, html: string, pathname: string, preload: string[]) => {
      const route = matchRoute(pathname);
      if (!route?.firstPaint || config.remotes[route.remote]) return undefined;
      const [template, source, paintLoader] = await Promise.all([readPaintTemplate(config.webRoot, route), paintSource(route, pathname), findPaintLoader(config.webRoot)]);
      if (!template || !source) return undefined;
      const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
      const { event } = source;
      return paintShellPage(html, {
        route,
        template,
        view: source.view,
        data: source.data,
        event: presentPublicEvent(event),
        url: `${origin}${pathname}`,
        origin,
        imageIsCard: !!event.image_card_path && event.image_card_path !== event.image_path,
        leadImages: source.leadImages,
        preload,
        paintLoader,
      });
    };

    // Issue 28: a share from the phone's gallery that no service worker caught (the worker not installed
    // yet, or removed with the site's data) cannot know the event: the page that says to open the
    // invite first, as the worker answers without an event. The files are not read.
    app.post('/share-target', async (_request, reply) => reply.redirect('/compartilhar.html', 303));

    app.setNotFoundHandler(async (request, reply) => {
      const method = request.method;
      if ((method === 'GET' || method === 'HEAD') && isFrontEndRoute(request.url)) {
        let html: string;
        try {
          html = await fs.promises.readFile(shellIndex, 'utf8');
        } catch {
          return reply.status(503).header('cache-control', NO_CACHE).send({ status: 503, message: messages.frontEndNotBuilt });
        }
        const pathname = request.url.split('?')[0];
        const preloads = await preloadUrls(pathname, { webRoot: config.webRoot, remotes: config.remotes });
        const page = (await paintIfPossible(request, html, pathname, preloads)) ?? withPreloads(html, preloads);
        const invite = matchRoute(pathname);
        if (invite?.page === 'invite') await rememberInvitePlace(app.db, request, reply, routeParams(invite.path, pathname)?.code ?? '', request.url.slice(pathname.length));
        return reply.status(200).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page);
      }
      const message = request.url.startsWith('/api') ? messages.routeNotFound : messages.notFound;
      return reply.status(404).send({ status: 404, message });
    });
  },
  { name: 'web', dependencies: ['errors', 'db'] },
);
