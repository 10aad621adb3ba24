// The composition in one place: which remotes exist, where each one's code lives, runs and is
// served, which pages each exposes, and which page serves each route of the product. The shell, the
// remotes' standalone bootstraps, the API server (remotes.json, preload hints) and the scripts read
// it; nothing else lists them. Built to CommonJS so the server and the scripts can load it as is.

export const remotes = {
  organiser_remote: {
    folder: 'organiser-remote',
    devPort: 3001,
    /** Where the all-in-one server serves the built remote. */
    mountPath: '/remotes/organiser/',
    /** The deploy-time variable that moves it (remotes.json). */
    urlVariable: 'REMOTE_ORGANISER_URL',
    pages: ['entry', 'event-list', 'event-form', 'print-kit', 'team-invite', 'password-reset', 'account'],
  },
  guest_remote: {
    folder: 'guest-remote',
    devPort: 3002,
    mountPath: '/remotes/guest/',
    urlVariable: 'REMOTE_GUEST_URL',
    pages: ['invite', 'welcome', 'upload', 'messages'],
  },
  gallery_remote: {
    folder: 'gallery-remote',
    devPort: 3003,
    mountPath: '/remotes/gallery/',
    urlVariable: 'REMOTE_GALLERY_URL',
    pages: ['gallery', 'event-photos', 'wall'],
  },
} as const;

export const shellApp = { folder: 'shell', devPort: 3000 } as const;

/** The file every remote build exposes its container from. */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';

export type RemoteName = keyof typeof remotes;
export const remoteNames = Object.keys(remotes) as RemoteName[];

/** The pages a remote exposes: a name that is not here is a type error wherever a page is named. */
export type PageName<R extends RemoteName> = (typeof remotes)[R]['pages'][number];

/** One route of the product: a path (react-router syntax) served by one page of one remote. */
export type AppRoute = {
  [R in RemoteName]: {
    path: string;
    remote: R;
    page: PageName<R>;
    guarded?: boolean;
    firstPaint?: FirstPaintSpec;
    earlyRequests?: readonly string[];
    /** One of `earlyRequests` whose answer is the page's photo grid: its first screen of tiles is asked for as that answer arrives (early-requests.ts). */
    earlyTiles?: string;
  };
}[RemoteName];

/** The guest's welcome, painted by the server on both guest entry points (issue 13). */
const welcomePaint = (source: 'event-id' | 'invite-code'): FirstPaintSpec => ({ page: 'welcome', template: 'paint/welcome.html', source });
/** The first screen of a public album's gallery: its first tiles, painted by the server (issue 13). */
const galleryPaint: FirstPaintSpec = { page: 'gallery', template: 'paint/gallery.html', source: 'album-id' };
/** The upload screen's first step, the guest's name (issue 29): painted for a guest who has not given it yet. */
const uploadPaint: FirstPaintSpec = { page: 'upload', template: 'paint/upload.html', source: 'event-upload' };
/** The entry's first step (issue 29): the same for every visitor but for 'Criar a primeira conta'. */
const entryPaint: FirstPaintSpec = { page: 'entry', template: 'paint/entry.html', source: 'setup-state' };

/**
 * The event list's frame (issue 29): its header and the places of its counts and rows, the same for
 * every organiser; the template's own check hides it from a visitor who is not signed in.
 */
const eventListPaint: FirstPaintSpec = { page: 'event-list', template: 'paint/event-list.html', source: 'static' };
/**
 * The new-event form (issue 29): empty, the same for every organiser; inert until the app takes it
 * over (what is typed into the painted copy would be lost). Editing an event needs its data: not painted.
 */
const eventFormPaint: FirstPaintSpec = { page: 'event-form', template: 'paint/event-form.html', source: 'static' };
/**
 * The organiser's photo screen (issue 29): its frame before its data, with the event's id in its links.
 * When the page's request carries the sign-in of the event's team (`SIGN_IN_COOKIE`), the server paints
 * the grid's first tiles into it; otherwise the page's early-requests script draws them as the early
 * list arrives (early-requests.ts). Either way before the app's scripts have run.
 */
const eventPhotosPaint: FirstPaintSpec = { page: 'event-photos', template: 'paint/event-photos.html', source: 'event-photos' };

/** Spec §2 routes and the remote that owns each (DESIGN.md §1); organiser pages are guarded. */
export const routes: readonly AppRoute[] = [
  { path: '/', remote: 'organiser_remote', page: 'entry', firstPaint: entryPaint },
  { path: '/events', remote: 'organiser_remote', page: 'event-list', guarded: true, firstPaint: eventListPaint, earlyRequests: ['/api/events'] },
  { path: '/events/register', remote: 'organiser_remote', page: 'event-form', guarded: true, firstPaint: eventFormPaint },
  { path: '/events/register/:id', remote: 'organiser_remote', page: 'event-form', guarded: true },
  { path: '/invite/:code', remote: 'guest_remote', page: 'invite', firstPaint: welcomePaint('invite-code') },
  { path: '/events/share/:id', remote: 'guest_remote', page: 'welcome', firstPaint: welcomePaint('event-id') },
  { path: '/events/upload/:id', remote: 'guest_remote', page: 'upload', firstPaint: uploadPaint },
  // Issue 26: the guestbook ('Recados').
  { path: '/events/share/:id/recados', remote: 'guest_remote', page: 'messages' },
  { path: '/events/share/albums/:id', remote: 'gallery_remote', page: 'gallery', firstPaint: galleryPaint },
  // Issue 11: the organiser's photos of an event, every album; the gallery team's page.
  {
    path: '/events/:id/photos',
    remote: 'gallery_remote',
    page: 'event-photos',
    guarded: true,
    firstPaint: eventPhotosPaint,
    earlyRequests: ['/api/events/photos/:id', '/api/events/:id', '/api/albums/:id'],
    earlyTiles: '/api/events/photos/:id',
  },
  // Issue 12: the live wall, for the organiser, or on a venue's TV through a wall link.
  { path: '/events/:id/wall', remote: 'gallery_remote', page: 'wall', guarded: true },
  { path: '/wall/:token', remote: 'gallery_remote', page: 'wall' },
  // Issue 28: the printable QR kit (table cards, poster, stickers) of an event.
  { path: '/events/:id/imprimir', remote: 'organiser_remote', page: 'print-kit', guarded: true },
  // Issue 27: an invite link to an event's team (signed in or not: the page handles both).
  { path: '/equipe/:token', remote: 'organiser_remote', page: 'team-invite' },
  // Issue 27 item 4: a password-reset link from the e-mail (or the server's log), and 'Minha conta'.
  { path: '/redefinir-senha/:token', remote: 'organiser_remote', page: 'password-reset' },
  { path: '/conta', remote: 'organiser_remote', page: 'account', guarded: true },
];

export { EARLY_TILE_COUNT, EARLY_TILE_FIRST_ROW, earlyRequestIds, SIGN_IN_COOKIE } from './early-requests';
export { fillPath } from './path-params';

/** Paths of routes one remote links to on another's page (the route table stays the one source). */
export const paths = {
  eventMessages: (eventId: string) => `/events/share/${encodeURIComponent(eventId)}/recados`,
  eventWall: (eventId: string) => `/events/${encodeURIComponent(eventId)}/wall`,
  eventPrintKit: (eventId: string) => `/events/${encodeURIComponent(eventId)}/imprimir`,
  eventPhotos: (eventId: string, albumId?: string) =>
    `/events/${encodeURIComponent(eventId)}/photos${albumId ? `?album=${encodeURIComponent(albumId)}` : ''}`,
};

/**
 * Issue 29: the all-in-one server writes remotes.json's content into the shell's page, as JSON in the
 * `<script type="application/json">` element of this id, so the shell does not wait a round trip for
 * it after its entry has run. A shell served from elsewhere (a CDN) fetches remotes.json as before.
 */
export const remotesConfigId = 'remotes-config';

/**
 * The first paint: for a route whose entry names a `firstPaint`, the all-in-one server answers the
 * shell's page with that page's view already painted (from the remote's built template, its data
 * filled in) inside the element `markupId`, and the data the view was painted with as JSON in the
 * `<script type="application/json">` element `dataId`. The shell keeps the painted view until that
 * page renders the same markup, then removes it.
 */
export const firstPaintIds = { markupId: 'first-paint', dataId: 'first-paint-data', scriptsId: 'first-paint-scripts' } as const;

/**
 * Issue 29: on a painted page with lead images the app's scripts wait until those images have arrived
 * (on a slow link every concurrent download shares the bandwidth with them). The server then links the
 * shell's small paint loader instead of its entry, and lists here, as JSON in the
 * `<script type="application/json">` element `scriptsId`, what the loader starts once the images are in.
 */
export interface DeferredScripts {
  /** The shell's entry script (what index.html's own `<script defer>` names). */
  main: string;
  /** What the page needs next (scripts, and its page's stylesheets), preloaded beside the entry (the preload hints of a first visit). */
  preload: string[];
}

/** What a first paint needs: the remote's built template (a path inside its dist) and what the route's parameter names. */
export interface FirstPaintSpec {
  /** The page whose view is painted (the invite route paints the welcome it leads to). */
  page: string;
  template: string;
  /**
   * What the route's parameter finds: an event by its id or its invite code (the welcome is painted
   * with the event's public read), or a public album (its gallery's first tiles); an event by its id
   * for its upload screen (`event-upload`: the guest's name step, the same for every event without a
   * PIN); or, for the entry, no parameter: whether the server still waits for its first organiser
   * (GET /api/setup's answer); or nothing at all (`static`: a page's frame before its data, the same
   * for everyone but for the route's parameters, which fill the slots of their names: an organiser's
   * page, whose data the server cannot read without the sign-in that the browser keeps); or the
   * organiser's photo screen (`event-photos`: its frame, with its first tiles when the request carries
   * the sign-in cookie of the event's team, `SIGN_IN_COOKIE`).
   */
  source: 'event-id' | 'invite-code' | 'album-id' | 'event-upload' | 'setup-state' | 'static' | 'event-photos';
}

/** The JSON of the `dataId` element: which page was painted, with what. */
export interface FirstPaintData<T = unknown> {
  remote: RemoteName;
  page: string;
  data: T;
}

/** The routes one remote serves (its standalone dev server mounts exactly these). */
export function routesOf<R extends RemoteName>(remote: R): Array<Extract<AppRoute, { remote: R }>> {
  return routes.filter((route): route is Extract<AppRoute, { remote: R }> => route.remote === remote);
}

/** The same-origin URL of a remote's entry, as the all-in-one server serves it. */
export function defaultEntryUrl(remote: RemoteName): string {
  return `${remotes[remote].mountPath}${REMOTE_ENTRY_FILE}`;
}

/** The remote's entry on its own dev server (`npm run dev`). */
export function devEntryUrl(remote: RemoteName): string {
  return `http://localhost:${remotes[remote].devPort}/${REMOTE_ENTRY_FILE}`;
}

function matches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (wanted.length !== actual.length) return false;
  return wanted.every((segment, index) => segment.startsWith(':') || segment === actual[index]);
}

/** The route that serves a URL path (static segments and `:params`, as the shell's router matches them). */
export function matchRoute(pathname: string): AppRoute | null {
  const path = pathname.split(/[?#]/)[0];
  return routes.find((route) => matches(route.path, path)) ?? null;
}

/** The `:params` of a path under a route pattern (decoded), or null when it does not match. */
export function routeParams(pattern: string, pathname: string): Record<string, string> | null {
  const path = pathname.split(/[?#]/)[0];
  if (!matches(pattern, path)) return null;
  const actual = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  pattern
    .split('/')
    .filter(Boolean)
    .forEach((segment, index) => {
      if (!segment.startsWith(':')) return;
      try {
        params[segment.slice(1)] = decodeURIComponent(actual[index]);
      } catch {
        params[segment.slice(1)] = actual[index];
      }
    });
  return params;
}
