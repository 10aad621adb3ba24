// Preload hints for the first visit: the all-in-one server adds <link rel="preload"> tags to the
// shell's index.html so that the browser fetches the shell's shared modules and the route's remote
// entry while the shell's own script is still arriving, instead of one round trip after another.
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

async function readStats(file: string): Promise<FederationStats | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as FederationStats;
  } catch {
    return null;
  }
}

/**
 * Shared modules the shell provides but does not load at start: the data layer and the auth store
 * come with the first page that reads data or is guarded. Preloading them would put them before the
 * guest's welcome (issue 13).
 */
export const LOADED_AFTER_START = new Set(['@momentos/api-client', 'zustand', 'swr']);

/** URLs worth preloading for a first visit to `pathname`, in the order the page needs them. */
export async function preloadUrls(pathname: string, sources: PreloadSources): Promise<string[]> {
  const urls: string[] = [];
  const shell = await readStats(path.join(sources.webRoot, 'shell', 'dist', 'mf-stats.json'));
  for (const shared of shell?.shared ?? []) {
    if (shared.name && LOADED_AFTER_START.has(shared.name)) continue;
    for (const file of shared.assets?.js?.sync ?? []) urls.push(`/${file}`);
  }
  // The route table is the shell's (app manifest): the same match tells which remote a path needs.
  const remote = matchRoute(pathname)?.remote;
  if (remote) {
    const moved = sources.remotes[remote];
    if (moved) urls.push(moved);
    else {
      urls.push(defaultEntryUrl(remote));
      const stats = await readStats(path.join(sources.webRoot, remotes[remote].folder, 'dist', 'mf-stats.json'));
      const routes = stats?.exposes?.find((expose) => expose.name === 'routes');
      for (const file of routes?.assets?.js?.sync ?? []) urls.push(`${remotes[remote].mountPath}${file}`);
    }
  }
  return [...new Set(urls)];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The page with one preload tag per URL, just before </head>. */
export function withPreloads(html: string, urls: string[]): string {
  if (urls.length === 0 || !html.includes('</head>')) return html;
  const tags = urls.map((url) => `<link rel="preload" as="script" href="${escapeAttribute(url)}">`).join('');
  return html.replace('</head>', `${tags}</head>`);
}
