import { readStored, storageKeys } from './storage-keys';

/** The PIN this device typed for an event (issue 12), or null. */
export function readEventPin(): { eventId: string; pin: string } | null {
  try {
    const value = JSON.parse(readStored(storageKeys.eventPin) ?? 'null') as { eventId?: unknown; pin?: unknown } | null;
    return value && typeof value.eventId === 'string' && typeof value.pin === 'string' ? { eventId: value.eventId, pin: value.pin } : null;
  } catch {
    return null;
  }
}
