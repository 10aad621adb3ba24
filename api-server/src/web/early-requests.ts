// Issue 29: an organiser's page asks for its first API reads as it is parsed (app-manifest's
// `earlyRequests`), with the sign-in the browser keeps, instead of once the app's whole script chain
// has run: on a slow phone the photo screen's list arrived a script chain and a round trip later.
// The API client takes each answer for the first call of the same URL (api-client's early-answers.ts).
import { createHash } from 'node:crypto';
import { EARLY_TILE_COUNT, EARLY_TILE_FIRST_ROW, earlyRequestIds, fillPath, routeParams, type AppRoute } from '@momentos/app-manifest';
import { COMPRESSED_PHOTO_EDGE, GRID_TILE_SIZES, THUMB_PHOTO_EDGE } from '@momentos/app-manifest/dist/grid-tile';
import { jsonForScript } from './first-paint';

/** What the page's JSON element holds: the reads, and the one whose answer is the photo grid's list. */
export interface EarlyRequests {
  urls: string[];
  tiles?: string;
}

/**
 * Sends the listed reads with the stored sign-in (the API client's headers) and keeps each answer's
 * promise, a network failure as null. When the grid's list arrives, keeps it parsed (`listGlobal`) and
 * asks for the images of its first tiles as the grid's tiles will (app-manifest's tile-state: the phone
 * copy and the grid copy with the grid's sizes, or the grid copy alone): the first row's at a high
 * priority, the others at the browser's low one for images not yet on screen. Where the server painted
 * the page's frame, the images are drawn into its grid (`gridAttribute`, one tile's `<template>`) in
 * place of its spinner, up to the first photo without an image (a failed or processing one: the app
 * draws it), so that what is drawn stays where the app's grid puts it (a frame painted with its tiles
 * has no template: nothing is drawn twice); the frame's place controls are
 * shown when a photo has a place (`placesAttribute`), as the page shows them. The promise of that
 * drawing is kept (`drawnGlobal`) for the shell's boot. Fixed text: the page's policy allows it by its
 * hash. Nothing is sent without a stored sign-in (the app will send the visitor to the entry).
 */
export const EARLY_REQUESTS_SCRIPT =
  `(function(){try{var l=document.getElementById("${earlyRequestIds.urlsId}"),t=l&&localStorage.getItem("auth");if(!t)return;` +
  `var c=JSON.parse(l.textContent),k=window.${earlyRequestIds.global}={};c.urls.forEach(function(u){` +
  `k[u]=fetch(u,{headers:{authentication:t,"X-Client-Origin":"momentos-web",Accept:"application/json, text/plain, */*"}}).catch(function(){return null})});` +
  `var g=c.tiles&&k[c.tiles];if(g)window.${earlyRequestIds.drawnGlobal}=g.then(function(r){return r&&r.ok?r.clone().json():null}).then(function(a){` +
  `var m=window.${earlyRequestIds.tilesGlobal}=[],d=document.querySelector("[${earlyRequestIds.gridAttribute}]"),s=d&&d.querySelector("template"),w=!!s,x=w;` +
  `if(!Array.isArray(a))return;window.${earlyRequestIds.listGlobal}={url:c.tiles,photos:a};if(a.some(function(p){return p&&p.place}))` +
  `document.querySelectorAll("[${earlyRequestIds.placesAttribute}]").forEach(function(e){e.hidden=!1});a.slice(0,${EARLY_TILE_COUNT}).forEach(function(p){` +
  `if(!p||p.error||!p.compressed_photo){w=false;return}var i=new Image;if(${EARLY_TILE_FIRST_ROW}>m.length)i.fetchPriority="high";` +
  `if(p.thumb_photo&&p.thumb_photo!==p.compressed_photo){i.sizes=${JSON.stringify(GRID_TILE_SIZES)};` +
  `i.srcset=p.thumb_photo+" ${THUMB_PHOTO_EDGE}w, "+p.compressed_photo+" ${COMPRESSED_PHOTO_EDGE}w"}i.src=p.compressed_photo;m.push(i);if(!w)return;` +
  `var e=s.content.firstElementChild.cloneNode(!0),b=e.querySelector("button"),n=d.getAttribute(p.file_type==="video"?"data-video":"data-photo")+" "+p.user_id;` +
  `i.className="gallery-tile__image";i.alt=n;i.width=i.height=${COMPRESSED_PHOTO_EDGE};i.decoding="async";i.draggable=!1;b.setAttribute("aria-label",n);b.appendChild(i);d.appendChild(e)});` +
  `if(x&&d.querySelector("button")){d.previousElementSibling.remove();d.hidden=!1}` +
  `}).catch(function(){})}catch(e){}})()`;

/** The policy's source for the script above. */
export const earlyRequestsScriptHash = `'sha256-${createHash('sha256').update(EARLY_REQUESTS_SCRIPT).digest('base64')}'`;

/**
 * The reads a route's page starts with, its parameters filled in as the API client fills them
 * (`fillPath`: the client matches the answers by URL); none with a query string (another album or
 * tab of the same page may read something else).
 */
export function earlyRequestsOf(route: AppRoute | null | undefined, url: string): EarlyRequests | null {
  const [pathname, query] = url.split('?');
  if (!route?.earlyRequests || query !== undefined) return null;
  const params = routeParams(route.path, pathname) ?? {};
  return {
    urls: route.earlyRequests.map((path) => fillPath(path, params)),
    ...(route.earlyTiles ? { tiles: fillPath(route.earlyTiles, params) } : {}),
  };
}

/** The page with the reads and the script that sends them, at the end of its head. */
export function withEarlyRequests(html: string, early: EarlyRequests | null): string {
  if (!early || early.urls.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `<script type="application/json" id="${earlyRequestIds.urlsId}">${jsonForScript(early)}</script><script>${EARLY_REQUESTS_SCRIPT}</script></head>`);
}
