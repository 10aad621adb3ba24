import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { detectMediaType, SNIFF_BYTES, type MediaType } from './media-type';
import type { Storage } from './storage';

export interface Received {
  size: number;
  head: Buffer;
  /** SHA-256 (hex) of every byte written, computed as they streamed. */
  sha256: string;
}

/**
 * Streams one part to `target` while counting its bytes, hashing them (SHA-256, the album's content
 * identity: no second read of the file) and keeping its first bytes for type detection. `onBytes`
 * sees every piece first and may throw (a limit), which ends the stream.
 */
export async function streamToFile(source: Readable, target: string, onBytes: (length: number) => void): Promise<Received> {
  let size = 0;
  const headParts: Buffer[] = [];
  let headLength = 0;
  const hash = createHash('sha256');
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onBytes(chunk.length);
      } catch (error) {
        callback(error as Error);
        return;
      }
      size += chunk.length;
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        headParts.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  // The file is created before any byte flows: a stream that opens it lazily could create it after a
  // failed request's cleanup had already removed it (a temporary file left behind).
  const handle = await fsp.open(target, 'w');
  await pipeline(source, counter, handle.createWriteStream({ highWaterMark: 1024 * 1024 }));
  return { size, head: Buffer.concat(headParts), sha256: hash.digest('hex') };
}

/**
 * S3 (issue 14): streams one part straight into the store while hashing it, instead of into a
 * temporary file first and up to the bucket after. Its first bytes decide the type and so the key
 * (`keyFor`); a part that is not media is read to its end and stored nowhere (`key` null). Nothing
 * is visible under the key unless the whole part was stored. A failure of the part itself (cut
 * short, or a limit `onBytes` enforces) is thrown as it is, not as the store's.
 */
export async function streamToStore(
  source: Readable,
  storage: Pick<Storage, 'put'>,
  keyFor: (type: MediaType) => string,
  onBytes: (length: number) => void,
): Promise<Received & { type: MediaType | null; key: string | null }> {
  let size = 0;
  const head: Buffer[] = [];
  let headLength = 0;
  const hash = createHash('sha256');
  let failure: unknown = null;
  const pieces = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  /** The next piece, counted, hashed and checked; null at the end. */
  const next = async (): Promise<Buffer | null> => {
    try {
      const step = await pieces.next();
      if (step.done) return null;
      const piece: Buffer = step.value;
      onBytes(piece.length);
      size += piece.length;
      hash.update(piece);
      if (headLength < SNIFF_BYTES) {
        head.push(piece.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(piece.length, SNIFF_BYTES - headLength);
      }
      return piece;
    } catch (error) {
      failure = error;
      throw error;
    }
  };

  const first: Buffer[] = [];
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const piece = await next();
    if (!piece) {
      ended = true;
      break;
    }
    first.push(piece);
  }
  const type = detectMediaType(Buffer.concat(head));
  const done = () => ({ size, head: Buffer.concat(head), sha256: hash.digest('hex'), type, key: type ? keyFor(type) : null });
  if (!type) {
    while (!ended && (await next())) {
      // Not media: read to the end (its name goes into the 415), stored nowhere.
    }
    return done();
  }
  const key = keyFor(type);
  async function* body() {
    yield* first;
    for (let piece = ended ? null : await next(); piece; piece = await next()) yield piece;
  }
  try {
    await storage.put(key, Readable.from(body(), { objectMode: false }), type.mime);
  } catch (error) {
    throw failure ?? error;
  }
  return done();
}

/** SHA-256 (hex) of a whole file on disk (a finished chunk session; see docs/decisions.md). */
export async function hashFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of fs.createReadStream(file, { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) hash.update(piece);
  return hash.digest('hex');
}

/** The first bytes of a file on disk. */
export async function readHead(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Buffer of the positioned write stream of a chunk. */
const WRITE_BATCH = 1024 * 1024;

/**
 * Streams a part straight to its place (`offset`) in an existing, pre-sized file (or a new one with
 * `flags` 'w'); `tooLong` makes the
 * error that ends it when more than `length` bytes come. A write stream at the offset lets the disk
 * write overlap the network read, instead of waiting for each write before reading on.
 */
export async function streamAt(source: Readable, file: string, offset: number, length: number, tooLong: () => Error, flags: 'r+' | 'w' = 'r+'): Promise<number> {
  let received = 0;
  const limiter = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      received += piece.length;
      if (received > length) callback(tooLong());
      else callback(null, piece);
    },
  });
  // The file is opened before any byte flows (see streamToFile); 'w' makes a new one.
  const handle = await fsp.open(file, flags);
  await pipeline(source, limiter, handle.createWriteStream({ start: offset, highWaterMark: WRITE_BATCH }));
  return received;
}

/** Reads a whole part into memory; `tooLarge` makes the error thrown once it passes `limit` bytes. */
export async function readAll(source: Readable, limit: number, tooLarge: () => Error): Promise<Buffer> {
  const pieces: Buffer[] = [];
  let size = 0;
  for await (const piece of source as AsyncIterable<Buffer>) {
    size += piece.length;
    if (size > limit) throw tooLarge();
    pieces.push(piece);
  }
  return Buffer.concat(pieces, size);
}

/** Writes `data` at `offset` of an existing file. */
export async function writeAt(file: string, offset: number, data: Buffer): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    let written = 0;
    while (written < data.length) written += (await handle.write(data, written, data.length - written, offset + written)).bytesWritten;
  } finally {
    await handle.close();
  }
}
