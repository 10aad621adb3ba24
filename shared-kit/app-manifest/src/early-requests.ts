// Its own file: the API client reads it without the rest of the manifest (the guest's script budget).

/**
 * Issue 29: the API reads an organiser's page starts with (a route's `earlyRequests`, its `:name`
 * parameters filled in), asked for by the page itself as it is parsed, with the sign-in the browser
 * keeps, rather than once the app's whole script chain has run. The all-in-one server lists them as
 * JSON in the `<script type="application/json">` element `urlsId`, with one fixed inline script that
 * sends them and keeps each answer's promise under `window[global][url]`; the API client takes an
 * answer from there for the first call of the same URL. Only on the route's plain path: a query
 * string (another album, another tab) may read something else.
 */
export const earlyRequestIds = {
  urlsId: 'early-requests',
  global: '__momentosEarly',
  tilesGlobal: '__momentosEarlyTiles',
  listGlobal: '__momentosEarlyList',
  gridAttribute: 'data-early-tiles',
  placesAttribute: 'data-early-places',
  drawnGlobal: '__momentosEarlyDrawn',
} as const;

/**
 * A route's `earlyTiles`: when that read's answer (a photo list, in the grid's order) arrives, the
 * script asks for the images of its first tiles, with the grid's own srcset and sizes
 * (grid-tile.ts), while the app's scripts are still loading: the grid then draws them from the
 * browser's memory instead of sending for them a round trip after the whole script chain. Eight: four
 * rows of a phone's two columns, the first screen's row or two below the toolbar and the rows the
 * grid's lazy loading fetches at once anyway (Chromium loads lazy images within 1250–2500 px of the
 * screen). The images are kept under `tilesGlobal` so that none is dropped before the grid takes it.
 *
 * Where the server painted the page's frame (the photo screen), the frame's grid carries the attribute
 * `gridAttribute` and a `<template>` of one tile: the script draws the tiles into it as well (and shows
 * the frame's hidden `placesAttribute` controls when a photo has a place, as the page does), so that
 * the first screen shows its photos before the app's scripts have run, and keeps the parsed list as
 * `{url, photos}` under `listGlobal` for the page's first render to start from the same tiles. Its
 * promise under `drawnGlobal` settles once the tiles are drawn (or none can be): the shell's boot waits
 * for their first row, briefly, before React takes the painted view over (shell's painted-view-drawn.ts).
 */
export const EARLY_TILE_COUNT = 8;

/**
 * Of those, the first row's (four: a phone's two columns and a desktop's four alike) are asked for at
 * a high priority, the rest at the low one of images not yet on screen. On such a page the scripts'
 * preloads are at a low priority too (api-server's front-end-page.ts): over HTTP/1.1's six connections
 * to a host, the reads and the first row then go before the sixteen scripts instead of after them.
 * Under DevTools' Slow 4G with 4× CPU, the list arrived at 1.4 s instead of 3.0 s, the first row by
 * 2.7 s, and the photo screen's LCP p50 went from 4.04 to 3.84 s (7 runs each).
 */
export const EARLY_TILE_FIRST_ROW = 4;

/**
 * The cookie that carries an organiser's sign-in on their own page requests under `/events` (the API
 * client keeps it beside the stored token, for as long as the token lasts, and drops it on 'Sair'):
 * with it the server paints the photo screen's first tiles into the page itself (api-server's
 * web/paint-source.ts), so that they show before any script has run. The API never reads it: its
 * calls carry the token in their `authentication` header, so a cookie sent along with a request from
 * another site gives it nothing. SameSite=Strict: a link from another site gets the frame alone.
 */
export const SIGN_IN_COOKIE = { name: 'momentos-sign-in', path: '/events' } as const;
