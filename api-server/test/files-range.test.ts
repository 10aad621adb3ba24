import fs from 'node:fs';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { createAlbum, createEvent, organiserSession, PNG_BYTES, readJson, startServer, usingS3, type TestServer } from './helpers';
import { s3Env, startS3Server, type S3TestServer } from './s3';

// Stored files served as a CDN would, on both drivers: byte ranges (206, 416), conditional requests
// (304), content types, and caching. The S3 case runs against an s3rver this file starts (or the
// run's own, on the PostgreSQL + S3 run).

/** A request with exactly these headers (fetch would add its own, e.g. Cache-Control on conditionals). */
function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** An MP4-looking file (ftyp header, then patterned bytes) of `size` bytes. */
function mp4(size: number): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + 3) % 256;
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.from([0, 0, 0, 0]), Buffer.from('mp42isom')]).copy(bytes);
  return bytes;
}

const drivers = usingS3() ? ['s3'] : ['local', 's3'];

describe.each(drivers)('files served like a CDN (%s)', (driver) => {
  let server: TestServer;
  let s3: S3TestServer | null = null;
  let video: Buffer;
  let videoUrl: string;
  let photoUrl: string;
  let thumbUrl: string;
  let imageUrl: string;
  let qrUrl: string;

  beforeAll(async () => {
    let env: Record<string, string> = { STORAGE_DRIVER: 'local', FFMPEG_PATH: 'none' };
    if (driver === 's3' && !usingS3()) {
      s3 = await startS3Server();
      env = { ...s3Env(s3), FFMPEG_PATH: 'none' };
    } else if (driver === 's3') {
      env = { FFMPEG_PATH: 'none' };
    }
    server = await startServer({ env });
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    imageUrl = event.image!;
    const album = await createAlbum(server, ana.token, event.id);
    video = mp4(300_000);
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e11d48' } }).jpeg().toBuffer();
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Rui');
    form.append('images', new Blob([video], { type: 'video/mp4' }), 'festa.mp4');
    form.append('images', new Blob([jpeg], { type: 'image/jpeg' }), 'bolo.jpg');
    const { photos } = await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }));
    videoUrl = `${server.url}${photos[0].original_photo}`;
    photoUrl = `${server.url}${photos[1].original_photo}`;
    await server.app.media.idle();
    const [done] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${album.id}?ids=${photos[1].id}`));
    thumbUrl = `${server.url}${done.compressed_photo}`;
    qrUrl = `${server.url}${(await readJson(await fetch(`${server.url}/api/events/share/${event.id}`, { headers: ana.headers }))).qrcode}`;
  }, 30_000);
  afterAll(async () => {
    await server?.close();
    if (s3) {
      await s3.stop();
      fs.rmSync(s3.directory, { recursive: true, force: true });
    }
  }, 30_000);

  test('the right content type for every kind of file', async () => {
    for (const [url, type] of [
      [videoUrl, 'video/mp4'],
      [photoUrl, 'image/jpeg'],
      [thumbUrl, 'image/webp'],
      [`${server.url}${imageUrl}`, 'image/png'],
      [qrUrl, 'image/png'],
    ]) {
      const response = await get(url);
      expect([url, response.status, response.headers['content-type']]).toEqual([url, 200, type]);
      expect(response.headers['accept-ranges']).toBe('bytes');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('a whole file: 200 with its length, a strong ETag, Last-Modified; a year of immutable caching for public assets, 30 s for a public photo (issue 22)', async () => {
    const response = await get(videoUrl);
    expect(response.status).toBe(200);
    expect(response.body.equals(video)).toBe(true);
    expect(response.headers['content-length']).toBe(String(video.length));
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeLessThanOrEqual(Date.now());
    for (const url of [`${server.url}${imageUrl}`, qrUrl]) {
      expect((await get(url, {}, 'HEAD')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // A photo's files follow its state (issue 22): shared caches keep them 30 s, never a year.
    for (const url of [videoUrl, photoUrl, thumbUrl]) {
      expect((await get(url, {}, 'HEAD')).headers['cache-control']).toBe('public, max-age=30');
    }
  });

  test('a stored file that is no event asset nor a file of a photo row is not served (issue 22)', async () => {
    await server.app.storage.put('events/evt_x/notes.png', PNG_BYTES);
    const response = await get(`${server.url}/api/files?path=events/evt_x/notes.png`);
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString())).toEqual({ status: 404, message: 'Arquivo não encontrado.' });
  });

  test('Range: 206 with Content-Range and exactly those bytes (first bytes, a middle, a suffix, an open end)', async () => {
    const size = video.length;
    for (const [range, start, end] of [
      ['bytes=0-1', 0, 1],
      ['bytes=0-99', 0, 99],
      ['bytes=1000-65535', 1000, 65535],
      [`bytes=-500`, size - 500, size - 1],
      [`bytes=${size - 10}-`, size - 10, size - 1],
      [`bytes=299990-999999`, 299990, size - 1],
    ] as const) {
      const response = await get(videoUrl, { range });
      expect([range, response.status]).toEqual([range, 206]);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers['content-length']).toBe(String(end - start + 1));
      expect(response.headers['content-type']).toBe('video/mp4');
      expect(response.body.equals(video.subarray(start, end + 1))).toBe(true);
    }
  });

  test('the download route answers ranges too, as an attachment', async () => {
    const response = await get(videoUrl.replace('/api/files?', '/api/files/download?'), { range: 'bytes=10-19' });
    expect(response.status).toBe(206);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="pho_[0-9a-f-]+\.mp4"$/);
    expect(response.body.equals(video.subarray(10, 20))).toBe(true);
  });

  test('an unsatisfiable range is 416 JSON with Content-Range bytes */size and no caching', async () => {
    for (const range of [`bytes=${video.length}-`, `bytes=${video.length + 5}-${video.length + 10}`]) {
      const response = await get(videoUrl, { range });
      expect(response.status).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${video.length}`);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBeUndefined();
      expect(JSON.parse(response.body.toString())).toEqual({ status: 416, message: 'O intervalo de bytes pedido está fora do arquivo.' });
    }
  });

  test('several ranges or a malformed one: the whole file with 200', async () => {
    for (const range of ['bytes=0-9,100-109', 'bytes=abc', 'items=0-5']) {
      const response = await get(videoUrl, { range });
      expect([range, response.status]).toEqual([range, 200]);
      expect(response.body.length).toBe(video.length);
    }
  });

  test('If-Range: the range when the ETag still matches, the whole file when it does not', async () => {
    const { headers } = await get(videoUrl, {}, 'HEAD');
    expect((await get(videoUrl, { range: 'bytes=0-9', 'if-range': String(headers.etag) })).status).toBe(206);
    const stale = await get(videoUrl, { range: 'bytes=0-9', 'if-range': '"an-older-version"' });
    expect(stale.status).toBe(200);
    expect(stale.body.length).toBe(video.length);
  });

  test('If-None-Match and If-Modified-Since: 304 with no body while the copy is current', async () => {
    const { headers } = await get(photoUrl, {}, 'HEAD');
    const etag = String(headers.etag);
    const lastModified = String(headers['last-modified']);
    for (const conditional of <Record<string, string>[]>[
      { 'if-none-match': etag },
      { 'if-none-match': `"other", ${etag}` },
      { 'if-none-match': `W/${etag}` },
      { 'if-none-match': '*' },
      { 'if-modified-since': lastModified },
      { 'if-modified-since': new Date(Date.now() + 3600_000).toUTCString() },
      // fetch() adds Cache-Control: no-cache to conditional requests: still a 304.
      { 'if-none-match': etag, 'cache-control': 'no-cache' },
    ]) {
      const response = await get(photoUrl, conditional);
      expect([conditional, response.status]).toEqual([conditional, 304]);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
      expect(response.headers['cache-control']).toBe('public, max-age=30');
    }
    for (const conditional of <Record<string, string>[]>[
      { 'if-none-match': '"other"' },
      // If-None-Match decides when both are sent.
      { 'if-none-match': '"other"', 'if-modified-since': lastModified },
      { 'if-modified-since': new Date(Date.parse(lastModified) - 3600_000).toUTCString() },
      { 'if-modified-since': 'not a date' },
    ]) {
      const response = await get(photoUrl, conditional);
      expect([conditional, response.status]).toEqual([conditional, 200]);
    }
  });

  test('HEAD describes the file without sending it; a range too', async () => {
    const whole = await get(videoUrl, {}, 'HEAD');
    expect([whole.status, whole.headers['content-length'], whole.body.length]).toEqual([200, String(video.length), 0]);
    const part = await get(videoUrl, { range: 'bytes=100-199' }, 'HEAD');
    expect([part.status, part.headers['content-range'], part.headers['content-length'], part.body.length]).toEqual([206, `bytes 100-199/${video.length}`, '100', 0]);
  });

  test('a missing file is 404 JSON, with or without a range', async () => {
    for (const headers of <Record<string, string>[]>[{}, { range: 'bytes=0-9' }]) {
      const response = await get(`${server.url}/api/files?path=events/evt_nope/pho_x.mp4`, headers);
      expect(response.status).toBe(404);
      expect(JSON.parse(response.body.toString())).toEqual({ status: 404, message: 'Arquivo não encontrado.' });
    }
  });
});
