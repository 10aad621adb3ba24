import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from '../domain/media-type';
import { contentTypeOf, type Storage } from './storage';

export interface Received {
  size: number;
  head: Buffer;
  /** SHA-256 (hex) of every byte written, computed as they streamed. */
  sha256: string;
}

/** What a file's bytes tell as they pass once: their count, SHA-256 and first bytes (for the type). */
export class ContentProbe {
  private size = 0;
  private hash = createHash('sha256');
  private headParts: Buffer[] = [];
  private headLength = 0;

  /** Bytes seen so far. */
  get length(): number {
    return this.size;
  }

  /** A probe that goes on from this one's state (issue 24: a chunk hashed on a copy until it is kept). */
  copy(): ContentProbe {
    const copy = new ContentProbe();
    copy.size = this.size;
    copy.hash = this.hash.copy();
    copy.headParts = [...this.headParts];
    copy.headLength = this.headLength;
    return copy;
  }

  add(piece: Buffer): void {
    this.size += piece.length;
    this.hash.update(piece);
    if (this.headLength < SNIFF_BYTES) {
      this.headParts.push(piece.subarray(0, SNIFF_BYTES - this.headLength));
      this.headLength += Math.min(piece.length, SNIFF_BYTES - this.headLength);
    }
  }

  /** Whether the first bytes needed to tell the type are in. */
  get sniffed(): boolean {
    return this.headLength >= SNIFF_BYTES;
  }

  get head(): Buffer {
    return Buffer.concat(this.headParts);
  }

  /** Once every byte went through. */
  result(): Received {
    return { size: this.size, head: this.head, sha256: this.hash.digest('hex') };
  }
}

/** Reads the bytes of a part as they pass (its first bytes tell whether to): see StageOptions.watch. */
export interface ByteWatcher {
  /** Resolves when the reader can take more (backpressure). */
  write(piece: Buffer): Promise<void>;
  end(): void;
  abort(): void;
}

/** Where a part's bytes wait until commit (StageOptions.watch): a temporary file here, or the store. */
export type BytesKept = 'here' | 'in the store';

/**
 * The reader `watch` gives for a part, asked once its type's first bytes are in (or at its end, for a
 * part shorter than them), fed every piece in order: the pieces that came before are replayed to it.
 * `write` follows `probe.add` of the same piece, and answers a promise only while a reader waits on it.
 */
function readerOnceSniffed(probe: ContentProbe, watch: (head: Buffer) => ByteWatcher | null) {
  let reader: ByteWatcher | null | undefined;
  const early: Buffer[] = [];
  const decide = async () => {
    reader = watch(probe.head);
    for (const piece of early.splice(0)) await reader?.write(piece);
  };
  return {
    write(piece: Buffer): Promise<void> | undefined {
      if (reader !== undefined) return reader?.write(piece);
      early.push(piece);
      return probe.sniffed ? decide() : undefined;
    },
    async end(): Promise<void> {
      if (reader === undefined) await decide();
      reader?.end();
    },
    abort: () => reader?.abort(),
  };
}

/**
 * Streams one part to `target` while counting its bytes, hashing them (SHA-256, the album's content
 * identity: no second read of the file) and keeping its first bytes for type detection. `onBytes`
 * sees every piece first and may throw (a limit), which ends the stream. `watch`, asked once the first
 * bytes are in, may give a reader of every byte as it passes (a video's index for its length check).
 */
export async function streamToFile(
  source: Readable,
  target: string,
  onBytes: (length: number) => void,
  watch?: (head: Buffer) => ByteWatcher | null,
): Promise<Received> {
  const probe = new ContentProbe();
  const tap = watch ? readerOnceSniffed(probe, watch) : null;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        onBytes(chunk.length);
      } catch (error) {
        callback(error as Error);
        return;
      }
      probe.add(chunk);
      const reading = tap?.write(chunk);
      if (reading) reading.then(() => callback(null, chunk), callback);
      else callback(null, chunk);
    },
    flush(callback) {
      if (!tap) return callback();
      tap.end().then(() => callback(), callback);
    },
  });
  // The file is created before any byte flows: a stream that opens it lazily could create it after a
  // failed request's cleanup had already removed it (a temporary file left behind).
  const handle = await fsp.open(target, 'w');
  try {
    await pipeline(source, counter, handle.createWriteStream({ highWaterMark: 1024 * 1024 }));
  } catch (error) {
    tap?.abort();
    throw error;
  }
  return probe.result();
}

/**
 * S3 (issue 14): streams one part straight into the store while hashing it, instead of into a
 * temporary file first and up to the bucket after. Its first bytes decide the type and so the key
 * (`keyFor`); a part that is not media (`keyFor` null) is read to its end and stored nowhere. Nothing
 * is visible under the key unless the whole part was stored. A failure of the part itself (cut
 * short, or a limit `onBytes` enforces) is thrown as it is, not as the store's.
 */
export async function streamToStore(
  source: Readable,
  storage: Pick<Storage, 'put'>,
  keyFor: (head: Buffer) => string | null,
  onBytes: (length: number) => void,
  watch?: (head: Buffer) => ByteWatcher | null,
): Promise<Received & { key: string | null }> {
  const probe = new ContentProbe();
  let failure: unknown = null;
  const pieces = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  /** The next piece, checked and probed; null at the end. */
  const next = async (): Promise<Buffer | null> => {
    try {
      const step = await pieces.next();
      if (step.done) return null;
      onBytes(step.value.length);
      probe.add(step.value);
      return step.value;
    } catch (error) {
      failure = error;
      throw error;
    }
  };

  const first: Buffer[] = [];
  let ended = false;
  while (!probe.sniffed) {
    const piece = await next();
    if (!piece) {
      ended = true;
      break;
    }
    first.push(piece);
  }
  const key = keyFor(probe.head);
  if (!key) {
    while (!ended && (await next())) {
      // Not media: read to the end (its name goes into the 415), stored nowhere.
    }
    return { ...probe.result(), key: null };
  }
  const tap = watch ? readerOnceSniffed(probe, watch) : null;
  async function* body() {
    for (const piece of first) {
      await tap?.write(piece);
      yield piece;
    }
    for (let piece = ended ? null : await next(); piece; piece = await next()) {
      await tap?.write(piece);
      yield piece;
    }
    await tap?.end();
  }
  try {
    await storage.put(key, Readable.from(body(), { objectMode: false }), contentTypeOf(key));
  } catch (error) {
    tap?.abort();
    throw failure ?? error;
  }
  return { ...probe.result(), key };
}

/** Reads `source` to its end into `content` (the rest of a chunk session that was not hashed as it arrived). */
export async function probeOn(content: ContentProbe, source: AsyncIterable<Buffer>): Promise<void> {
  for await (const piece of source) content.add(piece);
}

/** Bytes `start` to `end` (exclusive) of a file on disk, read once. */
export function readRange(file: string, start = 0, end?: number): AsyncIterable<Buffer> {
  if (end !== undefined && end <= start) return (async function* () {})();
  return fs.createReadStream(file, { start, end: end === undefined ? undefined : end - 1, highWaterMark: 1024 * 1024 });
}

/**
 * Buffer of the positioned write stream of a chunk: 1 MB, as one request's (streamToFile). With 256 KB
 * a 1 GB upload in 41 chunks took 3.08 / 3.61 s against 3.05 / 2.85 s in an interleaved A/B (issue 29
 * item 6, bench/api/ingest.mjs). It is a ceiling, not an allocation: twenty chunks trickling at once
 * (bench/api/chunk-trickle.mjs) raised the server's RSS by 35.5 MB with it, inside issue 23's 50 MB.
 */
const WRITE_BATCH = 1024 * 1024;

/**
 * Streams a part straight to its place (`offset`) in an existing, pre-sized file (or a new one with
 * `flags` 'w'); `tooLong` makes the
 * error that ends it when more than `length` bytes come. A write stream at the offset lets the disk
 * write overlap the network read, instead of waiting for each write before reading on.
 */
export async function streamAt(
  source: Readable,
  file: string,
  offset: number,
  length: number,
  tooLong: () => Error,
  flags: 'r+' | 'w' = 'r+',
  onPiece?: (piece: Buffer) => void,
): Promise<number> {
  let received = 0;
  const limiter = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      received += piece.length;
      if (received > length) {
        callback(tooLong());
        return;
      }
      onPiece?.(piece);
      callback(null, piece);
    },
  });
  // The file is opened before any byte flows (see streamToFile); 'w' makes a new one.
  const handle = await fsp.open(file, flags);
  await pipeline(source, limiter, handle.createWriteStream({ start: offset, highWaterMark: WRITE_BATCH }));
  return received;
}

/** Copies a finished file into an existing, pre-sized one at `offset` (a chunk into its session's file). */
export async function copyAt(source: string, target: string, offset: number): Promise<void> {
  const handle = await fsp.open(target, 'r+');
  await pipeline(fs.createReadStream(source, { highWaterMark: WRITE_BATCH }), handle.createWriteStream({ start: offset, highWaterMark: WRITE_BATCH }));
}
