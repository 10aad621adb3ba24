import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { UploadSessionRow } from '../src/db/schema';
import type { Storage } from '../src/infra/storage';
import { LocalStorage } from '../src/infra/storage/local';
import { S3Storage } from '../src/infra/storage/s3';
import { openStaging, type Staging } from '../src/infra/storage/staging';
import { TempArea } from '../src/infra/temp-area';
import { PNG_BYTES } from './helpers';
import { createBucket, deleteBucket, s3Env, startS3Server, type S3TestServer } from './s3';

// Issue 24 items 2 and 3: the one staging interface, the same cases against both drivers (the local
// disk, and S3 through the AWS SDK against s3rver): a file staged as it streams in (size, SHA-256,
// first bytes) then committed or aborted; chunks hashed in order as they arrive, so finalize reads
// nothing back, and on S3 assembles the file under the photo's own key named at init (nothing copied).

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const KB = 1024;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/** A PNG-headed file of `size` bytes (media by its first bytes). */
function mediaFile(size: number): Buffer {
  const bytes = randomBytes(size);
  PNG_BYTES.copy(bytes, 0, 0, Math.min(PNG_BYTES.length, 64));
  return bytes;
}

let s3: S3TestServer;
let bucketEnv: Record<string, string>;
let bucket: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-staging-'));

beforeAll(async () => {
  s3 = await startS3Server();
  bucketEnv = s3Env(s3);
  bucket = await createBucket(bucketEnv);
}, 30_000);
afterAll(async () => {
  await deleteBucket(bucketEnv, bucket);
  await s3.stop();
  fs.rmSync(s3.directory, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}, 30_000);

const drivers: Array<[string, () => Storage]> = [
  ['local', () => new LocalStorage(path.join(work, 'files'))],
  ['s3', () => new S3Storage({ endpoint: s3.endpoint, region: 'us-east-1', bucket, ...s3.credentials, forcePathStyle: true, minPartBytes: 1 })],
];

describe.each(drivers)('staging contract: %s', (name, make) => {
  let storage: Storage;
  let temp: TempArea;
  let staging: Staging;
  const root = `events/evt_${name}_${randomBytes(3).toString('hex')}/albums/alb_1`;

  beforeAll(() => {
    storage = make();
    temp = new TempArea(path.join(work, `tmp-${name}`));
    staging = openStaging(storage, temp);
  });
  afterAll(async () => {
    await storage.removePrefix(root.split('/albums/')[0]);
    await storage.close();
  });

  const leftovers = () => [...fs.readdirSync(temp.dir('uploads')), ...fs.readdirSync(temp.dir('chunks'))];

  test.each([
    ['the key known as it streams', true],
    ['the key not known yet', false],
  ])('one file (%s): size, SHA-256 and first bytes as it streams in, committed under the photo key, nothing left over', async (_label, known) => {
    const bytes = mediaFile(300 * KB + 7);
    const key = `${root}/pho_${randomBytes(4).toString('hex')}-${known ? 'k' : 'u'}.png`;
    let counted = 0;
    const staged = await staging.receive(Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      onBytes: (length) => (counted += length),
      keyFor: known ? () => key : undefined,
    });
    expect({ size: staged.size, sha256: staged.sha256, counted }).toEqual({ size: bytes.length, sha256: sha(bytes), counted: bytes.length });
    expect(staged.head.equals(bytes.subarray(0, staged.head.length))).toBe(true);
    expect(staged.head.length).toBe(256);
    await staged.commit(key, 'image/png');
    await staged.abort();
    expect((await bytesOf((await storage.get(key))!.body)).equals(bytes)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  test('a file refused after staging is aborted: nothing stored, nothing left over; one not media is kept nowhere', async () => {
    const key = `${root}/pho_aborted.png`;
    const staged = await staging.receive(Readable.from([mediaFile(10 * KB)]), { onBytes: () => undefined, keyFor: () => key });
    await staged.abort();
    expect(await storage.head(key)).toBeNull();
    const text = await staging.receive(Readable.from([Buffer.from('não é uma foto')]), { onBytes: () => undefined, keyFor: () => null });
    expect(text.sha256).toBe(sha(Buffer.from('não é uma foto')));
    await text.abort();
    expect(leftovers()).toEqual([]);
  });

  test.each([
    ['the key known as it streams', true],
    ['the key not known yet', false],
  ])('a reader of the bytes (%s) is asked once with the first bytes and where they wait, and sees every byte in order', async (_label, known) => {
    const bytes = mediaFile(200 * KB + 3);
    const key = `${root}/pho_${randomBytes(4).toString('hex')}-w${known ? 'k' : 'u'}.png`;
    const asked: Array<{ head: number; kept: string }> = [];
    const seen: Buffer[] = [];
    let ended = false;
    // Pieces smaller than the type's first bytes come before the reader is decided on: none is lost.
    const pieces = [bytes.subarray(0, 100), bytes.subarray(100, 200), bytes.subarray(200, 70 * KB), bytes.subarray(70 * KB)];
    const staged = await staging.receive(Readable.from(pieces), {
      onBytes: () => undefined,
      keyFor: known ? () => key : undefined,
      watch: (head, kept) => {
        asked.push({ head: head.length, kept });
        return { write: async (piece) => void seen.push(Buffer.from(piece)), end: () => void (ended = true), abort: () => undefined };
      },
    });
    const kept = name === 's3' && known ? 'in the store' : 'here';
    expect(asked).toEqual([{ head: 256, kept }]);
    expect(Buffer.concat(seen).equals(bytes)).toBe(true);
    expect(ended).toBe(true);
    await staged.abort();
    expect(leftovers()).toEqual([]);
  });

  test('a reader is aborted when the bytes stop short', async () => {
    let aborted = false;
    let seen = 0;
    const receiving = staging.receive(Readable.from([mediaFile(64 * KB), mediaFile(64 * KB)]), {
      onBytes: (length) => {
        seen += length;
        if (seen > 64 * KB) throw new Error('limite');
      },
      watch: () => ({ write: async () => undefined, end: () => undefined, abort: () => void (aborted = true) }),
    });
    await expect(receiving).rejects.toThrow('limite');
    expect(aborted).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  test('a source that breaks, or a limit hit mid-way, leaves nothing behind', async () => {
    const key = `${root}/pho_broken.png`;
    let seen = 0;
    const limited = staging.receive(Readable.from([mediaFile(64 * KB), mediaFile(64 * KB)]), {
      onBytes: (length) => {
        seen += length;
        if (seen > 64 * KB) throw new Error('limite');
      },
      keyFor: () => key,
    });
    await expect(limited).rejects.toThrow('limite');
    expect(await storage.head(key)).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  /** A session of `bytes` in chunks of `chunkSize`, as the database would hold it. */
  function session(bytes: Buffer, chunkSize: number) {
    const row: UploadSessionRow = {
      id: `ups_${randomBytes(18).toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`,
      album_id: 'alb_1',
      user_id: 'Zé',
      file_name: 'v.png',
      file_size: bytes.length,
      file_type: 'image/png',
      total_chunks: Math.ceil(bytes.length / chunkSize),
      chunk_size: chunkSize,
      photo_id: null,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      upload_id: null,
      client_hash: null,
      client_key_hash: null,
      place: null,
      planned_photo_id: 'pho_planned',
      upload_key: null,
    };
    const photoKey = `${root}/pho_${row.id.slice(4, 12)}.png`;
    const records: Array<{ chunk_index: number; size: number; etag: string | null }> = [];
    const piece = (index: number) => bytes.subarray(index * chunkSize, Math.min(bytes.length, (index + 1) * chunkSize));
    return {
      row,
      photoKey,
      records,
      /** Init: the session's file or upload, where the declared type puts the photo. */
      async open() {
        const opened = await staging.chunks.open(row.id, bytes.length, photoKey);
        Object.assign(row, { upload_id: opened.uploadId, upload_key: opened.key });
      },
      async send(index: number, target = staging) {
        const part = piece(index);
        const landed = await target.chunks.land({ ...row }, index, { offset: index * chunkSize, length: part.length }, Readable.from([part]), { length: part.length, tooLong: () => new Error('longa') });
        const etag = await landed.keep(index * chunkSize);
        await landed.drop();
        records.push({ chunk_index: index, size: part.length, etag });
      },
    };
  }

  test('chunks sent in order are hashed as they arrive: finalize reads nothing back and commits where they are (S3: the photo key, nothing copied)', async () => {
    const bytes = mediaFile(5 * 64 * KB + 99);
    const upload = session(bytes, 64 * KB);
    await upload.open();
    const reads = jest.spyOn(fs, 'createReadStream');
    for (let index = 0; index < 6; index++) await upload.send(index);
    // Hashed on the way in: no chunk is read again (on S3 each is read once, from its own file, as the part sent to the store).
    expect(reads).toHaveBeenCalledTimes(name === 's3' ? 6 : 0);
    reads.mockClear();
    const gets = jest.spyOn(storage, 'get');
    const staged = await staging.chunks.finish({ ...upload.row }, upload.records);
    expect(reads).not.toHaveBeenCalled();
    expect(gets).not.toHaveBeenCalled();
    reads.mockRestore();
    gets.mockRestore();
    expect({ size: staged.size, sha256: staged.sha256 }).toEqual({ size: bytes.length, sha256: sha(bytes) });
    expect(staged.head.equals(bytes.subarray(0, 256))).toBe(true);
    if (name === 's3') expect(staged.key).toBe(upload.photoKey);
    const rename = jest.spyOn(storage as S3Storage, name === 's3' ? 'rename' : 'moveIn');
    await staged.commit(upload.photoKey, 'image/png');
    expect(rename).toHaveBeenCalledTimes(name === 's3' ? 0 : 1);
    rename.mockRestore();
    expect((await bytesOf((await storage.get(upload.photoKey))!.body)).equals(bytes)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  test('a chunk that comes early waits on disk for its turn: the SHA-256 is right and nothing is read from the store', async () => {
    const bytes = mediaFile(4 * 64 * KB + 5);
    const upload = session(bytes, 64 * KB);
    await upload.open();
    for (const index of [0, 3, 2, 4, 1]) await upload.send(index);
    const gets = jest.spyOn(storage, 'get');
    const staged = await staging.chunks.finish({ ...upload.row }, upload.records);
    expect(gets).not.toHaveBeenCalled();
    gets.mockRestore();
    expect(staged.sha256).toBe(sha(bytes));
    await staged.commit(upload.photoKey, 'image/png');
    expect((await bytesOf((await storage.get(upload.photoKey))!.body)).equals(bytes)).toBe(true);
    expect(leftovers()).toEqual([]);
  });

  test('chunks taken by another instance (or before a restart): finalize reads back what it did not hash, and the SHA-256 is still right', async () => {
    const bytes = mediaFile(3 * 64 * KB + 1);
    const upload = session(bytes, 64 * KB);
    await upload.open();
    const other = openStaging(storage, temp);
    await upload.send(0);
    await upload.send(1, other);
    await upload.send(2);
    await upload.send(3, other);
    const staged = await staging.chunks.finish({ ...upload.row }, upload.records);
    expect({ size: staged.size, sha256: staged.sha256 }).toEqual({ size: bytes.length, sha256: sha(bytes) });
    await staged.abort();
    expect(await storage.head(upload.photoKey)).toBeNull();
    // The other instance's waiting chunk files go with the session.
    await other.chunks.discard(upload.row);
    expect(leftovers()).toEqual([]);
  });

  test('bytes that are not the declared type: committed under the key their type names (S3: one copy), nothing left under the other', async () => {
    const bytes = mediaFile(2 * 64 * KB + 3);
    const upload = session(bytes, 64 * KB);
    await upload.open();
    for (const index of [0, 1, 2]) await upload.send(index);
    const staged = await staging.chunks.finish({ ...upload.row }, upload.records);
    const actual = upload.photoKey.replace(/\.png$/, '.webp');
    await staged.commit(actual, 'image/webp');
    expect((await bytesOf((await storage.get(actual))!.body)).equals(bytes)).toBe(true);
    expect(await storage.head(upload.photoKey)).toBeNull();
    expect(leftovers()).toEqual([]);
  });
});
