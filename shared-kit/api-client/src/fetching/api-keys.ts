import type { ApiRoute } from '@momentos/api-contract';

/** A route the screens read. */
type Read = Extract<ApiRoute, `GET ${string}`>;

/**
 * Issue 24: a cache key names the route it reads (`'GET /api/albums/:eventId'`, checked against the
 * endpoint table), then what picks the answer (ids, filters).
 */
const read = <R extends Read, const A extends readonly unknown[]>(route: R, ...args: A) => [route, ...args] as const;

/** The first element of an album's photo-list keys (the live feed finds the lists it merges into by it). */
export const albumPhotosRoute = 'GET /api/events/photos/:albumId' satisfies Read;

// Cache keys of the screens' data hooks (SWR), one per read call. One place names them so that a
// mutation in one screen revalidates what another shows, and remotes on the same page share answers.
export const apiKeys = {
  events: () => read('GET /api/events'),
  /** Issue 27: whether the server waits for its first organiser. */
  setupState: () => read('GET /api/setup'),
  /** Issue 27: an event's team (owner), and what an invite link is for. */
  team: (eventId: string) => read('GET /api/events/:id/team', eventId),
  /** Issue 27 item 6: an event's webhook and its recent deliveries (owner). */
  webhook: (eventId: string) => read('GET /api/events/:id/webhook', eventId),
  teamInvite: (token: string) => read('GET /api/team-invites/:token', token),
  /** Issue 27 item 4: the signed-in organiser's account, and an open password-reset link. */
  account: () => read('GET /api/account'),
  /** Issue 27 item 5: the account's e-mail alerts. */
  notifications: () => read('GET /api/account/notifications'),
  passwordReset: (token: string) => read('GET /api/auth/reset/:token', token),
  event: (id: string) => read('GET /api/events/:id', id),
  publicEvent: (id: string) => read('GET /api/events/:id/public', id),
  albums: (eventId: string) => read('GET /api/albums/:eventId', eventId),
  inviteSearch: (code: string) => read('GET /api/invite/search', code),
  shareQrCode: (code: string) => read('GET /api/events/share/:code', code),
  albumPhotos: (albumId: string, uploader: string | null, order: 'recent' | 'taken' = 'recent') => read(albumPhotosRoute, albumId, uploader ?? '', order),
  photoUpdates: (albumId: string, run: number) => read('GET /api/events/photos/updates/:albumId', albumId, run),
  albumUploaders: (albumId: string) => read('GET /api/events/photos/users/:albumId', albumId),
  /** Not calls: the connection's measured class, and the page's upload queue (loaded on demand). */
  connection: () => ['connection'] as const,
  uploadQueue: () => ['upload-queue'] as const,
  /** Issue 26: an event's guestbook. */
  messages: (eventId: string) => read('GET /api/events/:id/messages', eventId),
};
