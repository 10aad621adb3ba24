// Cache keys of the screens' data hooks (SWR), one per read call. One place names them so that a
// mutation in one screen revalidates what another shows, and remotes on the same page share answers.
export const apiKeys = {
  events: () => ['events'] as const,
  /** Issue 27: whether the server waits for its first organiser. */
  setupState: () => ['setup-state'] as const,
  /** Issue 27: an event's team (owner), and what an invite link is for. */
  team: (eventId: string) => ['team', eventId] as const,
  /** Issue 27 item 6: an event's webhook and its recent deliveries (owner). */
  webhook: (eventId: string) => ['webhook', eventId] as const,
  teamInvite: (token: string) => ['team-invite', token] as const,
  /** Issue 27 item 4: the signed-in organiser's account, and an open password-reset link. */
  account: () => ['account'] as const,
  /** Issue 27 item 5: the account's e-mail alerts. */
  notifications: () => ['account', 'notifications'] as const,
  passwordReset: (token: string) => ['password-reset', token] as const,
  event: (id: string) => ['event', id] as const,
  publicEvent: (id: string) => ['public-event', id] as const,
  albums: (eventId: string) => ['albums', eventId] as const,
  inviteSearch: (code: string) => ['invite-search', code] as const,
  shareQrCode: (code: string) => ['share-qrcode', code] as const,
  albumPhotos: (albumId: string, uploader: string | null, order: 'recent' | 'taken' = 'recent') => ['album-photos', albumId, uploader ?? '', order] as const,
  photoUpdates: (albumId: string, run: number) => ['photo-updates', albumId, run] as const,
  albumUploaders: (albumId: string) => ['album-uploaders', albumId] as const,
  connection: () => ['connection'] as const,
  /** The page's upload queue (loaded on demand). */
  uploadQueue: () => ['upload-queue'] as const,
  /** Issue 26: an event's guestbook. */
  messages: (eventId: string) => ['messages', eventId] as const,
};
