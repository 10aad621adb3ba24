import type { Readable } from 'node:stream';
import { streamToFile, streamToStore, type ByteWatcher, type BytesKept } from '../receive';
import type { TempArea } from '../temp-area';
import { DiskChunks, StoreChunks, type ChunkTarget } from './chunk-target';
import type { Storage } from './index';
import { S3Storage } from './s3';
import { keptNowhere, stagedFile, stagedObject, type Staged } from './staged';

/**
 * Issue 24 item 2: the one way a guest's bytes enter storage, whatever the driver. A file is staged
 * while it streams in (counted, SHA-256'd and its first bytes kept, in one pass), then committed
 * under its photo's key once its row may be written, or aborted. No code outside this folder knows
 * which driver runs:
 * - local disk: a temporary file in DATA_DIR/tmp (same disk), committed by a rename;
 * - S3: straight into the bucket under the photo's key while it arrives when that key is known
 *   (`keyFor`), committed by nothing; else a temporary file put into the bucket at commit.
 * Chunk sessions stage through `chunks` (chunk-target.ts).
 */
export interface StageOptions {
  /** Sees every piece first and may throw (a limit), which ends the stream. */
  onBytes: (length: number) => void;
  /**
   * The key the bytes will be committed under, from their first bytes, when the caller already knows
   * it (the album is known); null: not media, read to its end and kept nowhere.
   */
  keyFor?: (head: Buffer) => string | null;
  /**
   * A reader of the bytes as they pass, from their first bytes (null: none). `kept` says where the
   * bytes wait until commit: 'here' (a temporary file, cheap to read again) or 'in the store' (S3,
   * which would have to download them to read them again).
   */
  watch?: (head: Buffer, kept: BytesKept) => ByteWatcher | null;
}

export interface Staging {
  /** Streams one file in. A failure (cut short, a limit) leaves nothing behind and is thrown as it is. */
  receive(source: Readable, options: StageOptions): Promise<Staged>;
  /** Where the chunks of chunk sessions go. */
  readonly chunks: ChunkTarget;
}

class DiskStaging implements Staging {
  readonly chunks: ChunkTarget;

  constructor(
    private readonly storage: Storage,
    private readonly temp: TempArea,
  ) {
    this.chunks = new DiskChunks(storage, temp);
  }

  async receive(source: Readable, options: StageOptions): Promise<Staged> {
    const file = this.temp.file('uploads');
    try {
      const watch = options.watch;
      const received = await streamToFile(source, file, options.onBytes, watch && ((head) => watch(head, 'here')));
      return stagedFile(this.storage, this.temp, file, received);
    } catch (error) {
      await this.temp.remove(file);
      throw error;
    }
  }
}

class StoreStaging implements Staging {
  readonly chunks: ChunkTarget;
  private readonly disk: DiskStaging;

  constructor(
    private readonly storage: S3Storage,
    temp: TempArea,
  ) {
    this.disk = new DiskStaging(storage, temp);
    this.chunks = new StoreChunks(storage, temp);
  }

  async receive(source: Readable, options: StageOptions): Promise<Staged> {
    const keyFor = options.keyFor;
    // The key not known yet (the album's fields came after the file): on disk first, into the bucket at commit.
    if (!keyFor) return this.disk.receive(source, options);
    const watch = options.watch;
    const received = await streamToStore(source, this.storage, keyFor, options.onBytes, watch && ((head) => watch(head, 'in the store')));
    if (!received.key) return keptNowhere({ ...received, key: '' });
    return stagedObject(this.storage, { ...received, key: received.key }, (from, to, type) => this.storage.rename(from, to, type));
  }
}

/** The staging of the configured driver. */
export function openStaging(storage: Storage, temp: TempArea): Staging {
  return storage instanceof S3Storage ? new StoreStaging(storage, temp) : new DiskStaging(storage, temp);
}

export type { ChunkTarget, LandedChunk } from './chunk-target';
export type { Staged, StagedBytes } from './staged';
