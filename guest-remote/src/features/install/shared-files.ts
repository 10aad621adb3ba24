import { createStore, del, get, set } from 'idb-keyval';

// Issue 28, the share target: the service worker (shell/service-worker/momentos-sw.js) keeps the
// files shared from the phone's gallery under 'shared' and reads 'last-target' to know which event's
// upload screen to open. Same database and store on both sides.
const store = () => createStore('momentos-shared', 'files');

/** The event and album the guest sends to now: where the next shared photos go. */
export async function rememberLastTarget(eventId: string, albumId: string): Promise<void> {
  await set('last-target', { eventId, albumId }, store()).catch(() => undefined);
}

/** A shared file as the worker keeps it: the bytes, and the name and type beside them. */
export interface SharedRecord {
  name: string;
  type: string;
  lastModified?: number;
  blob: Blob;
}

/** The files shared into the app and not yet queued, removed from the waiting place as they are taken. */
export async function takeSharedFiles(): Promise<File[]> {
  try {
    const records = ((await get<SharedRecord[]>('shared', store())) ?? []).filter((record) => record && record.blob instanceof Blob);
    if (records.length > 0) await del('shared', store());
    return records.map((record) => new File([record.blob], record.name || 'foto', { type: record.type || record.blob.type, lastModified: record.lastModified }));
  } catch {
    return [];
  }
}
