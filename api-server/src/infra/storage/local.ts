import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OverlappedReadStream } from './overlapped-read';
import { assertSafeKey, isSafeKey, type ByteRange, type ListedFile, type Storage, type StoredFile, type StoredInfo } from './index';

/**
 * Whole-file reads: 1 MB pieces, a few asked of the disk at once. Three leave one of libuv's four
 * threads to everything else (an upload's writes, a hash) while a ZIP reads.
 */
const WHOLE_FILE_READS = { piece: 1024 * 1024, depth: 3 };

/** Names of files being written next to their final place; never listed or served. */
const WRITING = /\.part$/;

const etagOf = (stats: fs.Stats) => `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
const infoOf = (stats: fs.Stats): StoredInfo => ({ size: stats.size, etag: etagOf(stats), lastModified: new Date(stats.mtimeMs) });

/** Files under one folder of the local disk (DATA_DIR/files): the single-instance default. */
export class LocalStorage implements Storage {
  readonly driver = 'local' as const;
  readonly root: string;
  /** Chunk sessions on local disk write into one pre-sized temporary file (domain/chunk-session.ts). */
  readonly multipart = null;

  constructor(root: string) {
    this.root = path.resolve(root);
    fs.mkdirSync(this.root, { recursive: true });
  }

  /** Absolute path of a key, or null when the key is unsafe or would leave the root. */
  resolve(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const full = path.resolve(this.root, ...key.split('/'));
    return full.startsWith(this.root + path.sep) ? full : null;
  }

  private must(key: string): string {
    assertSafeKey(key);
    const full = this.resolve(key);
    if (!full) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return full;
  }

  /** The key's file when it is a regular file inside the root (symlinks pointing outside are refused). */
  private async existing(key: string): Promise<string | null> {
    const full = this.resolve(key);
    if (!full) return null;
    try {
      const real = await fsp.realpath(full);
      const realRoot = await fsp.realpath(this.root);
      return real.startsWith(realRoot + path.sep) ? real : null;
    } catch {
      return null;
    }
  }

  async put(key: string, body: Buffer | Readable): Promise<void> {
    const full = this.must(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    const temporary = `${full}.${process.pid}.${Date.now()}.part`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(temporary, body);
      else await pipeline(body, fs.createWriteStream(temporary));
      await fsp.rename(temporary, full);
    } catch (error) {
      await fsp.rm(temporary, { force: true });
      throw error;
    }
  }

  async moveIn(localFile: string, key: string): Promise<void> {
    const full = this.must(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    await fsp.rename(localFile, full);
    // A rename keeps the time the bytes were written (a chunk session's, maybe hours ago): the file is
    // dated now, so the orphan sweep's grace (issue 23) covers it until its row is written.
    const now = new Date();
    await fsp.utimes(full, now, now).catch(() => undefined);
  }

  async get(key: string, range?: ByteRange): Promise<StoredFile | null> {
    const file = await this.existing(key);
    if (!file) return null;
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(file, 'r');
    } catch {
      return null;
    }
    // One handle for the stat and the bytes: what is described is what is sent.
    const stats = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw error;
    });
    if (!stats.isFile()) {
      await handle.close();
      return null;
    }
    // A whole file is read in 1 MB pieces (the ZIP, a download, a copy): a quarter of the stream hops,
    // about 20 % less CPU per byte sent than 256 KB (bench/api/zip-download.mjs), and several at once
    // (overlapped-read.ts). Ranges (a video player's seeks) stay small and one at a time.
    const body = range
      ? handle.createReadStream({ start: range.start, end: range.end, highWaterMark: 256 * 1024 })
      : new OverlappedReadStream(handle, stats.size, WHOLE_FILE_READS);
    return { ...infoOf(stats), body };
  }

  async head(key: string): Promise<StoredInfo | null> {
    const file = await this.existing(key);
    if (!file) return null;
    const stats = await fsp.stat(file).catch(() => null);
    return stats?.isFile() ? infoOf(stats) : null;
  }

  async remove(key: string): Promise<void> {
    const full = this.resolve(key);
    if (full) await fsp.rm(full, { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    const full = this.resolve(prefix);
    // A file written into the folder while it is being removed (a media job's rendition landing as its
    // event is deleted) fails the last rmdir with ENOTEMPTY: Node's rm then empties it again.
    if (full) await fsp.rm(full, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
  }

  async *list(prefix: string, options: { writing?: boolean } = {}): AsyncIterable<ListedFile> {
    const start = this.resolve(prefix);
    if (!start) return;
    const found: ListedFile[] = [];
    const walk = async (dir: string, keyPrefix: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        const key = `${keyPrefix}/${entry.name}`;
        if (entry.isDirectory()) await walk(full, key);
        else if (entry.isFile() && (options.writing || !WRITING.test(entry.name))) {
          const stats = await fsp.stat(full).catch(() => null);
          if (stats) found.push({ key, size: stats.size, lastModified: new Date(stats.mtimeMs) });
        }
      }
    };
    await walk(start, prefix);
    // The order S3 lists in: by key, byte for byte.
    yield* found.sort((a, b) => Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  }

  async localPath(key: string): Promise<string | null> {
    return this.existing(key);
  }

  async check(): Promise<void> {
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async close(): Promise<void> {}
}
