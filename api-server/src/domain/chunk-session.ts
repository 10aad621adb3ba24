import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UploadSessionRow } from '../db/schema';
import { createSession, expireSessions, listChunks, liveSessionIds } from '../repositories/upload-sessions';
import { storageKeys } from './files';
import { copyAt, probe, type Received } from './receive';
import { MAX_PARTS, type Storage } from './storage';
import type { TempArea } from './temp-area';

// The rules of a chunked upload: a session is opened with the file's size, chunks arrive in any
// order, and finalize checks that every chunk came before the file is stored like a one-request
// upload. Where the chunks go depends on the storage:
// - local disk: written at their offset into one pre-sized temporary file of this instance;
// - S3 (issue 14): chunk N is part N+1 of a multipart upload of the bucket, so any instance takes
//   any chunk, and finalize has the store assemble the file.

const SESSION_ID = /^ups_[0-9a-f-]{36}$/;
/** Most chunks a file may be cut into. */
export const MAX_CHUNKS = 100_000;

export const isSessionId = (id: string | undefined): id is string => id !== undefined && SESSION_ID.test(id);

/** The pre-sized temporary file of a session. */
export const sessionFile = (temp: Pick<TempArea, 'file'>, sessionId: string) => temp.file('chunks', sessionId);

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

/** Whether the recorded chunk sizes and the temporary file (`sizeOnDisk`) both add up to the declared size. */
export function sizesAgree(session: UploadSessionRow, chunks: readonly ChunkRecord[], sizeOnDisk: number): boolean {
  const fileSize = Number(session.file_size);
  const sum = chunks.reduce((acc, chunk) => acc + Number(chunk.size), 0);
  return sum === fileSize && sizeOnDisk === fileSize;
}

export const sizeMismatchMessage = 'Upload incompleto: o tamanho recebido não confere.';

type SessionDeps = { db: Kysely<Database>; temp: Pick<TempArea, 'file' | 'remove'>; storage: Storage };

/** Where a session's multipart upload assembles the file (S3). */
const uploadKey = (session: Pick<UploadSessionRow, 'id'>) => storageKeys.chunkUpload(session.id);

/** Why a chunk cannot be a part of the store's multipart upload (a Portuguese message), or null. */
export function partRefusal(storage: Storage, index: number, total: number, chunkSize: number): string | null {
  if (!storage.multipart) return null;
  if (total > MAX_PARTS) return `O arquivo pode ter no máximo ${MAX_PARTS} partes; envie partes maiores.`;
  const min = storage.multipart.minPartBytes;
  const shown = min >= 1024 * 1024 ? `${Math.floor(min / (1024 * 1024))}MB` : `${Math.ceil(min / 1024)}KB`;
  if (total > 1 && chunkSize < min) return `Cada parte, exceto a última, deve ter pelo menos ${shown}.`;
  return null;
}

/**
 * Keeps a chunk received into a file of its own (`bytes`, `size` bytes long; never held in memory):
 * copied to its offset in the session's file (local disk), or put as part index+1 of the session's
 * multipart upload (S3). Answers the part's entity tag (S3) or null.
 */
export async function keepChunk(
  deps: Pick<SessionDeps, 'temp' | 'storage'>,
  session: UploadSessionRow,
  index: number,
  offset: number,
  bytes: { file: string; size: number },
): Promise<string | null> {
  if (session.upload_id && deps.storage.multipart) {
    const body = fs.createReadStream(bytes.file, { highWaterMark: 1024 * 1024 });
    return deps.storage.multipart.putPart(uploadKey(session), session.upload_id, index + 1, body, bytes.size);
  }
  await copyAt(bytes.file, sessionFile(deps.temp, session.id), offset);
  return null;
}

/**
 * S3: has the store assemble the session's parts and checks the result's size. Answers the key of the
 * assembled object, or null when it is not the declared size. A finalize repeated after the first
 * completed the upload (an instance died before storing the photo) finds the assembled object.
 */
export async function assembleParts(storage: Storage, session: UploadSessionRow, chunks: readonly ChunkRecord[]): Promise<string | null> {
  const key = uploadKey(session);
  const parts = [...chunks]
    .sort((a, b) => Number(a.chunk_index) - Number(b.chunk_index))
    .map((chunk) => ({ partNumber: Number(chunk.chunk_index) + 1, etag: chunk.etag ?? '' }));
  await storage.multipart!.complete(key, session.upload_id!, parts);
  const info = await storage.head(key);
  if (!info || info.size !== Number(session.file_size)) {
    if (info) await storage.remove(key);
    return null;
  }
  return key;
}

/** The first bytes and the SHA-256 of an assembled object, read back from the store once. */
export async function readStaged(storage: Storage, key: string): Promise<Received | null> {
  const file = await storage.get(key);
  return file ? probe(file.body as AsyncIterable<Buffer>) : null;
}

/**
 * Opens a session, answering its id: on local disk the pre-sized file every chunk is written into,
 * on S3 the multipart upload; then its row.
 */
export async function openChunkSession(
  deps: SessionDeps,
  fields: { albumId: string; userId: string; fileName: string; fileSize: number; fileType: string; clientHash: string; clientKeyHash: string | null; place?: string | null },
): Promise<string> {
  const sessionId = `ups_${randomUUID()}`;
  const temp = sessionFile(deps.temp, sessionId);
  let uploadId: string | null = null;
  if (deps.storage.multipart) {
    uploadId = await deps.storage.multipart.start(storageKeys.chunkUpload(sessionId));
  } else {
    const handle = await fsp.open(temp, 'wx');
    try {
      await handle.truncate(fields.fileSize);
    } finally {
      await handle.close();
    }
  }
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
      client_hash: fields.clientHash,
      client_key_hash: fields.clientKeyHash,
      place: fields.place ?? null,
    });
  } catch (error) {
    if (uploadId) await deps.storage.multipart!.abort(storageKeys.chunkUpload(sessionId), uploadId).catch(() => undefined);
    else await deps.temp.remove(temp);
    throw error;
  }
  return sessionId;
}

/**
 * Abandoned sessions expire: rows idle longer than `ttlMs` go with their files, and temporary files
 * of no live session too. Answers how many sessions expired.
 */
export async function sweepChunkSessions(deps: { db: Kysely<Database>; temp: TempArea; storage: Storage }, ttlMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - ttlMs).toISOString();
  const expired = await expireSessions(deps.db, cutoff);
  await Promise.all(
    expired.map(async (session) => {
      await deps.temp.remove(sessionFile(deps.temp, session.id));
      if (!session.upload_id || session.photo_id || !deps.storage.multipart) return;
      // The parts, and the object a finalize assembled but did not store (its instance died).
      await deps.storage.multipart.abort(uploadKey(session), session.upload_id);
      await deps.storage.remove(uploadKey(session));
    }),
  );
  const live = await liveSessionIds(deps.db);
  await deps.temp.sweep('chunks', (name) => live.has(name.replace(/\.part$/, '')));
  return expired.length;
}
