import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { closeIdleDecoders, decoderProcessCount, runDecoder, type DecodeJob } from '../src/infra/media/decoder-pool';

// The photo decoders live between jobs (starting Node and sharp per photo cost a third of its job),
// and keep issue 23's guards: a job past a limit takes its process with it, the next job gets a new one.

jest.setTimeout(60_000);

const MB = 1024 * 1024;
let dir: string;
const limits = (memoryBytes = 512 * MB) => ({ memoryBytes, timeoutMs: 30_000 });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-decoders-'));
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c63' } }).jpeg().toFile(path.join(dir, 'photo.jpg'));
  fs.writeFileSync(path.join(dir, 'broken.jpg'), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]));
  // 64 megapixels, interlaced: the decoder must hold the whole image (about 200 MB) to read it.
  await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#3a6' } }).png({ progressive: true, compressionLevel: 1 }).toFile(path.join(dir, 'bomb.png'));
});

afterEach(async () => {
  closeIdleDecoders();
  while (decoderProcessCount() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const job = (input: string, name: string): DecodeJob => ({
  input: path.join(dir, input),
  heic: false,
  maxInputPixels: 100_000_000,
  outputs: [
    { file: path.join(dir, `${name}-640.webp`), size: 640, quality: 72, effort: 4 },
    { file: path.join(dir, `${name}-320.webp`), size: 320, quality: 60, effort: 4 },
  ],
});

test('photos in a row are decoded by one process, each written whole', async () => {
  await runDecoder(job('photo.jpg', 'a'), limits());
  await runDecoder(job('photo.jpg', 'b'), limits());
  await runDecoder(job('photo.jpg', 'c'), limits());
  expect(decoderProcessCount()).toBe(1);
  for (const name of ['a', 'b', 'c']) {
    expect(await sharp(path.join(dir, `${name}-640.webp`)).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
    expect(await sharp(path.join(dir, `${name}-320.webp`)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  }
});

test('copies made from one decode are turned upright and keep the colours of a copy decoded alone', async () => {
  // A portrait phone photo (EXIF orientation 6) in Display P3, as an iPhone writes it.
  const input = path.join(dir, 'portrait-p3.jpg');
  await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 210, g: 60, b: 40 } } }).jpeg().withIccProfile('p3').withMetadata({ orientation: 6 }).toFile(input);
  await runDecoder(job('portrait-p3.jpg', 'p'), limits());
  const alone = path.join(dir, 'alone-320.webp');
  await runDecoder({ ...job('portrait-p3.jpg', 'q'), outputs: [{ file: alone, size: 320, quality: 60, effort: 4 }] }, limits());
  expect(await sharp(path.join(dir, 'p-640.webp')).metadata()).toMatchObject({ width: 480, height: 640 });
  expect(await sharp(path.join(dir, 'p-320.webp')).metadata()).toMatchObject({ width: 240, height: 320 });
  const means = async (file: string) => (await sharp(file).stats()).channels.slice(0, 3).map((channel) => channel.mean);
  const [fromOne, decodedAlone] = await Promise.all([means(path.join(dir, 'p-320.webp')), means(alone)]);
  fromOne.forEach((mean, i) => expect(Math.abs(mean - decodedAlone[i])).toBeLessThan(2));
  // Back in sRGB, the colour the photo was made of (the P3 file holds other numbers for it).
  [210, 60, 40].forEach((value, i) => expect(Math.abs(fromOne[i] - value)).toBeLessThan(4));
});

test('two decodes at once get two processes', async () => {
  await Promise.all([runDecoder(job('photo.jpg', 'd'), limits()), runDecoder(job('photo.jpg', 'e'), limits())]);
  expect(decoderProcessCount()).toBe(2);
});

test('a file the decoder refuses fails its job; the same process decodes the next photo', async () => {
  await expect(runDecoder(job('broken.jpg', 'f'), limits())).rejects.toThrow(/^decoder failed: /);
  expect(decoderProcessCount()).toBe(1);
  await runDecoder(job('photo.jpg', 'g'), limits());
  expect(decoderProcessCount()).toBe(1);
  expect(fs.existsSync(path.join(dir, 'g-640.webp'))).toBe(true);
});

test('a decode past the memory ceiling takes its process with it; the next photo gets a new one', async () => {
  await runDecoder(job('photo.jpg', 'h'), limits(150 * MB));
  await expect(runDecoder(job('bomb.png', 'i'), limits(150 * MB))).rejects.toThrow(/MEDIA_JOB_MAX_MEMORY/);
  await runDecoder(job('photo.jpg', 'j'), limits(150 * MB));
  expect(fs.existsSync(path.join(dir, 'j-640.webp'))).toBe(true);
  while (decoderProcessCount() > 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(decoderProcessCount()).toBe(1);
});

test('a decode past its time limit or aborted fails at once and its process is ended', async () => {
  await expect(runDecoder(job('bomb.png', 'k'), { memoryBytes: 2048 * MB, timeoutMs: 100 })).rejects.toThrow(/MEDIA_DECODE_TIMEOUT/);
  const abort = new AbortController();
  const running = runDecoder(job('bomb.png', 'l'), { ...limits(2048 * MB), signal: abort.signal });
  setTimeout(() => abort.abort(), 100);
  await expect(running).rejects.toThrow('aborted');
  while (decoderProcessCount() > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(decoderProcessCount()).toBe(0);
});

/** The niceness of this process's decoder children (Linux: field 19 of /proc/<pid>/stat). */
function childNiceness(): number[] {
  const values: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // A decoder by its command line (its script is given sharp's path); the thread name is no guide
      // (Node 24 calls its main thread 'MainThread').
      const decoder = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('sharp');
      if (Number(fields[1]) === process.pid && decoder) values.push(Number(fields[16]));
    } catch {
      // Gone meanwhile.
    }
  }
  return values;
}

const onLinux = process.platform === 'linux' ? test : test.skip;

onLinux("issue 29: a nicer decode runs in a process of its own, nicer than the server's; the server's decoders keep the server's priority", async () => {
  const base = os.getPriority();
  await runDecoder(job('photo.jpg', 'first'), limits());
  await runDecoder(job('photo.jpg', 'screen'), limits(), 10);
  expect(decoderProcessCount()).toBe(2);
  expect(childNiceness().sort((a, b) => a - b)).toEqual([base, Math.min(19, base + 10)]);
  // Each kind is reused by its own kind.
  await runDecoder(job('photo.jpg', 'screen2'), limits(), 10);
  await runDecoder(job('photo.jpg', 'first2'), limits());
  expect(decoderProcessCount()).toBe(2);
});
