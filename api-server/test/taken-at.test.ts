import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { photoTakenAt } from '../src/infra/media/taken-at';

// A photo's capture time, read by exifr from a real JPEG whose EXIF exiftool wrote.

/** exifr's options class (missing from its types): `useCached` maps each caller's options object to what it derives, in a Map never emptied. */
const exifrOptions = (exifr as unknown as { Options: { useCached(options: object): unknown } }).Options;

let dir: string;
let photo: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-taken-at-'));
  photo = path.join(dir, 'phone.jpg');
  await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg().toFile(photo);
  execFileSync('exiftool', ['-q', '-overwrite_original', '-DateTimeOriginal=2026:11:21 19:45:10', '-OffsetTimeOriginal=-03:00', photo]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => jest.restoreAllMocks());

test('DateTimeOriginal with its offset, from a file and from its bytes', async () => {
  expect(await photoTakenAt(photo)).toBe('2026-11-21T22:45:10.000Z');
  expect(await photoTakenAt(fs.readFileSync(photo))).toBe('2026-11-21T22:45:10.000Z');
});

test('every read hands exifr the same options object (exifr keeps what it derives from each one, forever)', async () => {
  const useCached = jest.spyOn(exifrOptions, 'useCached');
  for (let i = 0; i < 3; i++) await photoTakenAt(photo);
  expect(useCached).toHaveBeenCalledTimes(3);
  const [first, second, third] = useCached.mock.calls.map((call) => call[0]);
  expect(first).toEqual(expect.objectContaining({ pick: expect.arrayContaining(['DateTimeOriginal']) }));
  expect(second).toBe(first);
  expect(third).toBe(first);
});
