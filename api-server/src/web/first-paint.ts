// The first paint of a guest's entry (issue 13): for the routes whose app-manifest entry names a
// `firstPaint`, the server answers the shell's page with the page's view already in it, filled from
// the database, so that a guest on a weak phone sees the event at once, before any script; and with
// the link-preview tags (Open Graph) that messaging apps read. The template is the remote's own
// (built into its dist: the guest team owns what its welcome looks like); the shell keeps the painted
// view until the page has rendered the same markup.
import fs from 'node:fs';
import path from 'node:path';
import type { PaintedGallery, PhotoItem, PublicEvent } from '@momentos/api-contract';
import { EARLY_TILE_COUNT, EARLY_TILE_FIRST_ROW, firstPaintIds, remotes, type AppRoute, type DeferredScripts, type FirstPaintData } from '@momentos/app-manifest';
import { GRID_TILE_SIZES } from '@momentos/app-manifest/dist/grid-tile';
import { tileState } from '@momentos/app-manifest/dist/tile-state';
import { WELCOME_IMAGE_SIZES } from '@momentos/app-manifest/dist/welcome-image';
import { withPreloads } from './preload-hints';
import { escapeHtml, fillTemplate, splitPaintTemplate, type PaintTemplate, type TemplateView } from '@momentos/app-manifest/dist/paint-template';

/** JSON that can sit inside a `<script type="application/json">` element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The remote's built template, or null (not built, or an older build without one). */
export async function readPaintTemplate(webRoot: string, route: AppRoute): Promise<PaintTemplate | null> {
  if (!route.firstPaint) return null;
  const file = path.join(webRoot, remotes[route.remote].folder, 'dist', route.firstPaint.template);
  try {
    return splitPaintTemplate(await fs.promises.readFile(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The shell's paint loader as its build names it (`paint-loader.<hash>.js`, shell/rspack.paint-loader.config.ts). */
const PAINT_LOADER = /^paint-loader\.[0-9a-f]{8}\.js$/;

/** The URL of the shell's built paint loader (issue 29), or null (not built, or an older build without one). */
export async function findPaintLoader(webRoot: string): Promise<string | null> {
  try {
    const file = (await fs.promises.readdir(path.join(webRoot, 'shell', 'dist'))).find((name) => PAINT_LOADER.test(name));
    return file ? `/${file}` : null;
  } catch {
    return null;
  }
}

/** 'YYYY-MM-DD HH:mm' as the guest screens show it: 'DD/MM/YYYY HH:mm' (spec §9). */
const displayDate = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}).*$/, '$3/$2/$1 $4');

/**
 * The welcome's slots (guest-remote's first-paint/welcome.html) from the public event; with `inlineAvif`
 * (welcomeImageInline: the widest AVIF copy as a data URI) the AVIF source carries the image itself.
 */
export function eventView(event: PublicEvent, inlineAvif?: string): TemplateView {
  return {
    values: {
      name: event.name,
      date: displayDate(event.date),
      date_iso: event.date.replace(' ', 'T'),
      image: event.image ?? '',
      avif_srcset: inlineAvif ?? event.image_avif_srcset ?? '',
      image_sizes: WELCOME_IMAGE_SIZES,
    },
    sections: { image: !!event.image, avif: !!event.image && !!event.image_avif_srcset, date: !!event.date, code: !!event.code },
  };
}

/**
 * Tiles of the first row, whatever the width (2 to 4 columns): fetched at once and first, as the React
 * grid does with its first row.
 */
const EAGER_TILES = 4;
/** The tiles of a phone's first row (2 columns): the largest content of the painted gallery. */
const LEAD_TILES = 2;

/**
 * One tile of the gallery's first screen (gallery-remote's first-paint/gallery.html): what it shows,
 * decided as PhotoTile decides it (app-manifest's tile-state, issue 24).
 */
function tileView(photo: PhotoItem, index: number): TemplateView {
  const tile = tileState(photo);
  const image = tile.show === 'image' ? tile : null;
  const duration = image?.video?.duration ?? null;
  return {
    values: { user: photo.user_id, src: image?.src ?? '', srcset: image?.srcset ?? '', sizes: GRID_TILE_SIZES, duration: duration ?? '' },
    sections: {
      srcset: image?.srcset !== undefined,
      video: tile.media === 'video',
      photo: tile.media === 'photo',
      image: image !== null,
      eager: image !== null && index < EAGER_TILES,
      lazy: image !== null && index >= EAGER_TILES,
      error: tile.show === 'error',
      processing: tile.show === 'processing',
      blank: tile.show === 'blank',
      duration: duration !== null,
      preparing: image?.video?.state === 'preparing',
      failed: image?.video?.state === 'failed',
    },
  };
}

/** The gallery's first screen: the back link to the event's albums and the first tiles. */
export function galleryView(gallery: PaintedGallery): TemplateView {
  return { values: { event_id: gallery.event_id, album_id: gallery.album_id }, lists: { tiles: gallery.photos.map(tileView) } };
}

/**
 * An image to preload: its URL, or with the srcset and sizes of the `<img>` that shows it (the same
 * choice, one download); with `type` when that srcset is a `<picture>` source of that type (a browser
 * that does not take it skips the preload and fetches the `<img>`'s own).
 */
export type LeadImage = string | { href: string; srcset: string; sizes: string; type?: string };

/** The welcome's lead image: its AVIF copies when the event has them, else the card. */
export function welcomeLeadImages(event: PublicEvent): LeadImage[] {
  if (!event.image) return [];
  return [event.image_avif_srcset ? { href: event.image, srcset: event.image_avif_srcset, sizes: WELCOME_IMAGE_SIZES, type: 'image/avif' } : event.image];
}

/**
 * The photo screen's frame (gallery-remote's first-paint/event-photos.html) with the route's parameters,
 * and `photos`, the first of its list as the organiser reads it, drawn as its tiles: the way the page's
 * early script draws them (web/early-requests.ts), up to the first photo without an image (the app
 * draws that one), the first row at a high priority. Without any, the frame waits for that script: its
 * spinner, and the grid's tile template.
 */
export function eventPhotosView(params: Record<string, string>, photos: PhotoItem[]): TemplateView {
  const tiles = drawableTiles(photos);
  return {
    values: { ...params },
    sections: { waiting: tiles.length === 0 },
    lists: {
      tiles: tiles.map(({ photo, tile }, index) => ({
        values: { user: photo.user_id, src: tile.src, srcset: tile.srcset ?? '', sizes: tile.sizes ?? '' },
        sections: { photo: tile.media === 'photo', video: tile.media === 'video', first: index < EARLY_TILE_FIRST_ROW, srcset: tile.srcset !== undefined },
      })),
    },
  };
}

/** The photo screen's tiles the server draws: its early tiles, up to the first one without an image. */
function drawableTiles(photos: PhotoItem[]) {
  const tiles = [];
  for (const photo of photos.slice(0, EARLY_TILE_COUNT)) {
    const tile = tileState(photo);
    if (tile.show !== 'image') break;
    tiles.push({ photo, tile });
  }
  return tiles;
}

/** The photo screen's lead images: the first row of the tiles it is painted with. */
export function eventPhotosLeadImages(photos: PhotoItem[]): LeadImage[] {
  return leadTileImages(drawableTiles(photos).map(({ photo }) => photo));
}

/** The first row's thumbnails: what a painted grid shows largest, preloaded (PaintedPage.leadImages). */
export function leadTileImages(photos: PhotoItem[]): LeadImage[] {
  return photos.slice(0, LEAD_TILES).flatMap((photo): LeadImage[] => {
    const tile = tileState(photo);
    if (tile.show !== 'image') return [];
    return [tile.srcset && tile.sizes ? { href: tile.src, srcset: tile.srcset, sizes: tile.sizes } : tile.src];
  });
}

/** The preload of a lead image: with `imagesrcset`/`imagesizes` when its `<img>` has a srcset, so that the browser preloads what it will show. */
function preloadLink(image: LeadImage): string {
  if (typeof image === 'string') return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}">`;
  const type = image.type ? ` type="${escapeHtml(image.type)}"` : '';
  return `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image.href)}" imagesrcset="${escapeHtml(image.srcset)}" imagesizes="${escapeHtml(image.sizes)}"${type}>`;
}

export interface PaintedPage {
  route: AppRoute;
  template: PaintTemplate;
  /** The template's slots, filled from `data`. */
  view: TemplateView;
  /** What the page's script reads: the data the view was painted with. */
  data: unknown;
  /**
   * The event the page belongs to: its name is the title, and the link preview shows it. None for a
   * page of no event (the entry): the shell's own title and description stay.
   */
  event?: PublicEvent;
  /** The page's absolute URL (og:url). */
  url: string;
  /** The public origin, for absolute image URLs. */
  origin: string;
  /** Whether `event.image` is the 1200×630 card (only then is it announced with its size). */
  imageIsCard: boolean;
  /**
   * The images the painted view shows first (the largest on screen): preloaded from the top of the
   * head, ahead of the scripts, so that they are on screen before the app's script runs.
   */
  leadImages: LeadImage[];
  /**
   * Whether the view's lead image is in the page itself (a data URI, issue 29): nothing to preload, and
   * the app's scripts wait for it as for a lead image.
   */
  inlineImage?: boolean;
  /** The scripts a first visit preloads (preload-hints.ts), in the order the page needs them. */
  preload?: string[];
  /**
   * Issue 29: the shell's paint loader (findPaintLoader), which keeps a tap on the painted view for the
   * app. On a page with lead images the page links it in place of the shell's entry and lists the entry
   * and the preloads for it: nothing of the app downloads beside the lead images. Otherwise it is
   * linked before the entry, and the preloads are hints.
   */
  paintLoader?: string | null;
}

/** The shell's entry in its page: index.html's one `<script defer src>`. */
const ENTRY_SCRIPT = /<script defer src="([^"]+)"><\/script>/;

/**
 * The shell's page with the paint loader linked: in place of the entry, with the JSON the loader reads,
 * when `defer` (a page with lead images); before it otherwise (the preloads stay hints in the page).
 * Null when the page has no entry script.
 */
function linkPaintLoader(html: string, loader: string, preload: string[], defer: boolean): { html: string; scripts: DeferredScripts | null } | null {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return null;
  const main = entry[1];
  const loaderTag = `<script defer src="${escapeHtml(loader)}"></script>`;
  if (!defer) return { html: html.replace(entry[0], loaderTag + entry[0]), scripts: null };
  return { html: html.replace(entry[0], loaderTag), scripts: { main, preload: preload.filter((url) => url !== main) } };
}

/** The event's name as the page's title, and the link-preview tags (Open Graph) messaging apps read. */
function eventTags(event: PublicEvent, painted: PaintedPage): string[] {
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    `<title>${escapeHtml(event.name)} · Momentos</title>`,
    meta('og:type', 'website'),
    meta('og:site_name', 'Momentos'),
    meta('og:locale', 'pt_BR'),
    meta('og:title', event.name),
    meta('og:url', painted.url),
    ...(event.image
      ? [
          meta('og:image', new URL(event.image, painted.origin).href),
          ...(painted.imageIsCard ? [meta('og:image:width', '1200'), meta('og:image:height', '630'), meta('og:image:type', 'image/jpeg')] : []),
          meta('og:image:alt', event.name),
          `<meta name="twitter:card" content="summary_large_image">`,
        ]
      : [`<meta name="twitter:card" content="summary">`]),
  ];
}

/**
 * The shell's page with the page's view painted in place of the loading spinner, its data for the
 * page's script, the event's name as the title and the link-preview tags.
 */
export function paintShellPage(html: string, painted: PaintedPage): string {
  const { event, template, route } = painted;
  const preload = painted.preload ?? [];
  const linked = painted.paintLoader ? linkPaintLoader(html, painted.paintLoader, preload, painted.leadImages.length > 0 || !!painted.inlineImage) : null;
  const deferred = linked?.scripts;
  // Unless the loader starts them, the preloads are hints in the page, at a low priority: the painted
  // view needs none of the app's files to show, so nothing the first frame could wait for (a
  // stylesheet, a script) is asked for ahead of it.
  const shellHtml = deferred ? linked.html : withPreloads(linked?.html ?? html, preload, 'low');
  const rootStart = shellHtml.indexOf('<div id="root">');
  const bodyEnd = shellHtml.lastIndexOf('</body>');
  if (rootStart < 0 || bodyEnd < rootStart || !shellHtml.includes('</head>')) return shellHtml;

  const tags = [...(event ? eventTags(event, painted) : []), template.head].join('');
  const data: FirstPaintData = { remote: route.remote, page: route.firstPaint?.page ?? route.page, data: painted.data };

  const leadImages = painted.leadImages.map(preloadLink).join('');
  // First in the head, before any script, but after the viewport: a preload's `imagesizes` is read
  // against the viewport known when the scanner meets it, and before the viewport tag that is 980 px
  // wide, so a phone fetched each lead tile twice (the 640-px copy preloaded, the 320-px one shown).
  const top = [/<meta name="viewport"[^>]*>/i, /<meta charset[^>]*>/i, /<head>/i].find((tag) => tag.test(shellHtml))!;
  let head = shellHtml.slice(0, rootStart).replace(top, (opening) => opening + leadImages);
  // The event's title and description replace the generic ones.
  if (event) head = head.replace(/<title>[\s\S]*?<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  head = head.replace('</head>', `${tags}</head>`);
  return (
    head +
    `<div id="${firstPaintIds.markupId}">${fillTemplate(template.body, painted.view)}</div>` +
    `<div id="root"></div>` +
    `<script type="application/json" id="${firstPaintIds.dataId}">${jsonForScript(data)}</script>` +
    (deferred ? `<script type="application/json" id="${firstPaintIds.scriptsId}">${jsonForScript(deferred)}</script>` : '') +
    shellHtml.slice(bodyEnd)
  );
}
