import { removeOwnPhoto } from '../calls/photos';
import type { ConnectionProfile } from '../upload/connection-profile';
import type { UploadTransport } from '../upload/upload-transport';
import type { ConnectivityEvents } from './connectivity';
import { sendPreviewInBackground } from './photo-preview';
import { randomId } from './queue-entry';
import type { QueueStore } from './queue-store';

/** What an UploadQueue is made of: the store and transport, and the browser's parts (tests pass their own). */
export interface UploadQueueOptions {
  store: QueueStore;
  transport: UploadTransport;
  /** The profile of the guest's connection now (the upload screen sets it once detected). */
  profile?: ConnectionProfile;
  sleep?: (ms: number) => Promise<void>;
  /** `navigator.onLine`. */
  isOnline?: () => boolean;
  /** Where `online` and `offline` events come from (window). */
  connectivity?: ConnectivityEvents | null;
  newId?: () => string;
  /** Asks the browser to keep the queue's storage (navigator.storage.persist). */
  persist?: () => void;
  /** Removes a stored photo with its delete key. */
  removePhoto?: (photoId: string, deleteKey: string) => Promise<{ ok: boolean; status: number; message?: string }>;
  /** Issue 29: makes and sends a stored photo's preview, in the background. */
  sendPreview?: (photoId: string, deleteKey: string, file: Blob) => void;
  now?: () => number;
}

export type QueueSettings = Required<Omit<UploadQueueOptions, 'profile' | 'connectivity'>> & Pick<UploadQueueOptions, 'connectivity'>;

/** The browser's own parts where the options name none. */
export function withDefaults(options: UploadQueueOptions): QueueSettings {
  return {
    sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    newId: randomId,
    persist: () => undefined,
    removePhoto: removeOwnPhoto,
    sendPreview: sendPreviewInBackground,
    now: () => Date.now(),
    ...options,
  };
}
