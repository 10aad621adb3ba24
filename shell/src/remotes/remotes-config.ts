/** The remotes the shell composes, by container name (DESIGN.md §2). */
export const remoteNames = ['organiser_remote', 'guest_remote', 'gallery_remote'] as const;
export type RemoteName = (typeof remoteNames)[number];
export type RemotesConfig = Record<RemoteName, string>;

/** Same-origin defaults: what the all-in-one server serves when no remote was moved. */
export const defaultRemotes: RemotesConfig = {
  organiser_remote: '/remotes/organiser/remoteEntry.js',
  guest_remote: '/remotes/guest/remoteEntry.js',
  gallery_remote: '/remotes/gallery/remoteEntry.js',
};

/**
 * Reads remotes.json (written at deploy time) and resolves each entry against the page's URL.
 * A missing or malformed file, or a missing entry, falls back to the same-origin default.
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
    const entry = typeof declared[name] === 'string' && declared[name] ? (declared[name]) : defaultRemotes[name];
    config[name] = new URL(entry, baseUrl).href;
  }
  return config;
}

async function defaultFetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`remotes.json answered ${response.status}`);
  return response.json();
}
