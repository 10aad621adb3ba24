import { httpUploadTransport } from '../upload/upload-transport';
import { indexedDbQueueStore } from './queue-store';
import { UploadQueue } from './upload-queue';

/** The page's queue: IndexedDB, the API over axios, the browser's connectivity events. */
export function pageQueue(): UploadQueue {
  return new UploadQueue({
    store: indexedDbQueueStore(),
    transport: httpUploadTransport,
    connectivity: window,
    // Without it a browser may clear IndexedDB under storage pressure; a refusal changes nothing.
    persist: () => void navigator.storage?.persist?.().catch(() => undefined),
  });
}
