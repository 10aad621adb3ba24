import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { eventFileKeys, isOpenSession, isReferenced } from '../repositories/references';
import type { ListedFile, Storage } from '../infra/storage';

// Issue 23, item 9: nothing outlives an uncommitted request. A request writes a file (streamed into
// the bucket, renamed into DATA_DIR/files, a rendition) before the row that points at it; a process
// killed in between leaves a file no row points at. The sweep lists the store and removes, after a
// grace period, every file no row points at: at start and every hour (plugins/orphan-sweep.ts), and
// `npm run doctor` reports them. Kept: the files of photos and events, an existing event's QR codes
// (made again on demand), the multipart object of an open chunk session.

const QR_CODE = /\/qrcode-[0-9a-f]{16}\.png$/;
const EVENT_KEY = /^events\/([^/]+)\//;

export interface OrphanScan {
  /** Files no row points at, written before the cutoff: removed by the sweep, an error for the doctor. */
  orphans: ListedFile[];
  /** Files no row points at yet, written after the cutoff: maybe a request still in flight. */
  recent: ListedFile[];
  /** Every file looked at. */
  scanned: number;
}

/** Lists the store (with unfinished local writes) and answers what no row points at, split at `cutoff`. */
export async function scanOrphans(deps: { db: Kysely<Database>; storage: Storage }, cutoff: Date, signal?: AbortSignal): Promise<OrphanScan> {
  const scan: OrphanScan = { orphans: [], recent: [], scanned: 0 };
  const keep = (file: ListedFile) => (file.lastModified.getTime() < cutoff.getTime() ? scan.orphans : scan.recent).push(file);

  // Keys come in key order, so one event's files come together: its references are read once.
  let current = null as { eventId: string; keys: Set<string> | null } | null;
  for await (const file of deps.storage.list('events', { writing: true })) {
    if (signal?.aborted) return scan;
    scan.scanned++;
    const eventId = EVENT_KEY.exec(file.key)?.[1];
    if (!eventId) {
      keep(file);
      continue;
    }
    if (current?.eventId !== eventId) current = { eventId, keys: await eventFileKeys(deps.db, eventId) };
    if (current.keys && (current.keys.has(file.key) || QR_CODE.test(file.key))) continue;
    keep(file);
  }
  for await (const file of deps.storage.list('uploads', { writing: true })) {
    if (signal?.aborted) return scan;
    scan.scanned++;
    const sessionId = file.key.slice('uploads/'.length);
    if (!sessionId.includes('/') && (await isOpenSession(deps.db, sessionId))) continue;
    keep(file);
  }
  return scan;
}

/**
 * Removes the files no row points at that were written before `cutoff`; each is asked about once
 * more just before it goes (a row written since the scan keeps it). Answers the scan and how many went.
 */
export async function sweepOrphans(deps: { db: Kysely<Database>; storage: Storage }, cutoff: Date, signal?: AbortSignal): Promise<OrphanScan & { removed: string[] }> {
  const scan = await scanOrphans(deps, cutoff, signal);
  const removed: string[] = [];
  for (const file of scan.orphans) {
    if (signal?.aborted) break;
    const sessionId = file.key.startsWith('uploads/') ? file.key.slice('uploads/'.length) : null;
    if (sessionId ? await isOpenSession(deps.db, sessionId) : await isReferenced(deps.db, file.key)) continue;
    await deps.storage.remove(file.key);
    removed.push(file.key);
  }
  return { ...scan, removed };
}
