import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { OverlappedReadStream } from '../src/infra/storage/overlapped-read';

// Issue 29 item 5: a whole file read with several reads at once (the ZIP's originals, downloads),
// handed on in order, its handle closed however the stream ends.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-overlapped-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const KB = 1024;

async function fileOf(bytes: Buffer): Promise<{ handle: FileHandle; reads: { now: number; most: number } }> {
  const file = path.join(folder, randomBytes(4).toString('hex'));
  fs.writeFileSync(file, bytes);
  const handle = await fsp.open(file, 'r');
  // Counts the reads the disk is asked for at the same time.
  const reads = { now: 0, most: 0 };
  const read = handle.read.bind(handle) as (...args: unknown[]) => Promise<{ bytesRead: number }>;
  (handle as unknown as { read: typeof read }).read = async (...args) => {
    reads.most = Math.max(reads.most, ++reads.now);
    try {
      return await read(...args);
    } finally {
      reads.now--;
    }
  };
  return { handle, reads };
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

const closed = (handle: FileHandle) => handle.fd === -1;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  return check();
};

test('the bytes in order, three reads at a time, and the handle closed at the end', async () => {
  const bytes = randomBytes(3 * 1024 * KB + 333);
  const { handle, reads } = await fileOf(bytes);
  const stream = new OverlappedReadStream(handle, bytes.length, { piece: 64 * KB, depth: 3 });
  expect((await bytesOf(stream)).equals(bytes)).toBe(true);
  expect(reads.most).toBe(3);
  expect(await until(() => closed(handle))).toBe(true);
});

test('an empty file ends at once', async () => {
  const { handle } = await fileOf(Buffer.alloc(0));
  expect((await bytesOf(new OverlappedReadStream(handle, 0, { piece: 64 * KB, depth: 3 }))).length).toBe(0);
  expect(await until(() => closed(handle))).toBe(true);
});

test('a file shorter than described fails the stream instead of ending it short', async () => {
  const bytes = randomBytes(200 * KB);
  const { handle } = await fileOf(bytes);
  const stream = new OverlappedReadStream(handle, bytes.length + 100 * KB, { piece: 64 * KB, depth: 3 });
  await expect(bytesOf(stream)).rejects.toThrow(`file ended at ${bytes.length} of ${bytes.length + 100 * KB} bytes`);
  expect(await until(() => closed(handle))).toBe(true);
});

test('destroyed midway (the client went away): no read left running, the handle closed', async () => {
  const bytes = randomBytes(2 * 1024 * KB);
  const { handle, reads } = await fileOf(bytes);
  const stream = new OverlappedReadStream(handle, bytes.length, { piece: 64 * KB, depth: 3 });
  const first: Buffer = await new Promise((resolve) => stream.once('data', resolve));
  expect(first.equals(bytes.subarray(0, 64 * KB))).toBe(true);
  stream.destroy();
  expect(await until(() => closed(handle))).toBe(true);
  expect(reads.now).toBe(0);
});
