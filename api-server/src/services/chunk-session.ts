import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UploadSessionRow } from '../db/schema';
import { createSession, expireSessions, listChunks, liveSessionIds } from '../repositories/upload-sessions';
import { newId } from '../domain/ids';
import { originalKey } from './ingest';
import { declaredMediaType } from '../domain/media-type';
import type { ChunkTarget } from '../infra/storage/staging';

// The rules of a chunked upload: a session is opened with the file's size, chunks arrive in any
// order, and finalize checks that every chunk came before the file is stored like a one-request
// upload. Where the chunks go is the storage's concern (storage/chunk-target.ts).

const SESSION_ID = /^ups_[0-9a-f-]{36}$/;
/** Most chunks a file may be cut into. */
export const MAX_CHUNKS = 100_000;

export const isSessionId = (id: string | undefined): id is string => id !== undefined && SESSION_ID.test(id);

export const wrongSizeMessage = (index: number, total: number) => `A parte ${index + 1} de ${total} não tem o tamanho esperado.`;

/** Where a chunk goes in the file and how long it must be, when the session already tells (else null). */
export function placement(session: UploadSessionRow, index: number, total: number, maxChunk: number): { offset: number; length: number } | null {
  const fileSize = Number(session.file_size);
  if (total === 1) return { offset: 0, length: fileSize };
  const chunkSize = session.chunk_size === null ? null : Number(session.chunk_size);
  // The first chunk starts at 0 whatever the chunk size; its length teaches the size.
  if (chunkSize === null) return index === 0 ? { offset: 0, length: Math.min(fileSize, maxChunk) } : null;
  const offset = index * chunkSize;
  return { offset, length: index === total - 1 ? fileSize - offset : chunkSize };
}

/**
 * Checks a received chunk against the session's shape, learning the chunk size from it when still
 * unknown. Null when the chunk does not have the size its place requires.
 */
export function placeReceived(session: UploadSessionRow, index: number, total: number, size: number): { offset: number; chunkSize: number } | null {
  const fileSize = Number(session.file_size);
  let chunkSize = session.chunk_size === null ? null : Number(session.chunk_size);
  if (chunkSize === null) {
    if (total === 1) chunkSize = fileSize;
    else if (index < total - 1) chunkSize = size;
    else if ((fileSize - size) % (total - 1) === 0) chunkSize = (fileSize - size) / (total - 1);
    else return null;
  }
  if (chunkSize <= 0 || Math.ceil(fileSize / chunkSize) !== total) return null;
  const offset = index * chunkSize;
  const expected = index === total - 1 ? fileSize - offset : chunkSize;
  return size === expected ? { offset, chunkSize } : null;
}

type ChunkRecord = { chunk_index: number | string; size: number | string; etag: string | null };

/**
 * Which chunks of a session the server holds, with their sizes: the one question a resumed upload
 * (the status call) and finalize ask. The rows written once each chunk landed: in the session's
 * file, or acknowledged by the store as a part (with its entity tag). The database is shared by
 * every instance; S3's own ListParts would answer the same, but not every S3-compatible server has
 * it (s3rver does not), see docs/decisions.md.
 */
export function receivedChunks(db: Kysely<Database>, sessionId: string): Promise<ChunkRecord[]> {
  return listChunks(db, sessionId);
}

/** A session idle for longer than the TTL is gone, even before the sweep removes it. */
export function isExpired(session: Pick<UploadSessionRow, 'updated_at'>, ttlMs: number, now = Date.now()): boolean {
  return Date.parse(session.updated_at) < now - ttlMs;
}

/** Why a session cannot be finalized yet because chunks are missing (a Portuguese message), or null. */
export function missingChunksReason(session: UploadSessionRow, chunks: readonly ChunkRecord[]): string | null {
  const total = session.total_chunks === null ? null : Number(session.total_chunks);
  if (total === null) return 'Upload incompleto: nenhuma parte recebida.';
  const have = new Set(chunks.map((chunk) => Number(chunk.chunk_index)));
  const missing = Array.from({ length: total }, (_, i) => i).filter((i) => !have.has(i));
  if (missing.length === 0) return null;
  const list = missing.slice(0, 20).map((i) => i + 1).join(', ');
  return `Upload incompleto: faltam ${missing.length} parte(s) (${list}).`;
}

export { sizeMismatchMessage, sessionFile } from '../infra/storage/chunk-target';

type SessionDeps = { db: Kysely<Database>; chunks: Pick<ChunkTarget, 'open' | 'discard'> };

/**
 * Opens a session, answering its id: on local disk the pre-sized file every chunk is written into,
 * on S3 the multipart upload; then its row.
 */
export async function openChunkSession(
  deps: SessionDeps,
  fields: { albumId: string; eventId: string; userId: string; fileName: string; fileSize: number; fileType: string; clientHash: string; clientKeyHash: string | null; place?: string | null },
): Promise<string> {
  const sessionId = `ups_${randomUUID()}`;
  // Issue 24: the photo's id now, and its key as the declared type names it (the bytes decide at finalize).
  const photoId = newId.photo();
  const declared = declaredMediaType(fields.fileType);
  const opened = await deps.chunks.open(sessionId, fields.fileSize, declared ? originalKey({ id: fields.albumId, event_id: fields.eventId }, photoId, declared) : null);
  const uploadId = opened.uploadId;
  const now = new Date().toISOString();
  try {
    await createSession(deps.db, {
      id: sessionId,
      album_id: fields.albumId,
      user_id: fields.userId,
      file_name: fields.fileName,
      file_size: fields.fileSize,
      file_type: fields.fileType,
      total_chunks: null,
      chunk_size: null,
      photo_id: null,
      created_at: now,
      updated_at: now,
      upload_id: uploadId,
      planned_photo_id: photoId,
      upload_key: opened.key,
      client_hash: fields.clientHash,
      client_key_hash: fields.clientKeyHash,
      place: fields.place ?? null,
    });
  } catch (error) {
    await deps.chunks.discard({ id: sessionId, upload_id: uploadId, upload_key: opened.key, photo_id: null }).catch(() => undefined);
    throw error;
  }
  return sessionId;
}

/**
 * Abandoned sessions expire: rows idle longer than `ttlMs` go with their files, and temporary files
 * of no live session too. Answers how many sessions expired.
 */
export async function sweepChunkSessions(deps: { db: Kysely<Database>; chunks: Pick<ChunkTarget, 'discard' | 'sweep'> }, ttlMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - ttlMs).toISOString();
  const expired = await expireSessions(deps.db, cutoff);
  await Promise.all(expired.map((session) => deps.chunks.discard(session)));
  await deps.chunks.sweep(await liveSessionIds(deps.db));
  return expired.length;
}

