// remotes.json of the development setup: each remote on its own dev server (`npm run dev` at the root).
export function devRemotes(): Record<string, string> {
  return {
    organiser_remote: process.env.REMOTE_ORGANISER_URL ?? 'http://localhost:3001/remoteEntry.js',
    guest_remote: process.env.REMOTE_GUEST_URL ?? 'http://localhost:3002/remoteEntry.js',
    gallery_remote: process.env.REMOTE_GALLERY_URL ?? 'http://localhost:3003/remoteEntry.js',
  };
}
