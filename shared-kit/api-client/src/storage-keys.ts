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
  /** Ours (issue 10): '1' while the upload queue holds files to send, so a guest page loads the queue only then. */
  uploadQueuePending: 'upload-queue-pending',
  /** Ours (issue 12): the PIN this device typed for an event, as JSON `{eventId, pin}`. */
  eventPin: 'event-pin',
} as const;

/** Reads a local storage entry; `null` when absent or when storage is unavailable (private mode). */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Writes (or, with `null`, removes) a local storage entry. A full or unavailable storage is not an
 * error for the screens: the value just lives for this visit.
 */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode or quota: nothing to do
  }
}

