// Preload hints for the first visit: the all-in-one server adds <link rel="preload"> tags to the
// shell's index.html so that the browser fetches the shell's shared modules and the route's remote
// entry while the shell's own script is still arriving, instead of one round trip after another.
import fs from 'node:fs';
import path from 'node:path';

export type RemoteKey = 'organiser' | 'guest' | 'gallery';

export interface PreloadSources {
  webRoot: string;
  /** Remote entries from the environment (a moved remote); same-origin defaults when absent. */
  remotes: Partial<Record<RemoteKey, string>>;
}

const REMOTE_FOLDERS: Record<RemoteKey, string> = {
  organiser: 'organiser-remote',
  guest: 'guest-remote',
  gallery: 'gallery-remote',
};

/**
 * The remote that serves a path. It mirrors the shell's route table (shell/src/routes/route-table.ts)
 * for preloading only: a mismatch costs one unused download, never a wrong page.
 */
export function remoteForPath(pathname: string): RemoteKey | null {
  if (pathname.startsWith('/events/share/albums/')) return 'gallery';
  if (/^\/(invite|events\/share|events\/upload)\//.test(pathname)) return 'guest';
  if (pathname === '/' || pathname === '/events' || pathname.startsWith('/events/register')) return 'organiser';
  return null;
}

interface FederationStats {
  shared?: { assets?: { js?: { sync?: string[] } } }[];
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

async function readStats(file: string): Promise<FederationStats | null> {
  try {
    return JSON.parse(await fs.promises.readFile(file, 'utf8')) as FederationStats;
  } catch {
    return null;
  }
}

/** URLs worth preloading for a first visit to `pathname`, in the order the page needs them. */
export async function preloadUrls(pathname: string, sources: PreloadSources): Promise<string[]> {
  const urls: string[] = [];
  const shell = await readStats(path.join(sources.webRoot, 'shell', 'dist', 'mf-stats.json'));
  for (const shared of shell?.shared ?? []) {
    for (const file of shared.assets?.js?.sync ?? []) urls.push(`/${file}`);
  }
  const remote = remoteForPath(pathname);
  if (remote) {
    const moved = sources.remotes[remote];
    if (moved) urls.push(moved);
    else {
      urls.push(`/remotes/${remote}/remoteEntry.js`);
      const stats = await readStats(path.join(sources.webRoot, REMOTE_FOLDERS[remote], 'dist', 'mf-stats.json'));
      const routes = stats?.exposes?.find((expose) => expose.name === 'routes');
      for (const file of routes?.assets?.js?.sync ?? []) urls.push(`/remotes/${remote}/${file}`);
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
