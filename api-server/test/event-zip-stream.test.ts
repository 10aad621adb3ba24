import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { zipStream, ZIP_READ_AHEAD_BYTES, type ZipEntry } from '../src/domain/event-zip';
import { LocalStorage } from '../src/domain/storage/local';
import { useNativeZipCrc } from '../src/domain/zip-crc';
import type { PhotoRow } from '../src/db/schema';

// Issue 29: the ZIP's streaming part, against the real local store: the next file read ahead while
// the current one is written, the CRC-32 computed by zlib instead of a JavaScript loop.

const row = (key: string): PhotoRow => ({ original_path: key, created_at: '2026-11-24T18:03:09.123Z' }) as PhotoRow;

/** Every entry of a ZIP with its bytes and the CRC-32 its headers state, read back with yauzl. */
function unzip(bytes: Buffer): Promise<Array<{ name: string; bytes: Buffer; crc32: number }>> {
  return new Promise((resolve, reject) => {
    const files: Array<{ name: string; bytes: Buffer; crc32: number }> = [];
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (openError, stream) => {
          if (openError || !stream) return reject(openError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.push({ name: entry.fileName, bytes: Buffer.concat(chunks), crc32: entry.crc32 });
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const collect = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('the ZIP stream', () => {
  let root: string;
  let storage: LocalStorage;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-zip-'));
    storage = new LocalStorage(root);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('yazl computes the same CRC-32 with zlib as with its JavaScript loop', () => {
    expect(useNativeZipCrc()).toBe(typeof zlib.crc32 === 'function');
    const bytes = crypto.randomBytes(100_000);
    // The reference: the CRC-32 of every ZIP tool (zlib's), whole and continued over two parts.
    const crc = createRequire(require.resolve('yazl'))('buffer-crc32');
    expect(crc.unsigned(bytes)).toBe(zlib.crc32(bytes));
    expect(crc.unsigned(bytes.subarray(50_000), crc.unsigned(bytes.subarray(0, 50_000)))).toBe(zlib.crc32(bytes));
  });

  test('files larger than the read-ahead, small and missing ones: every byte, in order, with correct CRCs; a missing file is left out', async () => {
    const files = [
      ['events/e/a.mp4', crypto.randomBytes(ZIP_READ_AHEAD_BYTES * 2 + 12_345)],
      ['events/e/b.jpg', crypto.randomBytes(70_000)],
      ['events/e/c.mp4', crypto.randomBytes(ZIP_READ_AHEAD_BYTES + 1)],
    ] as const;
    for (const [key, bytes] of files) await storage.put(key, bytes);
    const entries: ZipEntry[] = [
      { name: 'Festa/Ana/1.mp4', photo: row(files[0][0]) },
      { name: 'Festa/Ana/2.jpg', photo: row(files[1][0]) },
      { name: 'Festa/Rui/perdida.jpg', photo: row('events/e/missing.jpg') },
      { name: 'Festa/Rui/3.mp4', photo: row(files[2][0]) },
    ];
    const warnings: object[] = [];
    const zip = await collect(zipStream({ storage, warn: (details) => warnings.push(details) }, entries, new AbortController().signal));
    const read = await unzip(zip);
    expect(read.map((entry) => entry.name)).toEqual(['Festa/Ana/1.mp4', 'Festa/Ana/2.jpg', 'Festa/Rui/3.mp4']);
    read.forEach((entry, index) => {
      expect(entry.bytes.equals(files[index][1])).toBe(true);
      expect(entry.crc32).toBe(zlib.crc32(files[index][1]));
    });
    expect(warnings).toEqual([{ key: 'events/e/missing.jpg' }]);
  });

  test('the client going away stops the reading: the stream ends without the rest', async () => {
    const big = crypto.randomBytes(ZIP_READ_AHEAD_BYTES * 3);
    await storage.put('events/e/big1.mp4', big);
    await storage.put('events/e/big2.mp4', big);
    const stop = new AbortController();
    const stream = zipStream({ storage, warn: () => undefined }, [
      { name: '1.mp4', photo: row('events/e/big1.mp4') },
      { name: '2.mp4', photo: row('events/e/big2.mp4') },
    ], stop.signal);
    let received = 0;
    stream.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > 1024 * 1024 && !stop.signal.aborted) {
        stop.abort();
        stream.pause();
        setTimeout(() => stream.destroy(), 50);
      }
    });
    await new Promise((resolve) => stream.on('close', resolve));
    expect(received).toBeLessThan(big.length);
    expect(stream.destroyed).toBe(true);
  });
});
