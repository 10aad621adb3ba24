import type { ConnectionClass } from '../upload/connection-profile';
import { FILES_PER_BATCH } from '../upload/upload-engine';
import { isPending, type QueueEntry } from './queue-entry';

// What the queue sends next (issue 10 §6): plain functions of the entries, no I/O.

/** Requests in flight at once per connection class. */
export const REQUESTS_IN_FLIGHT: Record<ConnectionClass, number> = { fast: 3, medium: 2, slow: 1 };

/** The next request: the oldest waiting file alone when large, else up to 10 small ones going to the same album from the same guest and place. */
export function nextJob(entries: Iterable<QueueEntry>, isLarge: (entry: QueueEntry) => boolean): QueueEntry[] | null {
  const waiting = [...entries].filter((entry) => entry.state === 'waiting' && !entry.held).sort((a, b) => a.addedAt - b.addedAt);
  const first = waiting[0];
  if (!first) return null;
  if (isLarge(first)) return [first];
  return waiting
    .filter((entry) => !isLarge(entry) && entry.albumId === first.albumId && entry.userId === first.userId && entry.place === first.place)
    .slice(0, FILES_PER_BATCH);
}

/** Y of 'lote X de Y': the batches started in this round plus those the waiting small files still need. */
export function roundBatches(entries: Iterable<QueueEntry>, isLarge: (entry: QueueEntry) => boolean, started: number, current: number): number {
  const waitingSmall = [...entries].filter((entry) => isPending(entry) && entry.state === 'waiting' && !isLarge(entry)).length;
  return Math.max(current, started + Math.ceil(waitingSmall / FILES_PER_BATCH));
}
