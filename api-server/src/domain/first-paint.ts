// The first paint of a guest's entry (issue 13): for the routes whose app-manifest entry names a
// `firstPaint`, the server answers the shell's page with the page's view already in it, filled from
// the database, so that a guest on a weak phone sees the event at once, before any script; and with
// the link-preview tags (Open Graph) that messaging apps read. The template is the remote's own
// (built into its dist: the guest team owns what its welcome looks like); the shell keeps the painted
// view until the page has rendered the same markup.
import fs from 'node:fs';
import path from 'node:path';
import type { PublicEvent } from '@momentos/api-contract';
import { firstPaintIds, remotes, type AppRoute, type FirstPaintData } from '@momentos/app-manifest';

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** JSON that can sit inside a `<script type="application/json">` element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface PaintTemplate {
  /** Tags for `<head>` (description, the view's stylesheet). */
  head: string;
  /** The view, with `{{name}}`-style slots and `<!--if:x-->…<!--end:x-->` sections. */
  body: string;
}

/** The remote's built template, or null (not built, or an older build without one). */
export async function readPaintTemplate(webRoot: string, route: AppRoute): Promise<PaintTemplate | null> {
  if (!route.firstPaint) return null;
  const file = path.join(webRoot, remotes[route.remote].folder, 'dist', route.firstPaint.template);
  let text: string;
  try {
    text = await fs.promises.readFile(file, 'utf8');
  } catch {
    return null;
  }
  const head = text.indexOf('<!-- head -->');
  const body = text.indexOf('<!-- body -->');
  if (head < 0 || body < head) return null;
  return { head: text.slice(head + '<!-- head -->'.length, body).trim(), body: text.slice(body + '<!-- body -->'.length).trim() };
}

/** 'YYYY-MM-DD HH:mm' as the guest screens show it: 'DD/MM/YYYY HH:mm' (spec §9). */
const displayDate = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2}).*$/, '$3/$2/$1 $4');

/** The welcome's slots filled from the public event: every value escaped, sections kept or dropped. */
export function fillEventView(template: string, event: PublicEvent): string {
  const sections: Record<string, boolean> = { image: !!event.image, date: !!event.date, code: !!event.code };
  const values: Record<string, string> = {
    name: event.name,
    date: displayDate(event.date),
    date_iso: event.date.replace(' ', 'T'),
    image: event.image ?? '',
  };
  return template
    .replace(/<!--if:(\w+)-->([\s\S]*?)<!--end:\1-->/g, (_all, name: string, inner: string) => (sections[name] ? inner : ''))
    .replace(/\{\{(\w+)\}\}/g, (_all, name: string) => escapeHtml(values[name] ?? ''));
}

export interface PaintedPage {
  route: AppRoute;
  template: PaintTemplate;
  event: PublicEvent;
  /** The page's absolute URL (og:url). */
  url: string;
  /** The public origin, for absolute image URLs. */
  origin: string;
  /** Whether `event.image` is the 1200×630 card (only then is it announced with its size). */
  imageIsCard: boolean;
}

/**
 * The shell's page with the event's view painted in place of the loading spinner, its data for the
 * page's script, the event's name as the title and the link-preview tags.
 */
export function paintShellPage(shellHtml: string, painted: PaintedPage): string {
  const { event, template, route } = painted;
  const rootStart = shellHtml.indexOf('<div id="root">');
  const bodyEnd = shellHtml.lastIndexOf('</body>');
  if (rootStart < 0 || bodyEnd < rootStart || !shellHtml.includes('</head>')) return shellHtml;

  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeHtml(content)}">`;
  const tags = [
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
    template.head,
  ].join('');
  const data: FirstPaintData<PublicEvent> = { remote: route.remote, page: route.firstPaint?.page ?? route.page, data: event };

  const head = shellHtml
    .slice(0, rootStart)
    // The event's title and description replace the generic ones.
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', `${tags}</head>`);
  return (
    head +
    `<div id="${firstPaintIds.markupId}">${fillEventView(template.body, event)}</div>` +
    `<div id="root"></div>` +
    `<script type="application/json" id="${firstPaintIds.dataId}">${jsonForScript(data)}</script>` +
    shellHtml.slice(bodyEnd)
  );
}
