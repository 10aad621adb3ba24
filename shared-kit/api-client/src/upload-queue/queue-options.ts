import { removeOwnPhoto, sendPhotoPreview } from '../calls/photos';
import type { ConnectionProfile } from '../upload/connection-profile';
import type { UploadTransport } from '../upload/upload-transport';
import type { ConnectivityEvents } from './connectivity';
import { makePhotoPreview } from './photo-preview';
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
  /** Issue 29: makes a photo's preview on this device (null: it cannot be made). */
  makePreview?: (file: Blob) => Promise<Blob | null>;
  /** Issue 29: sends the preview of a photo stored without it. */
  sendPreview?: (photoId: string, deleteKey: string, preview: Blob) => Promise<unknown>;
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
    makePreview: makePhotoPreview,
    sendPreview: sendPhotoPreview,
    now: () => Date.now(),
    ...options,
  };
}
