// One file of the guest's upload queue (issue 10): what the device keeps about it from the moment it
// is selected until it is stored, so a reload, a closed tab or a retry never loses or renames it.

/** Aguardando, Enviando, Enviada, Já enviada, Falhou. */
export type EntryState = 'waiting' | 'sending' | 'stored' | 'duplicate' | 'failed';

export interface QueueEntry {
  /** The random unique name the file is sent under (spec §4), made once at selection: the server's idempotency key with the size. */
  id: string;
  eventId: string;
  /** Destination album (an album id). */
  albumId: string;
  /** The guest's typed name. */
  userId: string;
  /** Issue 28: where the guest came from (a place's QR code, 'Mesa 5'); sent with the file. */
  place?: string;
  /** The name on the guest's device, for the screen only. */
  name: string;
  type: string;
  size: number;
  /** When it was selected (ms): the queue sends in this order. */
  addedAt: number;
  state: EntryState;
  /** Selected but not yet released by 'Enviar arquivos': kept on the device, not sent. */
  held?: boolean;
  /** Why it failed, in Portuguese. */
  error?: string;
  /** A failure that a new page visit tries again by itself (connection problems). */
  retryable?: boolean;
  /** The browser can no longer read its bytes (storage evicted): it must be selected again. */
  unreadable?: boolean;
  /** The chunk session of a large file, kept so a reload resumes it. */
  chunkSessionId?: string;
  /** Once stored (or found already stored): the photo. */
  photoId?: string;
  /** Stored in an album that asks for approval: others see it once the organiser approves it (issue 11). */
  awaitingApproval?: boolean;
  fileType?: 'image' | 'video';
  /** The key that removes the photo (`x-delete-key`); only for photos this device stored. */
  deleteKey?: string;
  /**
   * Issue 23: the secret sent with the file (`client_key`), made once at selection: the server asks it
   * back before it tells what was stored. Entries kept from before it existed get one when sent.
   */
  clientKey?: string;
}

/** What the screen shows of the queue. */
/** The request under way, for the screen to word (spec §4: 'Enviando lote X de Y (N arquivos)...', 'Enviando parte X de Y (P%)'). */
export type QueueProgress =
  | { kind: 'batch'; batch: number; batches: number; files: number }
  | { kind: 'chunk'; chunk: number; chunks: number; percent: number };

export interface QueueSnapshot {
  /** Every entry, in selection order. */
  entries: readonly QueueEntry[];
  /** Bytes sent so far of each entry being sent. */
  sentBytes: Readonly<Record<string, number>>;
  /** The browser is offline: sending waits for the connection. */
  offline: boolean;
  /** The request under way; null between requests. */
  progress: QueueProgress | null;
  /** The current round (the files sent since the queue was last idle), 0 to 100. */
  percent: number;
  /** Ids of the current round's entries. */
  round: readonly string[];
}

export const isDone = (entry: Pick<QueueEntry, 'state'>) => entry.state === 'stored' || entry.state === 'duplicate';
/** Still to be sent by the queue (failed and held entries wait for the guest). */
export const isPending = (entry: Pick<QueueEntry, 'state' | 'held'>) => !entry.held && (entry.state === 'waiting' || entry.state === 'sending');

/** Files selected together: where they go and who sends them. */
export interface QueueTarget {
  eventId: string;
  albumId: string;
  userId: string;
  /** Issue 28: the place of the invite's QR code the guest came from ('Mesa 5'), if any. */
  place?: string | null;
}

/** A file just selected: waiting (or held for 'Enviar arquivos'), with its client key for retries. */
export function newQueueEntry(target: QueueTarget, file: File, { id, addedAt, hold }: { id: string; addedAt: number; hold: boolean }): QueueEntry {
  const { place, ...where } = target;
  return {
    id,
    ...where,
    ...(place ? { place } : {}),
    name: file.name,
    type: file.type,
    size: file.size,
    addedAt,
    state: 'waiting',
    ...(hold ? { held: true } : {}),
    fileType: file.type.startsWith('video/') ? 'video' : 'image',
    clientKey: newClientKey(),
  };
}

/** What the screen sees: the entries in selection order and the current round's share of bytes sent. */
export function queueSnapshot(
  all: Iterable<QueueEntry>,
  state: { round: ReadonlySet<string>; sent: ReadonlyMap<string, number>; offline: boolean; progress: QueueProgress | null },
): QueueSnapshot {
  const entries = [...all].sort((a, b) => a.addedAt - b.addedAt);
  let total = 0;
  let done = 0;
  for (const entry of entries) {
    if (!state.round.has(entry.id) || entry.state === 'failed') continue;
    total += entry.size;
    done += isDone(entry) ? entry.size : (state.sent.get(entry.id) ?? 0);
  }
  return {
    entries,
    sentBytes: Object.fromEntries(state.sent),
    offline: state.offline,
    progress: state.progress,
    percent: total === 0 ? 0 : Math.min(100, Math.round((done / total) * 100)),
    round: [...state.round],
  };
}

/** A random unique id (crypto.randomUUID where the browser has it). */
export function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A client key (issue 23): 32 random bytes, base64url (43 characters). */
export function newClientKey(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Spec §4: a random unique id plus the original extension (lower-cased; none when there is none). */
export function uniqueUploadName(originalName: string, newId: () => string = randomId): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(originalName);
  return `${newId()}${match ? `.${match[1].toLowerCase()}` : ''}`;
}
