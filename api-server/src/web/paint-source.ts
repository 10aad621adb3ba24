import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PaintedGallery } from '@momentos/api-contract';
import { EARLY_TILE_COUNT, matchRoute, routeParams, type AppRoute } from '@momentos/app-manifest';
import type { TemplateView } from '@momentos/app-manifest/dist/paint-template';
import type { Config } from '../config';
import type { EventRow } from '../db/schema';
import { isEventId } from '../domain/ids';
import { normaliseInviteCode } from '../domain/invite-code';
import { galleryOpen } from '../domain/visibility';
import { welcomeImageInline } from '../infra/media/welcome-image';
import { presentGuestEvent, presentOwnedPhoto, presentPhoto, presentPublicEvent } from '../http/present';
import { findEvent, findEventByCode } from '../repositories/events';
import { listPhotos } from '../repositories/photos';
import { hasAnyOrganiser } from '../repositories/setup-codes';
import { findReadableAlbum, readableAlbumIds } from '../services/albums';
import { organiserOfToken } from '../services/organiser-session';
import { readerFiles } from '../http/file-urls';
import { signInTokenOf } from '../http/sign-in-cookie';
import {
  eventPhotosLeadImages,
  eventPhotosView,
  eventView,
  findPaintLoader,
  galleryView,
  leadTileImages,
  paintShellPage,
  readPaintTemplate,
  welcomeLeadImages,
  type LeadImage,
} from './first-paint';

/** A painted page's event (title, link preview), the view's slots and the data the page's script reads. */
interface PaintSource {
  /** The event the page belongs to; none for the entry, which keeps the shell's title and description. */
  event?: EventRow;
  view: TemplateView;
  data: unknown;
  /** What the view shows largest, first (PaintedPage.leadImages). */
  leadImages: LeadImage[];
  /** PaintedPage.inlineImage. */
  inlineImage?: boolean;
  /** What one organiser may see (the photo screen's tiles): the page is theirs alone, never kept by a cache. */
  personal?: boolean;
}

/** What an event's or an album's id can be (anything else is not looked up). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Photos painted on a gallery's first screen: 6 rows of a phone's 2 columns, 3 of a desktop's 4. */
const PAINTED_TILES = 12;

/** The painter of the shell's page: the route's view painted in it from the database (web/first-paint.ts). */
export function shellPainter(app: FastifyInstance, config: Config) {
  /** The event of a route's `:id`, when it is one. */
  const eventOf = async (id: string | undefined) => (id && ID.test(id) ? findEvent(app.db, id) : undefined);

  /** What a painted page shows, found from the route's parameter; undefined when there is nothing to paint. */
  const paintSource = async (request: FastifyRequest, route: AppRoute, pathname: string): Promise<PaintSource | undefined> => {
    const params = routeParams(route.path, pathname);
    switch (route.firstPaint?.source) {
      case 'invite-code': {
        const code = normaliseInviteCode(params?.code ?? '');
        const event = /^[A-Z0-9]{1,32}$/.test(code) ? await findEventByCode(app.db, code) : undefined;
        return event && (await welcomeSource(event));
      }
      case 'event-id': {
        const event = await eventOf(params?.id);
        return event && (await welcomeSource(event));
      }
      case 'album-id':
        return params?.id && ID.test(params.id) ? gallerySource(params.id) : undefined;
      case 'event-upload': {
        // The name step, the upload screen's first view for a guest who has not given a name; an
        // event with a PIN asks for it first (the page's to say).
        const event = await eventOf(params?.id);
        if (!event || event.pin) return undefined;
        return { event, view: { values: { event_id: event.id } }, data: { event_id: event.id }, leadImages: [] };
      }
      case 'setup-state': {
        // GET /api/setup's answer: while no organiser exists, step 1 offers 'Criar a primeira conta'.
        const setup = { needed: !(await hasAnyOrganiser(app.db)) };
        return { view: { values: {}, sections: { setup: setup.needed, login: !setup.needed } }, data: setup, leadImages: [] };
      }
      case 'static':
        // A page's frame before its data (an organiser's page): nothing to read; the route's parameters
        // fill the slots of their names, escaped.
        return { view: { values: { ...params } }, data: {}, leadImages: [] };
      case 'event-photos': {
        // The photo screen's frame (the event's id in its links), with its first tiles when the request
        // carries the sign-in of the event's team.
        const photos = await teamFirstPhotos(request, params?.id ?? '');
        return { view: eventPhotosView({ ...params }, photos), data: {}, leadImages: eventPhotosLeadImages(photos), personal: photos.length > 0 };
      }
      default:
        return undefined;
    }
  };

  const welcomeSource = async (event: EventRow): Promise<PaintSource> => {
    const read = await presentGuestEvent(app.storage, event, config.media.video.maxSeconds);
    // The page carries the image itself when it can (the data the script reads keeps the URLs: the
    // React welcome takes the bytes from the painted view, guest-remote's welcome-page.tsx).
    const inline = read.image_avif_srcset ? await welcomeImageInline(app.storage, event.image_card_path) : undefined;
    if (inline) return { event, view: eventView(read, inline), data: read, leadImages: [], inlineImage: true };
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
    return { event, view: galleryView(gallery), data: gallery, leadImages: leadTileImages(gallery.photos) };
  };

  /**
   * The first photos of an event's photo screen as GET /api/events/photos/{eventId} answers them to the
   * organiser (their order, their signed file URLs), read with the page request's sign-in cookie: none
   * without one, or when its session has ended, or when the organiser is not of the event's team.
   */
  const teamFirstPhotos = async (request: FastifyRequest, eventId: string) => {
    const token = signInTokenOf(request);
    if (!token || !isEventId(eventId)) return [];
    const organiser = await organiserOfToken(app.db, app.jwtSecret, token);
    const readable = organiser && (await readableAlbumIds(app.db, eventId, organiser.id));
    if (!organiser || !readable?.ok || readable.value.audience !== 'owner') return [];
    const rows = await listPhotos(app.db, readable.value.ids, undefined, 'owner', EARLY_TILE_COUNT, 'recent');
    const { urls } = await readerFiles(app, request, eventId, organiser.id);
    return rows.map((row) => presentOwnedPhoto(row, urls));
  };

  /**
   * The shell's page, with the route's view painted in it when the route has a first paint and the
   * remote is served from here (a remote moved elsewhere may have changed its view: it renders itself).
   */
  const paintIfPossible = async (request: FastifyRequest, html: string, pathname: string, preload: string[]) => {
    const route = matchRoute(pathname);
    if (!route?.firstPaint || config.remotes[route.remote]) return undefined;
    // A page's frame is its plain path's: a query may show another view of it (the photo screen's
    // messages tab, another album), which the page draws itself.
    if ((route.firstPaint.source === 'static' || route.firstPaint.source === 'event-photos') && request.url.includes('?')) return undefined;
    const [template, source, paintLoader] = await Promise.all([readPaintTemplate(config.webRoot, route), paintSource(request, route, pathname), findPaintLoader(config.webRoot)]);
    if (!template || !source) return undefined;
    const origin = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const { event } = source;
    const page = paintShellPage(html, {
      route,
      template,
      view: source.view,
      data: source.data,
      event: event && presentPublicEvent(event),
      url: `${origin}${pathname}`,
      origin,
      imageIsCard: !!event?.image_card_path && event.image_card_path !== event.image_path,
      leadImages: source.leadImages,
      inlineImage: source.inlineImage,
      preload,
      paintLoader,
    });
    return { html: page, personal: !!source.personal };
  };

  return paintIfPossible;
}
