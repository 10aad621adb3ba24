import { readStored, storageKeys } from '../storage-keys';
import type { UploadQueue } from './upload-queue';

// The queue's code (and IndexedDB's library) is loaded on demand: a guest's first visit never pays
// for it. api-client is a page-wide singleton, so whichever remote asks gets the same queue.

let loading: Promise<UploadQueue> | null = null;

/** The page's one upload queue. */
export function loadUploadQueue(): Promise<UploadQueue> {
  loading ??= import('./page-queue')
    .then((module) => module.pageQueue())
    .catch((error: unknown) => {
      loading = null; // a chunk that failed to load is asked for again next time
      throw error;
    });
  return loading;
}

/**
 * Any guest page calls this: when this device's queue holds files to send (a flag in local storage,
 * so nothing is loaded otherwise), the queue loads and sending resumes by itself.
 */
export function resumePendingUploads(): void {
  if (readStored(storageKeys.uploadQueuePending) !== '1') return;
  loadUploadQueue()
    .then((queue) => queue.start())
    .catch(() => undefined);
}

/** Tests: the next `loadUploadQueue` makes a new queue (over whatever IndexedDB is global then). */
export function forgetUploadQueue(): void {
  void loading?.then((queue) => queue.dispose()).catch(() => undefined);
  loading = null;
}
