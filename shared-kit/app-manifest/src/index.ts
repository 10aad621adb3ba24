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
    pages: ['entry', 'event-list', 'event-form'],
  },
  guest_remote: {
    folder: 'guest-remote',
    devPort: 3002,
    mountPath: '/remotes/guest/',
    urlVariable: 'REMOTE_GUEST_URL',
    pages: ['invite', 'welcome', 'upload'],
  },
  gallery_remote: {
    folder: 'gallery-remote',
    devPort: 3003,
    mountPath: '/remotes/gallery/',
    urlVariable: 'REMOTE_GALLERY_URL',
    pages: ['gallery'],
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
  [R in RemoteName]: { path: string; remote: R; page: PageName<R>; guarded?: boolean };
}[RemoteName];

/** Spec §2 routes and the remote that owns each (DESIGN.md §1); organiser pages are guarded. */
export const routes: readonly AppRoute[] = [
  { path: '/', remote: 'organiser_remote', page: 'entry' },
  { path: '/events', remote: 'organiser_remote', page: 'event-list', guarded: true },
  { path: '/events/register', remote: 'organiser_remote', page: 'event-form', guarded: true },
  { path: '/events/register/:id', remote: 'organiser_remote', page: 'event-form', guarded: true },
  { path: '/invite/:code', remote: 'guest_remote', page: 'invite' },
  { path: '/events/share/:id', remote: 'guest_remote', page: 'welcome' },
  { path: '/events/upload/:id', remote: 'guest_remote', page: 'upload' },
  { path: '/events/share/albums/:id', remote: 'gallery_remote', page: 'gallery' },
];

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
