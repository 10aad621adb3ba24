import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MovieIndexCollector, isMovieFile } from '../src/infra/media/movie-index';
import { videoLengthReader } from '../src/services/video-limit';

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';
const describeWithFfmpeg = fs.existsSync(FFMPEG) && fs.existsSync(FFPROBE) ? describe : describe.skip;

const box = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
};
/** A box whose size is written in the 64-bit field (size 1), as cameras do for frames over 4 GB. */
const largeBox = (type: string, payload: Buffer) => {
  const header = Buffer.alloc(16);
  header.writeUInt32BE(1, 0);
  header.write(type, 4, 'latin1');
  header.writeBigUInt64BE(BigInt(16 + payload.length), 8);
  return Buffer.concat([header, payload]);
};

/** Feeds `bytes` in pieces of `size` bytes, as a socket might. */
function collect(bytes: Buffer, size: number) {
  const kept: Buffer[] = [];
  const collector = new MovieIndexCollector((piece) => kept.push(Buffer.from(piece)));
  for (let at = 0; at < bytes.length; at += size) collector.add(bytes.subarray(at, at + size));
  const found = collector.finish();
  return found === 'index' ? { found, bytes: Buffer.concat(kept) } : { found };
}

describe('the movie index picked out of a stream (ftyp + moov)', () => {
  const ftyp = box('ftyp', Buffer.from('qt  \0\0\0\0qt  '));
  const moov = box('moov', Buffer.concat([box('mvhd', Buffer.alloc(100, 7)), box('trak', Buffer.alloc(300, 9))]));
  const frames = Buffer.alloc(200_000, 0xab);

  test.each([1, 3, 7, 8, 15, 16, 4096, 1 << 20])('keeps ftyp and moov, skips the frames, in pieces of %p bytes', (size) => {
    const file = Buffer.concat([ftyp, box('wide', Buffer.alloc(0)), largeBox('mdat', frames), moov]);
    const index = collect(file, size);
    expect(index).toEqual({ found: 'index', bytes: Buffer.concat([ftyp, moov]) });
  });

  test('an index written before the frames (faststart) is kept the same', () => {
    expect(collect(Buffer.concat([ftyp, moov, box('mdat', frames)]), 1000)).toEqual({ found: 'index', bytes: Buffer.concat([ftyp, moov]) });
  });

  test('a last box of size 0 runs to the end of the file', () => {
    const toEnd = box('mdat', frames);
    toEnd.writeUInt32BE(0, 0);
    expect(collect(Buffer.concat([ftyp, moov, toEnd]), 4096)).toEqual({ found: 'index', bytes: Buffer.concat([ftyp, moov]) });
  });

  test('a file without moov, or cut inside a box, has no index', () => {
    expect(collect(Buffer.concat([ftyp, box('mdat', frames)]), 4096)).toEqual({ found: 'none' });
    expect(collect(Buffer.concat([ftyp, box('mdat', frames), moov]).subarray(0, -10), 4096)).toEqual({ found: 'none' });
    expect(collect(Buffer.concat([ftyp, Buffer.from([0, 0, 0, 4, 0x6d, 0x64, 0x61, 0x74])]), 4096)).toEqual({ found: 'none' });
  });

  test('a fragmented file says its length is elsewhere (the fragments carry it)', () => {
    const file = Buffer.concat([ftyp, moov, box('moof', Buffer.alloc(50)), box('mdat', frames)]);
    expect(collect(file, 4096)).toEqual({ found: 'elsewhere' });
  });

  test('only ISO base media files are read this way', () => {
    expect(isMovieFile(Buffer.concat([ftyp, moov]))).toBe(true);
    expect(isMovieFile(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]))).toBe(false); // WebM
    expect(isMovieFile(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBe(false);
  });
});

describeWithFfmpeg("a video's length read as its bytes stream by (ffprobe)", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-movie-index-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const make = (name: string, args: string[]) => {
    const file = path.join(dir, name);
    execFileSync(FFMPEG, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine', '-t', '7.5', ...args, '-shortest', file]);
    return fs.readFileSync(file);
  };

  async function lengthOf(bytes: Buffer) {
    const { watcher, length } = videoLengthReader(FFPROBE, bytes.subarray(0, 64), 'in the store')!;
    for (let at = 0; at < bytes.length; at += 64 * 1024) await watcher.write(bytes.subarray(at, at + 64 * 1024));
    watcher.end();
    return length;
  }

  test('a QuickTime file with its index at the end (as phones write it)', async () => {
    const mov = make('phone.mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']);
    expect(mov.indexOf('moov', 0, 'latin1')).toBeGreaterThan(mov.indexOf('mdat', 0, 'latin1'));
    expect(await lengthOf(mov)).toBeCloseTo(7.5, 1);
  });

  test('an MP4 with HEVC frames', async () => {
    expect(await lengthOf(make('hevc.mp4', ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-c:a', 'aac']))).toBeCloseTo(7.5, 1);
  });

  test('a WebM is piped to ffprobe whole on its way into the store, and read where it waits on this machine', async () => {
    const webm = make('clip.webm', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']);
    expect(await lengthOf(webm)).toBeCloseTo(7.5, 1);
    expect(videoLengthReader(FFPROBE, webm.subarray(0, 64), 'here')).toBeNull();
  });

  test("an MP4's index is read as it passes on this machine too (ffprobe starts with the first bytes)", async () => {
    const mov = make('here.mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']);
    const { watcher, length } = videoLengthReader(FFPROBE, mov.subarray(0, 64), 'here')!;
    for (let at = 0; at < mov.length; at += 64 * 1024) await watcher.write(mov.subarray(at, at + 64 * 1024));
    watcher.end();
    expect(await length).toBeCloseTo(7.5, 1);
  });

  test('a fragmented MP4 leaves the length to the staged file', async () => {
    const fragmented = make('fragmented.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov']);
    expect(await lengthOf(fragmented)).toBeUndefined();
  });

  test('an upload cut short has no length', async () => {
    const { watcher, length } = videoLengthReader(FFPROBE, Buffer.from('\0\0\0\x14ftypqt  '), 'here')!;
    await watcher.write(Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  '));
    watcher.abort();
    expect(await length).toBeNull();
  });
});
