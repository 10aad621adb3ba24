import { createStore, del, get, set, update } from 'idb-keyval';

// Issue 28, the share target: the service worker (shell/service-worker/momentos-sw.js) keeps the
// files shared from the phone's gallery under 'shared' and reads 'recent-targets' to know which
// event's upload screen to open, or to ask which when the guest sent to several. Same database and
// store on both sides.
const store = () => createStore('momentos-shared', 'files');

/** An event the guest sent to from this phone, as the worker's chooser lists it. */
export interface ShareTarget {
  eventId: string;
  albumId: string;
  /** The event's name for the chooser; unknown until the event's data arrives. */
  eventName: string | null;
  usedAt: number;
}

/** The worker's chooser lists at most this many events, the most recent first. */
export const RECENT_TARGETS = 5;

/** The event and album the guest sends to now: where the next shared photos go (first of the recent list). */
export async function rememberLastTarget(eventId: string, albumId: string, eventName: string | null = null): Promise<void> {
  await update<ShareTarget[]>(
    'recent-targets',
    (recent = []) => {
      const known = recent.find((target) => target.eventId === eventId);
      const current = { eventId, albumId, eventName: eventName ?? known?.eventName ?? null, usedAt: Date.now() };
      return [current, ...recent.filter((target) => target.eventId !== eventId)].slice(0, RECENT_TARGETS);
    },
    store(),
  ).catch(() => undefined);
  // The single target the first version of the worker read: kept while such a worker may still run.
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
