// Issue 29: an organiser's page asks for its first API reads as it is parsed (app-manifest's
// `earlyRequests`), with the sign-in the browser keeps, instead of once the app's whole script chain
// has run: on a slow phone the photo screen's list arrived a script chain and a round trip later.
// The API client takes each answer for the first call of the same URL (api-client's early-answers.ts).
import { createHash } from 'node:crypto';
import { earlyRequestIds, fillPath, routeParams, type AppRoute } from '@momentos/app-manifest';
import { jsonForScript } from './first-paint';

/**
 * Sends the listed reads with the stored sign-in (the API client's headers) and keeps each answer's
 * promise, a network failure as null. Fixed text: the page's policy allows it by its hash. Nothing is
 * sent without a stored sign-in (the app will send the visitor to the entry).
 */
export const EARLY_REQUESTS_SCRIPT =
  `(function(){try{var l=document.getElementById("${earlyRequestIds.urlsId}"),t=l&&localStorage.getItem("auth");if(!t)return;` +
  `var k=window.${earlyRequestIds.global}={};JSON.parse(l.textContent).forEach(function(u){` +
  `k[u]=fetch(u,{headers:{authentication:t,"X-Client-Origin":"momentos-web",Accept:"application/json, text/plain, */*"}}).catch(function(){return null})})}catch(e){}})()`;

/** The policy's source for the script above. */
export const earlyRequestsScriptHash = `'sha256-${createHash('sha256').update(EARLY_REQUESTS_SCRIPT).digest('base64')}'`;

/**
 * The reads a route's page starts with, its parameters filled in as the API client fills them
 * (`fillPath`: the client matches the answers by URL); none with a query string (another album or
 * tab of the same page may read something else).
 */
export function earlyRequestUrls(route: AppRoute | null | undefined, url: string): string[] {
  const [pathname, query] = url.split('?');
  if (!route?.earlyRequests || query !== undefined) return [];
  const params = routeParams(route.path, pathname) ?? {};
  return route.earlyRequests.map((path) => fillPath(path, params));
}

/** The page with the list and the script that sends it, at the end of its head. */
export function withEarlyRequests(html: string, urls: string[]): string {
  if (urls.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `<script type="application/json" id="${earlyRequestIds.urlsId}">${jsonForScript(urls)}</script><script>${EARLY_REQUESTS_SCRIPT}</script></head>`);
}
