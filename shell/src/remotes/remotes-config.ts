import { defaultEntryUrl, remoteNames, remotesConfigId, type RemoteName } from '@momentos/app-manifest';

/** Where each remote of the app manifest lives, by container name (DESIGN.md §2). */
export type RemotesConfig = Record<RemoteName, string>;

/**
 * Reads remotes.json (written at deploy time) and resolves each entry against the page's URL.
 * A missing or malformed file, or a missing entry, falls back to the same-origin default.
 * The default reader takes the copy the all-in-one server wrote into the page, when there is one.
 */
export async function fetchRemotesConfig(
  baseUrl: string,
  fetchJson: (url: string) => Promise<unknown> = defaultFetchJson,
): Promise<RemotesConfig> {
  let declared: Record<string, unknown> = {};
  try {
    const body = await fetchJson(new URL('/remotes.json', baseUrl).href);
    if (body && typeof body === 'object') declared = body as Record<string, unknown>;
  } catch {
    declared = {};
  }
  const config = {} as RemotesConfig;
  for (const name of remoteNames) {
    const entry = typeof declared[name] === 'string' && declared[name] ? declared[name] : defaultEntryUrl(name);
    config[name] = new URL(entry, baseUrl).href;
  }
  return config;
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const inPage = document.getElementById(remotesConfigId);
  if (inPage?.textContent) return JSON.parse(inPage.textContent);
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return response.json();
}
