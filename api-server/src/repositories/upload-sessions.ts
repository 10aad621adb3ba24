import type { Kysely } from 'kysely';
import type { Database, UploadSessionRow } from '../db/schema';

export function findSession(db: Kysely<Database>, id: string): Promise<UploadSessionRow | undefined> {
  return db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createSession(db: Kysely<Database>, row: UploadSessionRow): Promise<void> {
  await db.insertInto('upload_sessions').values(row).execute();
}

/** Records the shape learnt from the chunks (total count, size of every chunk but the last) once. */
export async function setSessionShape(db: Kysely<Database>, id: string, shape: { total_chunks?: number; chunk_size?: number }) {
  const now = new Date().toISOString();
  if (shape.total_chunks !== undefined)
    await db.updateTable('upload_sessions').set({ total_chunks: shape.total_chunks, updated_at: now }).where('id', '=', id).where('total_chunks', 'is', null).execute();
  if (shape.chunk_size !== undefined)
    await db.updateTable('upload_sessions').set({ chunk_size: shape.chunk_size, updated_at: now }).where('id', '=', id).where('chunk_size', 'is', null).execute();
}

/** Marks a chunk as written (with its part's entity tag on S3); a chunk sent again simply overwrites its record. */
export async function recordChunk(db: Kysely<Database>, sessionId: string, index: number, size: number, etag: string | null): Promise<number> {
  await db
    .insertInto('upload_chunks')
    .values({ session_id: sessionId, chunk_index: index, size, etag })
    .onConflict((conflict) => conflict.columns(['session_id', 'chunk_index']).doUpdateSet({ size, etag }))
    .execute();
  await db.updateTable('upload_sessions').set({ updated_at: new Date().toISOString() }).where('id', '=', sessionId).execute();
  const row = await db.selectFrom('upload_chunks').select((eb) => eb.fn.countAll<number | string>().as('count')).where('session_id', '=', sessionId).executeTakeFirst();
  return Number(row?.count ?? 0);
}

export function listChunks(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom('upload_chunks').select(['chunk_index', 'size', 'etag']).where('session_id', '=', sessionId).orderBy('chunk_index').execute();
}

export async function markSessionDone(db: Kysely<Database>, id: string, photoId: string): Promise<void> {
  await db.deleteFrom('upload_chunks').where('session_id', '=', id).execute();
  await db.updateTable('upload_sessions').set({ photo_id: photoId, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Sessions idle since before `cutoff`; their rows are removed and answered. */
export async function expireSessions(db: Kysely<Database>, cutoff: string): Promise<Array<Pick<UploadSessionRow, 'id' | 'upload_id' | 'photo_id' | 'upload_key'>>> {
  const rows = await db.selectFrom('upload_sessions').select(['id', 'upload_id', 'photo_id', 'upload_key']).where('updated_at', '<', cutoff).execute();
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) {
    await db.deleteFrom('upload_chunks').where('session_id', 'in', ids).execute();
    await db.deleteFrom('upload_sessions').where('id', 'in', ids).execute();
  }
  return rows;
}

export async function liveSessionIds(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('upload_sessions').select('id').where('photo_id', 'is', null).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * What the event's open chunk sessions reserve (issue 23): one file and its declared size each, for
 * sessions neither finished nor idle past `liveSince`; `except` leaves one session out (its finalize).
 */
export async function reservedByOpenSessions(db: Kysely<Database>, eventId: string, liveSince: string, except?: string): Promise<{ files: number; bytes: number }> {
  let query = db
    .selectFrom('upload_sessions')
    .innerJoin('albums', 'albums.id', 'upload_sessions.album_id')
    .select((eb) => [eb.fn.countAll<number | string>().as('files'), eb.fn.sum<number | string | null>('upload_sessions.file_size').as('bytes')])
    .where('albums.event_id', '=', eventId)
    .where('upload_sessions.photo_id', 'is', null)
    .where('upload_sessions.updated_at', '>=', liveSince);
  if (except) query = query.where('upload_sessions.id', '!=', except);
  const row = await query.executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Open (unfinished, not idle past `liveSince`) sessions of one client address (its hash). */
export async function openSessionsOf(db: Kysely<Database>, clientHash: string, liveSince: string): Promise<number> {
  const row = await db
    .selectFrom('upload_sessions')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('client_hash', '=', clientHash)
    .where('photo_id', 'is', null)
    .where('updated_at', '>=', liveSince)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
