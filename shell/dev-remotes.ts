import { devEntryUrl, remoteNames, remotes } from '@momentos/app-manifest';

// remotes.json of the development setup: each remote on its own dev server (`npm run dev` at the root),
// unless its deploy-time variable points elsewhere.
export function devRemotes(): Record<string, string> {
  return Object.fromEntries(remoteNames.map((name) => [name, process.env[remotes[name].urlVariable] ?? devEntryUrl(name)]));
}
