import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { QueueEntry } from './queue-entry';

// Where the queue lives on the device: IndexedDB through idb-keyval. Each entry's description and
// its bytes are kept under two keys, so a change of state never rewrites the file.

export interface QueueStore {
  /** Every entry with its file (undefined when the browser lost it). */
  load(): Promise<Array<{ entry: QueueEntry; file: Blob | undefined }>>;
  save(entry: QueueEntry): Promise<void>;
  saveFile(id: string, file: Blob): Promise<void>;
  dropFile(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

const ENTRY = 'entry:';
const FILE = 'file:';

/** The queue in the browser's IndexedDB (database `momentos-uploads`). */
export function indexedDbQueueStore(store: UseStore = createStore('momentos-uploads', 'queue')): QueueStore {
  return {
    async load() {
      const all = await entries<string, unknown>(store);
      const files = new Map(all.filter(([key]) => key.startsWith(FILE)).map(([key, value]) => [key.slice(FILE.length), value as Blob]));
      return all
        .filter(([key]) => key.startsWith(ENTRY))
        .map(([, value]) => value as QueueEntry)
        .map((entry) => ({ entry, file: files.get(entry.id) }));
    },
    save: (entry) => set(ENTRY + entry.id, entry, store),
    saveFile: (id, file) => set(FILE + id, file, store),
    dropFile: (id) => del(FILE + id, store),
    async remove(id) {
      await del(FILE + id, store);
      await del(ENTRY + id, store);
    },
  };
}

/** Whether the browser can still read the bytes (an evicted IndexedDB blob fails here). */
export async function readable(file: Blob | undefined): Promise<boolean> {
  if (!file) return false;
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
