import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { zipStream, type ZipEntry } from '../src/infra/event-zip';
import { LocalStorage } from '../src/infra/storage/local';
import type { Storage } from '../src/infra/storage';
import { unzip } from './zip';

// `zipStream` on the real local store: files bigger than its read-ahead, a missing file, a file that
// fails midway and a client that goes away.
describe('zipStream', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-event-zip-'));
  const storage = new LocalStorage(root);
  const big = crypto.randomBytes(21 * 1024 * 1024 + 7);
  const small = crypto.randomBytes(1000);
  const warnings: string[] = [];
  const deps = { storage, warn: (_details: object, message: string) => warnings.push(message) };
  const collect = (stream: Readable) => Readable.from(stream).toArray().then((chunks: Buffer[]) => Buffer.concat(chunks));

  beforeAll(async () => {
    await storage.put('ev/big.mp4', big);
    await storage.put('ev/small.jpg', small);
  });
  beforeEach(() => warnings.splice(0));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test('every file byte for byte, larger ones than the read-ahead too; a missing one is left out and logged', async () => {
    const entries: ZipEntry[] = [
      { name: 'a/big.mp4', key: 'ev/big.mp4' },
      { name: 'a/gone.jpg', key: 'ev/gone.jpg' },
      { name: 'a/small.jpg', key: 'ev/small.jpg' },
      { name: 'a/book.txt', produce: async () => Buffer.from('livro') },
    ];
    const files = await unzip(await collect(zipStream(deps, entries, new AbortController().signal)));
    expect([...files.keys()]).toEqual(['a/big.mp4', 'a/small.jpg', 'a/book.txt']);
    expect(files.get('a/big.mp4')!.equals(big)).toBe(true);
    expect(files.get('a/small.jpg')!.equals(small)).toBe(true);
    expect(files.get('a/book.txt')!.toString()).toBe('livro');
    expect(warnings).toEqual(['a file is missing from storage: left out of the ZIP']);
  });

  test('a file that fails midway ends the download with its error instead of a short archive', async () => {
    const failing: Storage = {
      ...storage,
      get: async () => ({
        body: Readable.from((async function* () {
          yield small;
          throw new Error('disk read failed');
        })()),
        size: 5000,
        contentType: 'image/jpeg',
      }),
    } as unknown as Storage;
    const output = zipStream({ ...deps, storage: failing }, [{ name: 'x.jpg', key: 'ev/x.jpg' }], new AbortController().signal);
    await expect(text(output)).rejects.toThrow('disk read failed');
    expect(warnings).toEqual(['ZIP download stopped']);
  });

  test('a client that goes away stops the reading: the file is closed and nothing more is added', async () => {
    const stop = new AbortController();
    const bodies: Readable[] = [];
    const counting = Object.assign(Object.create(storage) as Storage, {
      get: async (key: string) => {
        const file = await storage.get(key);
        bodies.push(file!.body);
        return file;
      },
    });
    const output = zipStream({ ...deps, storage: counting }, [{ name: '1.mp4', key: 'ev/big.mp4' }, { name: '2.mp4', key: 'ev/big.mp4' }], stop.signal);
    await new Promise((resolve) => output.once('readable', resolve));
    stop.abort();
    output.resume();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bodies).toHaveLength(1);
    expect(bodies[0].destroyed).toBe(true);
    expect(warnings).toEqual([]);
  });
});
