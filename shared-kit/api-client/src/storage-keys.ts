// Local storage keys of spec §3, in one place.
export const storageKeys = {
  auth: 'auth',
  savedEmail: 'saved-email',
  hasSeenEventListTour: 'hasSeenEventListTour',
  hasSeenUploadTour: 'hasSeenUploadTour',
  connectionSpeed: 'connection-speed',
  shared: 'shared',
  invited: 'invited',
  guestName: (eventId: string) => `event_${eventId}_userName`,
} as const;
