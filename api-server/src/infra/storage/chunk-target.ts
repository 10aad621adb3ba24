import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { UploadSessionRow } from '../../db/schema';
import { HttpError, messages, notFound } from '../../errors';
import { storageKeys } from '../../domain/files';
import { copyAt, readRange, streamAt } from '../receive';
import { completeHash, SessionHashes, sizeMismatchMessage } from './ordered-hash';
import type { TempArea } from '../temp-area';
import { MAX_PARTS, type Storage } from './index';
import type { S3Storage } from './s3';
import { stagedFile, stagedObject, type Staged } from './staged';

// Issue 24 items 2 and 3: where the chunks of a chunk session go, behind one interface.
// - Local disk: written at their offset into one pre-sized temporary file of this instance.
// - S3 (issue 14): chunk N is part N+1 of a multipart upload of the bucket, so any instance takes any
//   chunk, and finalize has the store assemble the file: under the photo's own key when the declared
//   type named it at init and chunk 0's bytes agree, so nothing is copied.
// Either way the chunks are SHA-256'd in order as they arrive (SessionHashes below): a chunk that
// comes before its turn waits on disk (in the session's file, or its own file on S3) and is hashed
// when the chunks before it are in. So finalize reads back only what was not hashed on the way: nothing
// in the usual case (one client sending its chunks in order to one instance).

export { sizeMismatchMessage } from './ordered-hash';

/** The pre-sized temporary file of a session (local disk). */
export const sessionFile = (temp: Pick<TempArea, 'file'>, sessionId: string) => temp.file('chunks', sessionId);

/** A chunk that arrived, not yet kept: checked by the caller (its size and place), then kept or dropped. */
export interface LandedChunk {
  size: number;
  /** Where it was written in the session's file, when its place was known as it arrived; else null. */
  offset: number | null;
  /** Makes it part of the session at `offset`: answers the store's entity tag of the part, or null. */
  keep(offset: number): Promise<string | null>;
  /** Forgets it (refused); nothing after keep. */
  drop(): Promise<void>;
}

export interface ChunkTarget {
  /** Why a chunk cannot be taken by this storage (a Portuguese message), or null. */
  refusal(index: number, total: number, chunkSize: number): string | null;
  /**
   * At init: where the session's file is assembled. `photoKey`: the photo's key as the declared type
   * names it (S3 assembles there, so finalize copies nothing when the bytes agree). Answers the
   * store's upload and its key (S3), or nulls.
   */
  open(sessionId: string, fileSize: number, photoKey: string | null): Promise<{ uploadId: string | null; key: string | null }>;
  /** Streams a chunk in: to its place when known (`place`), never more than `limit.length` bytes. */
  land(
    session: UploadSessionRow,
    index: number,
    place: { offset: number; length: number } | null,
    source: Readable,
    limit: { length: number; tooLong: () => Error },
  ): Promise<LandedChunk>;
  /** The session's file on this machine once every chunk is in, to read it before finalize; null on S3. */
  localFile(session: Pick<UploadSessionRow, 'id'>): string | null;
  /** At finalize, every chunk recorded: the whole file, staged (404 when gone, 400 when not the declared size). */
  finish(session: UploadSessionRow, chunks: ReadonlyArray<{ chunk_index: number | string; size: number | string; etag: string | null }>): Promise<Staged>;
  /** Drops what a session left (expired); a finished session's photo is not touched. */
  discard(session: Pick<UploadSessionRow, 'id' | 'upload_id' | 'photo_id'> & { upload_key?: string | null }): Promise<void>;
  /** Removes files of no live session. */
  sweep(live: Set<string>): Promise<void>;
}

const recordedSize = (chunks: ReadonlyArray<{ size: number | string }>) => chunks.reduce((sum, chunk) => sum + Number(chunk.size), 0);

/** Local disk: one pre-sized temporary file per session, each chunk written at its offset. */
export class DiskChunks implements ChunkTarget {
  private readonly hashes = new SessionHashes();

  constructor(
    private readonly storage: Storage,
    private readonly temp: TempArea,
  ) {}

  refusal(): string | null {
    return null;
  }

  localFile(session: Pick<UploadSessionRow, 'id'>): string {
    return sessionFile(this.temp, session.id);
  }

  async open(sessionId: string, fileSize: number): Promise<{ uploadId: string | null; key: string | null }> {
    const handle = await fsp.open(sessionFile(this.temp, sessionId), 'wx');
    try {
      await handle.truncate(fileSize);
    } finally {
      await handle.close();
    }
    return { uploadId: null, key: null };
  }

  async land(session: UploadSessionRow, index: number, place: { offset: number; length: number } | null, source: Readable, limit: { length: number; tooLong: () => Error }): Promise<LandedChunk> {
    const file = sessionFile(this.temp, session.id);
    const claim = this.hashes.claim(session.id, index);
    const feed = claim ? (piece: Buffer) => claim.probe.add(piece) : undefined;
    // Place known: straight to its offset in the session's file; else into a file of its own, on disk, never in memory.
    const own = place ? null : this.temp.file('uploads');
    let size: number;
    try {
      size = own ? await streamAt(source, own, 0, limit.length, limit.tooLong, 'w', feed) : await streamAt(source, file, place!.offset, limit.length, limit.tooLong, 'r+', feed);
    } catch (error) {
      claim?.release();
      if (own) await this.temp.remove(own);
      throw error;
    }
    const hashes = this.hashes;
    return {
      size,
      offset: place ? place.offset : null,
      async keep(offset) {
        if (own) {
          try {
            await copyAt(own, file, offset);
          } catch {
            claim?.release();
            throw notFound(messages.sessionNotFound);
          } finally {
            await fsp.rm(own, { force: true });
          }
        }
        if (claim) await claim.kept();
        else await hashes.wait(session.id, index, { read: () => readRange(file, offset, offset + size), done: async () => undefined });
        return null;
      },
      async drop() {
        claim?.release();
        if (own) await fsp.rm(own, { force: true });
      },
    };
  }

  async finish(session: UploadSessionRow, chunks: ReadonlyArray<{ size: number | string }>): Promise<Staged> {
    const file = sessionFile(this.temp, session.id);
    const size = Number(session.file_size);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat) throw notFound(messages.sessionNotFound);
    if (recordedSize(chunks) !== size || stat.size !== size) throw new HttpError(400, sizeMismatchMessage);
    const state = await this.hashes.take(session.id);
    const hashed = await completeHash(state, size, async (from) => readRange(file, from));
    return stagedFile(this.storage, this.temp, file, hashed);
  }

  async discard(session: Pick<UploadSessionRow, 'id'>): Promise<void> {
    await this.hashes.forget(session.id);
    await this.temp.remove(sessionFile(this.temp, session.id));
  }

  async sweep(live: Set<string>): Promise<void> {
    await this.temp.sweep('chunks', (name) => live.has(name.replace(/\..*$/, '')));
  }
}

/** Where a session's multipart upload assembles the file (S3). */
const uploadKey = (session: Pick<UploadSessionRow, 'id'>) => storageKeys.chunkUpload(session.id);

/**
 * S3: chunk N is part N+1 of the session's multipart upload. A chunk lands in a file of its own first
 * (only a whole chunk of the right size reaches the store), hashed on the way when it is the next one;
 * one that comes early stays in its file until its turn.
 */
export class StoreChunks implements ChunkTarget {
  private readonly hashes = new SessionHashes();

  constructor(
    private readonly storage: S3Storage,
    private readonly temp: TempArea,
  ) {}

  refusal(index: number, total: number, chunkSize: number): string | null {
    if (total > MAX_PARTS) return `O arquivo pode ter no máximo ${MAX_PARTS} partes; envie partes maiores.`;
    const min = this.storage.minPartBytes;
    const shown = min >= 1024 * 1024 ? `${Math.floor(min / (1024 * 1024))}MB` : `${Math.ceil(min / 1024)}KB`;
    if (total > 1 && chunkSize < min) return `Cada parte, exceto a última, deve ter pelo menos ${shown}.`;
    return null;
  }

  /** The file is assembled by the store at finalize: nothing to read before. */
  localFile(): null {
    return null;
  }

  async open(sessionId: string, _fileSize: number, photoKey: string | null): Promise<{ uploadId: string | null; key: string | null }> {
    const key = photoKey ?? uploadKey({ id: sessionId });
    return { uploadId: await this.storage.start(key), key };
  }

  async land(
    session: UploadSessionRow,
    index: number,
    _place: { offset: number; length: number } | null,
    source: Readable,
    limit: { length: number; tooLong: () => Error },
  ): Promise<LandedChunk> {
    const claim = this.hashes.claim(session.id, index);
    const own = this.temp.file('chunks', `${session.id}.${index}.${Date.now().toString(36)}`);
    let size: number;
    try {
      size = await streamAt(source, own, 0, limit.length, limit.tooLong, 'w', claim ? (piece) => claim.probe.add(piece) : undefined);
    } catch (error) {
      claim?.release();
      await this.temp.remove(own);
      throw error;
    }
    const { storage, hashes } = this;
    let waiting = false;
    return {
      size,
      offset: null,
      async keep() {
        let etag: string;
        try {
          if (!session.upload_id) throw new Error('session without upload');
          etag = await storage.putPart(session.upload_key ?? uploadKey(session), session.upload_id, index + 1, fs.createReadStream(own, { highWaterMark: 1024 * 1024 }), size);
        } catch (error) {
          claim?.release();
          if (error instanceof HttpError) throw error;
          throw notFound(messages.sessionNotFound);
        }
        if (claim) {
          await fsp.rm(own, { force: true });
          await claim.kept();
        } else {
          waiting = true;
          await hashes.wait(session.id, index, { read: () => readRange(own), done: () => fsp.rm(own, { force: true }) });
        }
        return etag;
      },
      async drop() {
        claim?.release();
        if (!waiting) await fsp.rm(own, { force: true });
      },
    };
  }

  async finish(session: UploadSessionRow, chunks: ReadonlyArray<{ chunk_index: number | string; size: number | string; etag: string | null }>): Promise<Staged> {
    const size = Number(session.file_size);
    if (recordedSize(chunks) !== size) throw new HttpError(400, sizeMismatchMessage);
    if (!session.upload_id) throw notFound(messages.sessionNotFound);
    const key = session.upload_key ?? uploadKey(session);
    const parts = [...chunks]
      .sort((a, b) => Number(a.chunk_index) - Number(b.chunk_index))
      .map((chunk) => ({ partNumber: Number(chunk.chunk_index) + 1, etag: chunk.etag ?? '' }));
    // A finalize repeated after the first completed the upload (an instance died before storing the photo) finds the assembled object.
    await this.storage.complete(key, session.upload_id, parts);
    const info = await this.storage.head(key);
    if (!info) throw notFound(messages.sessionNotFound);
    if (info.size !== size) {
      await this.storage.remove(key);
      throw new HttpError(400, sizeMismatchMessage);
    }
    const state = await this.hashes.take(session.id);
    const hashed = await completeHash(state, size, async (from) => (await this.storage.get(key, { start: from, end: size - 1 }))?.body ?? null);
    return stagedObject(this.storage, { key, ...hashed }, (from, to, type) => this.storage.rename(from, to, type));
  }

  async discard(session: Pick<UploadSessionRow, 'id' | 'upload_id' | 'photo_id'> & { upload_key?: string | null }): Promise<void> {
    await this.hashes.forget(session.id);
    await this.temp.remove(sessionFile(this.temp, session.id));
    if (!session.upload_id || session.photo_id) return;
    // The parts, and the object a finalize assembled but did not store (its instance died).
    const key = session.upload_key ?? uploadKey(session);
    await this.storage.abort(key, session.upload_id);
    await this.storage.remove(key);
  }

  async sweep(live: Set<string>): Promise<void> {
    // A chunk's own file is named after its session (`<session>.<index>.<time>.part`).
    await this.temp.sweep('chunks', (name) => live.has(name.replace(/\..*$/, '')));
  }
}
