// Preload hints for the first visit: the all-in-one server adds <link rel="preload"> tags to the
// shell's index.html so that the browser fetches the shell's shared modules, the route's remote
// entry and its page while the shell's own script is still arriving, instead of one round trip after another.
import fs from 'node:fs';
import path from 'node:path';
import { defaultEntryUrl, matchRoute, remotes, type RemoteName } from '@momentos/app-manifest';

export interface PreloadSources {
  webRoot: string;
  /** Remote entries from the environment (a moved remote); same-origin defaults when absent. */
  remotes: Partial<Record<RemoteName, string>>;
}

interface FederationStats {
  shared?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * Shared modules the shell provides but does not load at start: the data layer and the auth store
 * come with the first page that reads data or is guarded. Preloading them would put them before the
 * guest's welcome (issue 13); a route whose page consumes one of them gets all three (the data layer
 * consumes the other two).
 */
export const LOADED_AFTER_START = new Set(['@momentos/api-client', 'zustand', 'swr']);

/** An app's page-chunks.json (rspack.base.ts' PageChunksPlugin): its pages' files and consumed shared modules, its shared modules' files. */
interface PageChunks {
  pages?: Record<string, { files?: string[]; shared?: string[] }>;
  shared?: Record<string, string[]>;
}

/**
 * URLs worth preloading for a first visit to `pathname`, in the order the page needs them: the shell's
 * shared modules and bootstrap (and auth guard on an organiser page), the remote's entry and routes
 * module, then (issue 29) the route's page chunk. Without the last ones, a page the server does not
 * paint waited one round trip more after the routes module, another for the data layer it consumes,
 * and the shell's bootstrap one after the shell's entry had run.
 */
export async function preloadUrls(pathname: string, sources: PreloadSources): Promise<string[]> {
  const route = matchRoute(pathname);
  const remote = route?.remote;
  const local = remote && !sources.remotes[remote] ? remotes[remote] : null;
  const [shellStats, shellChunks, stats, remoteChunks] = await Promise.all([
    readJson<FederationStats>(path.join(sources.webRoot, 'shell', 'dist', 'mf-stats.json')),
    readJson<PageChunks>(path.join(sources.webRoot, 'shell', 'dist', 'page-chunks.json')),
    local ? readJson<FederationStats>(path.join(sources.webRoot, local.folder, 'dist', 'mf-stats.json')) : null,
    local ? readJson<PageChunks>(path.join(sources.webRoot, local.folder, 'dist', 'page-chunks.json')) : null,
  ]);
  // The invite route shows the welcome it leads to: its page chunk is the welcome's.
  const page = route ? remoteChunks?.pages?.[route.firstPaint?.page ?? route.page] : undefined;
  // An organiser page's auth guard (the shell's): the shell's boot loads it before the first render there.
  const guard = route?.guarded ? shellChunks?.pages?.['auth-guard'] : undefined;
  const dataLayer = [...(page?.shared ?? []), ...(guard?.shared ?? [])].some((name) => LOADED_AFTER_START.has(name));

  const urls: string[] = [];
  for (const shared of shellStats?.shared ?? []) {
    if (!shared.name || (LOADED_AFTER_START.has(shared.name) && !dataLayer)) continue;
    for (const file of [...(shared.assets?.js?.sync ?? []), ...(shellChunks?.shared?.[shared.name] ?? [])]) urls.push(`/${file}`);
  }
  for (const file of shellChunks?.pages?.bootstrap?.files ?? []) urls.push(`/${file}`);
  for (const file of guard?.files ?? []) urls.push(`/${file}`);
  // The route table is the shell's (app manifest): the same match tells which remote a path needs.
  if (remote) {
    const moved = sources.remotes[remote];
    if (moved) urls.push(moved);
    else {
      urls.push(defaultEntryUrl(remote));
      const routes = stats?.exposes?.find((expose) => expose.name === 'routes');
      for (const file of routes?.assets?.js?.sync ?? []) urls.push(`${remotes[remote].mountPath}${file}`);
      for (const file of page?.files ?? []) urls.push(`${remotes[remote].mountPath}${file}`);
    }
  }
  return [...new Set(urls)];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What a preloaded URL is fetched as: page chunks bring their stylesheets beside their scripts. */
const preloadAs = (url: string) => (/\.css(\?|$)/.test(url) ? 'style' : 'script');

/**
 * The page with one preload tag per URL, just before </head>; at a low fetch priority (`low`) on a page
 * the server has painted, whose view needs none of them to show.
 */
export function withPreloads(html: string, urls: string[], priority?: 'low'): string {
  if (urls.length === 0 || !html.includes('</head>')) return html;
  const fetchPriority = priority ? ` fetchpriority="${priority}"` : '';
  const tags = urls.map((url) => `<link rel="preload" as="${preloadAs(url)}" href="${escapeAttribute(url)}"${fetchPriority}>`).join('');
  return html.replace('</head>', `${tags}</head>`);
}
