import childProcess, { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chunkCalls, createAlbum, createEvent, organiserSession, readJson, readStored, startServer, storedKeys, type TestServer } from './helpers';
import { formatVideoLength, videoTooLongMessage } from '../src/services/video-limit';
import { takenAtFromExif } from '../src/infra/media/taken-at';
import { runFfmpeg, TRANSCODE_NICE } from '../src/infra/media/video';

// Issue 25: playback renditions (ffmpeg), durations, limits and capture times. Fixtures are made here
// with ffmpeg, tiny (1–2 s, small sizes) so the suite stays light on a shared machine.

const FFMPEG = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((candidate) => fs.existsSync(candidate));
const FFPROBE = FFMPEG && path.join(path.dirname(FFMPEG), 'ffprobe');
const describeWithFfmpeg = FFMPEG && fs.existsSync(FFPROBE!) ? describe : describe.skip;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-videos-'));
const ff = (...args: string[]) => execFileSync(FFMPEG!, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args]);
const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];

interface Fixtures {
  /** iPhone-like: HEVC (hvc1) in .mov, 320×180 stored with a 90° display matrix, AAC sound, Apple's creation date. */
  hevcMov: string;
  vp9Webm: string;
  /** 3840×2160 H.264 at ~40 Mbit/s: over VIDEO_MAX_EDGE and VIDEO_MAX_BITRATE. */
  h264FourK: string;
  /** 320×240 H.264 + AAC in .mov, within every limit: remuxed only. */
  h264Small: string;
  /** 3 s, for a lowered VIDEO_MAX_SECONDS. */
  long: string;
}

function makeFixtures(): Fixtures {
  const file = (name: string) => path.join(dir, name);
  const quietX265 = ['-x265-params', 'log-level=error'];
  ff(...lavfi('testsrc2=size=320x180:rate=30'), ...lavfi('sine=frequency=440'), '-t', '1.5', '-c:v', 'libx265', '-preset', 'ultrafast', ...quietX265, '-tag:v', 'hvc1', '-c:a', 'aac', file('plain.mov'));
  // ffmpeg 5.1 writes the rotation only when copying; Apple's creation date needs use_metadata_tags.
  ff('-i', file('plain.mov'), '-map', '0', '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-movflags', 'use_metadata_tags', '-metadata', 'com.apple.quicktime.creationdate=2024-06-01T18:30:12-0300', file('iphone.mov'));
  ff(...lavfi('testsrc2=size=320x240:rate=15'), ...lavfi('sine=frequency=330'), '-t', '1', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', file('clip.webm'));
  ff(...lavfi('testsrc2=size=3840x2160:rate=10'), '-t', '0.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '8', '-pix_fmt', 'yuv420p', file('4k.mp4'));
  ff(...lavfi('testsrc2=size=320x240:rate=15'), ...lavfi('sine=frequency=550'), '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file('small.mov'));
  ff(...lavfi('testsrc2=size=64x64:rate=5'), '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file('long.mp4'));
  return { hevcMov: file('iphone.mov'), vp9Webm: file('clip.webm'), h264FourK: file('4k.mp4'), h264Small: file('small.mov'), long: file('long.mp4') };
}

interface Probed {
  streams: Array<{ codec_type: string; codec_name: string; profile?: string; pix_fmt?: string; width?: number; height?: number; bit_rate?: string; side_data_list?: Array<{ rotation?: number }> }>;
  format: { duration: string; format_name: string; bit_rate: string };
}
const probe = (file: string): Probed => JSON.parse(execFileSync(FFPROBE!, ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString());
/** The video packets' checksums: equal when the frames were copied, not re-encoded. */
const packetSums = (file: string) =>
  execFileSync(FFMPEG!, ['-hide_banner', '-loglevel', 'error', '-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'framemd5', '-'])
    .toString()
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => line.split(',').pop()!.trim());
/** Whether `moov` comes before `mdat` (+faststart: a player starts before the whole file arrives). */
const fastStart = (bytes: Buffer) => bytes.indexOf('moov') > 0 && bytes.indexOf('moov') < bytes.indexOf('mdat');

function uploadForm(albumId: string, userId: string, files: Array<{ name: string; bytes: Buffer; type: string }>): FormData {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', userId);
  for (const file of files) form.append('images', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}
const upload = (server: TestServer, albumId: string, files: Array<{ name: string; bytes: Buffer; type: string }>) =>
  fetch(`${server.url}/api/events/photos`, { method: 'POST', body: uploadForm(albumId, 'Rui', files) });
const keyOf = (url: string) => decodeURIComponent(url.replace('/api/files?path=', ''));

test("the refusal's wording is the issue's", () => {
  expect(videoTooLongMessage(252.7, 180)).toBe('Este vídeo tem 4 min 12 s; o limite deste evento é 3 min.');
  expect(formatVideoLength(45)).toBe('45 s');
  expect(formatVideoLength(60)).toBe('1 min');
});

test('EXIF capture times are read with their offset', () => {
  expect(takenAtFromExif({ DateTimeOriginal: '2023:05:20 14:00:00', OffsetTimeOriginal: '-03:00' })).toBe('2023-05-20T17:00:00.000Z');
  expect(takenAtFromExif({ DateTimeOriginal: '2023:05:20 14:00:00', OffsetTimeOriginal: '+05:30' })).toBe('2023-05-20T08:30:00.000Z');
  // A camera's unset clock is not a capture time.
  expect(takenAtFromExif({ DateTimeOriginal: '1970:01:01 00:00:00', OffsetTimeOriginal: '+00:00' })).toBeNull();
  expect(takenAtFromExif({})).toBeNull();
});

describeWithFfmpeg('videos (issue 25)', () => {
  let fixtures: Fixtures;
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let event: Awaited<ReturnType<typeof createEvent>>;
  let album: Awaited<ReturnType<typeof createAlbum>>;

  beforeAll(async () => {
    fixtures = makeFixtures();
    server = await startServer({ env: { VIDEO_MAX_SECONDS: '2', VIDEO_CONCURRENCY: '1', MEDIA_CONCURRENCY: '1' } });
    ana = await organiserSession(server, 'ana@example.com');
    event = await createEvent(server, ana.token);
    album = await createAlbum(server, ana.token, event.id);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Uploads a fixture and answers its listed item once the media queue (both lanes) is idle. */
  async function uploaded(file: string, type: string) {
    const response = await upload(server, album.id, [{ name: path.basename(file), bytes: fs.readFileSync(file), type }]);
    expect(response.status).toBe(201);
    const { photos } = await readJson(response);
    await server.app.media.idle();
    const list = await readJson(await fetch(`${server.url}/api/events/photos/${album.id}`));
    return list.find((item: { id: string }) => item.id === photos[0].id);
  }

  /** The rendition as a file on this machine, for ffprobe. */
  async function renditionFile(url: string): Promise<{ file: string; bytes: Buffer }> {
    const bytes = (await readStored(server, keyOf(url)))!;
    const file = path.join(dir, `rendition-${Math.random().toString(36).slice(2)}.mp4`);
    fs.writeFileSync(file, bytes);
    return { file, bytes };
  }

  test("an iPhone HEVC .mov gets an H.264/AAC MP4 rendition, upright, its duration, size and capture time", async () => {
    const item = await uploaded(fixtures.hevcMov, 'video/quicktime');
    expect(item).toMatchObject({
      file_type: 'video',
      processing: false,
      error: false,
      playback_error: false,
      original_photo: expect.stringMatching(/\.mov$/),
      playback_video: expect.stringMatching(/-playback\.mp4$/),
      width: 180,
      height: 320,
      taken_at: '2024-06-01T21:30:12.000Z',
    });
    expect(item.duration).toBeCloseTo(1.5, 1);
    const { file, bytes } = await renditionFile(item.playback_video);
    const info = probe(file);
    const video = info.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = info.streams.find((stream) => stream.codec_type === 'audio')!;
    expect([video.codec_name, video.profile, video.pix_fmt]).toEqual(['h264', 'High', 'yuv420p']);
    // Rotation applied: the pixels are upright and no display matrix is left for a player to ignore.
    expect([video.width, video.height]).toEqual([180, 320]);
    expect(video.side_data_list?.some((side) => side.rotation)).toBeFalsy();
    expect(audio.codec_name).toBe('aac');
    expect(Number(info.format.duration)).toBeCloseTo(1.5, 1);
    expect(fastStart(bytes)).toBe(true);
    // The original stays as it was sent (for 'Baixar').
    expect(probe(path.join(dir, 'iphone.mov')).streams[0].codec_name).toBe('hevc');
    expect((await readStored(server, keyOf(item.original_photo)))!.equals(fs.readFileSync(fixtures.hevcMov))).toBe(true);
  });

  test('a VP9 WebM is transcoded to H.264/AAC', async () => {
    const item = await uploaded(fixtures.vp9Webm, 'video/webm');
    const info = probe((await renditionFile(item.playback_video)).file);
    expect(info.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(info.format.format_name).toContain('mp4');
    expect(item).toMatchObject({ width: 320, height: 240 });
  });

  test('a 4K H.264 over the bit rate limit is scaled to 1080 px and capped', async () => {
    const item = await uploaded(fixtures.h264FourK, 'video/mp4');
    expect(item).toMatchObject({ width: 3840, height: 2160 });
    const info = probe((await renditionFile(item.playback_video)).file);
    const video = info.streams.find((stream) => stream.codec_type === 'video')!;
    expect([video.codec_name, video.width, video.height]).toEqual(['h264', 1080, 608]);
    expect(Number(video.bit_rate ?? info.format.bit_rate)).toBeLessThanOrEqual(5_000_000 * 1.1);
  }, 60_000);

  test('a small H.264/AAC video within the limits is only remuxed: its frames are not re-encoded', async () => {
    const item = await uploaded(fixtures.h264Small, 'video/quicktime');
    const { file, bytes } = await renditionFile(item.playback_video);
    expect(packetSums(file)).toEqual(packetSums(fixtures.h264Small));
    expect(probe(file).format.format_name).toContain('mp4');
    expect(fastStart(bytes)).toBe(true);
  });

  test("a video's length is read as it streams in: the check reads nothing back from the store", async () => {
    // On S3 the length check read the whole object back from the bucket (a phone writes the index at the end).
    const storage = server.app.storage;
    const reads: string[] = [];
    const get = storage.get.bind(storage);
    storage.get = (key, ...rest) => {
      reads.push(key);
      return get(key, ...rest);
    };
    try {
      const response = await upload(server, album.id, [{ name: 'again.mov', bytes: fs.readFileSync(fixtures.h264Small), type: 'video/quicktime' }]);
      expect(response.status).toBe(201);
      expect(reads).toEqual([]);
    } finally {
      storage.get = get;
    }
    await server.app.media.idle();
  });

  test('range requests work on the rendition', async () => {
    const item = await uploaded(fixtures.h264Small, 'video/mp4').catch(() => null);
    // The same bytes are a duplicate: take the rendition of the first upload.
    const list = await readJson(await fetch(`${server.url}/api/events/photos/${album.id}`));
    const video = item ?? list.find((entry: { playback_video: string | null }) => entry.playback_video);
    const response = await fetch(`${server.url}${video.playback_video}`, { headers: { range: 'bytes=0-99' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer()).length).toBe(100);
  });

  test('a video over VIDEO_MAX_SECONDS is refused with 413 and the message; nothing is stored', async () => {
    const before = await storedKeys(server);
    const rows = (await server.app.db.selectFrom('photos').select('id').execute()).length;
    const response = await upload(server, album.id, [{ name: 'long.mp4', bytes: fs.readFileSync(fixtures.long), type: 'video/mp4' }]);
    expect(response.status).toBe(413);
    expect(await readJson(response)).toEqual({ status: 413, message: 'Este vídeo tem 3 s; o limite deste evento é 2 s.' });
    expect(await storedKeys(server)).toEqual(before);
    expect((await server.app.db.selectFrom('photos').select('id').execute()).length).toBe(rows);
  });

  test("the event's own limit ('Duração máxima dos vídeos') replaces the server's, also for chunked uploads", async () => {
    const put = (value: unknown) =>
      fetch(`${server.url}/api/events/${event.id}`, {
        method: 'PUT',
        headers: { authentication: ana.token, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Casamento', date: '2026-12-01 18:00', location: 'Recife', contact: 'ana@example.com', video_max_seconds: value }),
      });
    expect((await readJson(await put('abc'))).status).toBe(400);
    expect(await readJson(await put(5))).toMatchObject({ video_max_seconds: 5 });
    const publicEvent = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    expect(publicEvent.video_max_seconds).toBe(5);
    const accepted = await upload(server, album.id, [{ name: 'long.mp4', bytes: fs.readFileSync(fixtures.long), type: 'video/mp4' }]);
    expect(accepted.status).toBe(201);
    await server.app.media.idle();

    expect(await readJson(await put(1))).toMatchObject({ video_max_seconds: 1 });
    const before = await storedKeys(server);
    const chunks = chunkCalls(server.url);
    const bytes = Buffer.concat([fs.readFileSync(fixtures.long), Buffer.from('x')]);
    const session = await readJson(await chunks.init({ fileName: 'long-2.mp4', fileSize: bytes.length, fileType: 'video/mp4', albumId: album.id, userId: 'Rui' }));
    expect((await chunks.sendChunk(session.sessionId, 0, 1, bytes)).status).toBe(200);
    const finalized = await chunks.finalize(session.sessionId);
    expect(finalized.status).toBe(413);
    expect(await readJson(finalized)).toMatchObject({ status: 413, message: 'Este vídeo tem 3 s; o limite deste evento é 1 s.' });
    expect((await storedKeys(server)).filter((key) => !before.includes(key) && !key.includes('chunk'))).toEqual([]);
    // Empty: the server's default again.
    expect(await readJson(await put(''))).toMatchObject({ video_max_seconds: null });
    expect((await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).video_max_seconds).toBe(2);
  });

  test("a chunked video's length is read once its last chunk is in, not at finalize; a chunk sent again reads it anew", async () => {
    // Issue 29 item 6: ffprobe's start-up overlaps the client's way back to finalize.
    const spawn = jest.spyOn(childProcess, 'spawn');
    try {
      const bytes = Buffer.concat([fs.readFileSync(fixtures.long), Buffer.from('chunked')]);
      const half = Math.ceil(bytes.length / 2);
      const chunks = chunkCalls(server.url);
      const { sessionId } = await readJson(await chunks.init({ fileName: 'long-3.mp4', fileSize: bytes.length, fileType: 'video/mp4', albumId: album.id, userId: 'Rui' }));
      /** ffprobe runs on this session's file so far. */
      const readings = () => spawn.mock.calls.filter(([command, args]) => String(command).endsWith('ffprobe') && (args ?? []).some((arg) => arg.includes(sessionId))).length;
      // On S3 the store assembles the file at finalize: nothing on this machine to read before it.
      const early = server.app.staging.chunks.localFile({ id: sessionId }) === null ? 0 : 1;
      expect((await chunks.sendChunk(sessionId, 0, 2, bytes.subarray(0, half))).status).toBe(200);
      expect(readings()).toBe(0); // not all in yet
      expect((await chunks.sendChunk(sessionId, 1, 2, bytes.subarray(half))).status).toBe(200);
      expect(readings()).toBe(early);
      // The last chunk again (its answer lost): the file may have changed, so it is read again.
      expect((await chunks.sendChunk(sessionId, 1, 2, bytes.subarray(half))).status).toBe(200);
      expect(readings()).toBe(2 * early);
      const finalized = await chunks.finalize(sessionId);
      expect(await readJson(finalized)).toEqual({ status: 413, message: 'Este vídeo tem 3 s; o limite deste evento é 2 s.' });
      expect(readings()).toBe(2 * early); // finalize read nothing itself
    } finally {
      spawn.mockRestore();
    }
  });

  test("photos carry their capture time; 'taken' order lists them oldest first, unknown last", async () => {
    const photo = (when: string | null, colour: string) => {
      let image = sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).jpeg();
      if (when) image = image.withExif({ IFD2: { DateTimeOriginal: when, OffsetTimeOriginal: '-03:00' } });
      return image.toBuffer();
    };
    const other = await createAlbum(server, ana.token, event.id);
    const files = [
      { name: 'late.jpg', bytes: await photo('2023:05:20 22:00:00', '#a00'), type: 'image/jpeg' },
      { name: 'unknown.jpg', bytes: await photo(null, '#0a0'), type: 'image/jpeg' },
      { name: 'early.jpg', bytes: await photo('2023:05:20 09:15:00', '#00a'), type: 'image/jpeg' },
    ];
    const { photos } = await readJson(await upload(server, other.id, files));
    await server.app.media.idle();
    const byName = Object.fromEntries(photos.map((item: { id: string; file_name: string }) => [item.file_name, item.id]));
    const taken = await readJson(await fetch(`${server.url}/api/events/photos/${other.id}?order=taken`));
    expect(taken.map((item: { id: string }) => item.id)).toEqual([byName['early.jpg'], byName['late.jpg'], byName['unknown.jpg']]);
    expect(taken.map((item: { taken_at: string | null }) => item.taken_at)).toEqual(['2023-05-20T12:15:00.000Z', '2023-05-21T01:00:00.000Z', null]);
    const recent = await readJson(await fetch(`${server.url}/api/events/photos/${other.id}`));
    expect(recent.map((item: { id: string }) => item.id)).toEqual([byName['early.jpg'], byName['unknown.jpg'], byName['late.jpg']]);
    expect((await fetch(`${server.url}/api/events/photos/${other.id}?order=sideways`)).status).toBe(400);

    // Stored before issue 25: the backfill at start reads capture times and makes missing renditions.
    await server.app.db.updateTable('photos').set({ taken_at: null, metadata_read: 0 }).where('album_id', '=', other.id).execute();
    const video = await server.app.db.selectFrom('photos').select(['id', 'playback_path']).where('file_type', '=', 'video').where('playback_path', 'is not', null).executeTakeFirstOrThrow();
    await server.app.db.updateTable('photos').set({ playback_path: null }).where('id', '=', video.id).execute();
    await server.app.storage.remove(video.playback_path!);
    await server.restart();
    await server.app.media.idle();
    const again = await readJson(await fetch(`${server.url}/api/events/photos/${other.id}?order=taken`));
    expect(again.map((item: { taken_at: string | null }) => item.taken_at)).toEqual(['2023-05-20T12:15:00.000Z', '2023-05-21T01:00:00.000Z', null]);
    const row = await server.app.db.selectFrom('photos').select(['playback_path', 'playback_error']).where('id', '=', video.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ playback_path: video.playback_path, playback_error: null });
  }, 60_000);
});

describeWithFfmpeg('a video whose rendition cannot be made', () => {
  test("says 'Não foi possível preparar este vídeo.' and keeps its poster and original", async () => {
    // An ffmpeg that makes posters but fails every rendition (a real ffmpeg behind a wrapper).
    const wrapper = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-ffmpeg-')), 'ffmpeg');
    fs.writeFileSync(wrapper, `#!/bin/sh\ncase "$*" in *faststart*) echo "refused" >&2; exit 1;; esac\nexec ${FFMPEG} "$@"\n`, { mode: 0o755 });
    const server = await startServer({ env: { FFMPEG_PATH: wrapper, MEDIA_CONCURRENCY: '1' } });
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const event = await createEvent(server, ana.token);
      const album = await createAlbum(server, ana.token, event.id);
      const file = path.join(path.dirname(wrapper), 'clip.mp4');
      execFileSync(FFMPEG!, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=5', '-t', '1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', file]);
      const { photos } = await readJson(await upload(server, album.id, [{ name: 'clip.mp4', bytes: fs.readFileSync(file), type: 'video/mp4' }]));
      await server.app.media.idle();
      const [update] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${album.id}?ids=${photos[0].id}`));
      expect(update).toMatchObject({
        processing: false,
        error: false,
        compressed_photo: expect.stringMatching(/-grid\.webp$/),
        playback_video: null,
        playback_error: 'Não foi possível preparar este vídeo.',
        width: 64,
        height: 64,
      });
    } finally {
      await server.close();
      fs.rmSync(path.dirname(wrapper), { recursive: true, force: true });
    }
  }, 90_000);
});

describeWithFfmpeg('the video lane', () => {
  test("queues a new video's rendition after its poster job: the poster is never slowed by the transcoding", async () => {
    // An ffmpeg whose poster frames wait for a signal (a real ffmpeg behind a wrapper) and that notes
    // every rendition it starts: none may start while the poster is held.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-lane-'));
    const release = path.join(folder, 'release');
    const started = path.join(folder, 'renditions-started');
    const wrapper = path.join(folder, 'ffmpeg');
    fs.writeFileSync(
      wrapper,
      `#!/bin/sh\ncase "$*" in *frames:v*) i=0; while [ ! -e "${release}" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i+1)); done;; *faststart*) echo x >> "${started}";; esac\nexec ${FFMPEG} "$@"\n`,
      { mode: 0o755 },
    );
    const server = await startServer({ env: { FFMPEG_PATH: wrapper, MEDIA_CONCURRENCY: '1', VIDEO_CONCURRENCY: '1' } });
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const album = await createAlbum(server, ana.token, (await createEvent(server, ana.token)).id);
      const file = path.join(folder, 'clip.mp4');
      ff(...lavfi('testsrc2=size=96x64:rate=10'), '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file);
      const { photos } = await readJson(await upload(server, album.id, [{ name: 'clip.mp4', bytes: fs.readFileSync(file), type: 'video/mp4' }]));
      const row = () => server.app.db.selectFrom('photos').select(['processing', 'playback_path', 'compressed_path']).where('id', '=', photos[0].id).executeTakeFirstOrThrow();
      // The poster job is held at its frame: in 1.5 s no rendition starts.
      await new Promise((r) => setTimeout(r, 1500));
      expect(fs.existsSync(started)).toBe(false);
      expect(await row()).toEqual({ processing: 1, playback_path: null, compressed_path: null });

      fs.writeFileSync(release, '');
      for (let i = 0; i < 400 && !(await row()).playback_path; i++) await new Promise((r) => setTimeout(r, 50));
      await server.app.media.idle();
      expect(fs.readFileSync(started, 'utf8')).toBe('x\n');
      const [update] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${album.id}?ids=${photos[0].id}`));
      expect(update).toMatchObject({ processing: false, error: false, compressed_photo: expect.stringMatching(/-grid\.webp$/), playback_video: expect.stringMatching(/-playback\.mp4/), duration: 1, width: 96, height: 64 });
    } finally {
      fs.writeFileSync(release, '');
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 90_000);
});

test('a transcoding runs below normal CPU priority, so photos are not slowed behind it', async () => {
  // A stand-in for ffmpeg that writes the niceness it runs at (after a moment: the priority is set
  // right after the process starts).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-nice-'));
  const wrapper = path.join(dir, 'ffmpeg');
  fs.writeFileSync(wrapper, `#!/bin/sh\nsleep 0.3\nnice > "${dir}/nice"\n`, { mode: 0o755 });
  try {
    await runFfmpeg(wrapper, [], new AbortController().signal, 10_000);
    expect(Number(fs.readFileSync(path.join(dir, 'nice'), 'utf8'))).toBe(os.getPriority() + TRANSCODE_NICE);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
