import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, storedKeys, type TestServer } from './helpers';
import { filesUnder, Multipart, photoCount, rawRequest, settledTemporaryUploads, sleep, storedAlbumKeys, write, type RawAnswer } from './raw-http';

jest.setTimeout(30_000);

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

// What an anonymous client with an invite link might send on purpose. Every answer is a 4xx
// `{ status, message }` (or a success), never a 5xx; nothing half-written stays on disk.

const jpeg = (width = 64, height = 48) => sharp({ create: { width, height, channels: 3, background: '#c2185b' } }).jpeg().toBuffer();

/** A well-formed PNG header declaring `width × height` pixels, followed by a tiny (wrong) image body. */
function pngDeclaring(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    // A few rows' worth of zeros compressed: a real bomb's body would inflate to width × height × 3.
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function expectNo5xx(answers: Array<{ what: string; status: number | null }>) {
  const failures = answers.filter(({ status }) => status === null || status >= 500);
  expect(failures).toEqual([]);
}

async function send(server: TestServer, path: string, contentType: string, body: Buffer | string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return rawRequest(server.url, { path, headers: { 'content-type': contentType, 'content-length': String(bytes.length), ...headers } }, (request) => {
    request.end(bytes);
  });
}

const json = (answer: RawAnswer) => JSON.parse(answer.body) as { status: number; message: string };

describe('hostile input', () => {
  let server: TestServer;
  let albumId: string;
  let eventId: string;
  let organiser: Awaited<ReturnType<typeof organiserSession>>;

  beforeAll(async () => {
    server = await startServer({ env: { MEDIA_MAX_INPUT_PIXELS: String(40_000_000) } });
    organiser = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, organiser.token);
    eventId = event.id;
    albumId = (await createAlbum(server, organiser.token, event.id, { is_public: true, is_available: true })).id;
  });
  afterAll(async () => {
    await server.close();
  });

  afterEach(async () => {
    expect(await settledTemporaryUploads(server)).toEqual([]);
  });

  describe('malformed multipart', () => {
    const routes = ['/api/events/photos', '/api/events/photos/chunk/upload', '/api/events/photos/chunk/init', '/api/events'];

    test('a multipart content type without a boundary is a 400 on every upload route', async () => {
      for (const path of routes) {
        const answer = await send(server, path, 'multipart/form-data', 'hello', { authentication: organiser.token });
        expect([path, answer.status]).toEqual([path, 400]);
        expect(json(answer).status).toBe(400);
      }
    });

    test('truncated parts (the body ends inside a file, or before the closing boundary) are a 400; nothing is stored', async () => {
      const rows = await photoCount(server);
      // On S3 a file streams into the bucket as it arrives: a cut one must leave no object behind.
      const keys = await storedKeys(server);
      const image = await jpeg();
      const form = new Multipart();
      const whole = form.body({ album_id: albumId, user_id: 'Zé' }, [{ name: 'images', filename: 'a.jpg', bytes: image }]);
      const cuts = [whole.length - form.end.length, whole.length - form.end.length - 10, whole.length - 40, 30];
      const answers: Array<{ what: string; status: number | null }> = [];
      for (const path of routes) {
        for (const cut of cuts) {
          const answer = await send(server, path, form.contentType, whole.subarray(0, cut), { authentication: organiser.token });
          answers.push({ what: `${path} cut at ${cut}`, status: answer.status });
          expect([path, cut, answer.status]).toEqual([path, cut, 400]);
        }
      }
      expectNo5xx(answers);
      expect(await photoCount(server)).toBe(rows);
      expect(await storedKeys(server)).toEqual(keys);
    });

    test('garbage between boundaries, a boundary of 2,000 characters and parts without headers are 4xx', async () => {
      const garbage = new Multipart();
      const long = 'x'.repeat(2000);
      const answers = [
        await send(server, '/api/events/photos', garbage.contentType, Buffer.concat([Buffer.from(`--${garbage.boundary}\r\n`), Buffer.alloc(4096, 0xff), Buffer.from(`\r\n--${garbage.boundary}--\r\n`)])),
        await send(server, '/api/events/photos', `multipart/form-data; boundary=${long}`, `--${long}\r\nContent-Disposition: form-data; name="user_id"\r\n\r\nZé\r\n--${long}--\r\n`),
        await send(server, '/api/events/photos', garbage.contentType, `--${garbage.boundary}\r\n\r\nno headers\r\n--${garbage.boundary}--\r\n`),
        await send(server, '/api/events/photos', 'multipart/form-data; boundary="unterminated', 'x'),
        await send(server, '/api/events/photos', 'multipart/mixed; boundary=abc', '--abc\r\n\r\nx\r\n--abc--\r\n'),
      ];
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(json(answer)).toEqual({ status: answer.status, message: expect.any(String) });
      }
    });

    test('huge headers: a request header over the limit is 431; a part header of 1 MB is a 4xx', async () => {
      const bigHeader = await rawRequest(server.url, { method: 'GET', path: '/api/health', headers: { 'x-padding': 'a'.repeat(64 * 1024) } });
      expect(bigHeader.status).toBe(431);

      const form = new Multipart();
      const hugePartHeader =
        `--${form.boundary}\r\nContent-Disposition: form-data; name="images"; filename="${'a'.repeat(1024 * 1024)}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n` +
        `xxxx\r\n${form.end}`;
      const answer = await send(server, '/api/events/photos', form.contentType, form.field('album_id', albumId) + form.field('user_id', 'Zé') + hugePartHeader);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);

      const manyHeaders = Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`).join('\r\n');
      const crowded = `--${form.boundary}\r\nContent-Disposition: form-data; name="user_id"\r\n${manyHeaders}\r\n\r\nZé\r\n${form.end}`;
      const crowdedAnswer = await send(server, '/api/events/photos', form.contentType, crowded);
      expect(crowdedAnswer.status).toBeGreaterThanOrEqual(400);
      expect(crowdedAnswer.status).toBeLessThan(500);
    });

    test('thousands of tiny parts are refused with 413 on every upload route', async () => {
      const form = new Multipart();
      const fields = Array.from({ length: 5000 }, (_, i) => form.field(`f${i}`, 'x')).join('');
      const files = Array.from({ length: 3000 }, (_, i) => `${form.fileHead('images', `t${i}.jpg`)}x${form.fileEnd}`).join('');
      const answers: Array<{ what: string; status: number | null }> = [];
      for (const path of routes) {
        for (const [what, body] of [
          ['fields', form.field('album_id', albumId) + form.field('user_id', 'Zé') + fields + form.end],
          ['files', form.field('album_id', albumId) + form.field('user_id', 'Zé') + files + form.end],
        ]) {
          const answer = await send(server, path, form.contentType, body, { authentication: organiser.token });
          answers.push({ what: `${path} ${what}`, status: answer.status });
          // Issue 23: a chunk part before its session's fields is refused (400) before anything else is read.
          const expected = path.endsWith('/chunk/upload') && what === 'files' ? 400 : 413;
          expect([path, what, answer.status]).toEqual([path, what, expected]);
        }
      }
      expectNo5xx(answers);
    });
  });

  describe('malformed JSON', () => {
    test('deep nesting, invalid UTF-8, bare values and odd content types are 4xx on every JSON route', async () => {
      const bodies: Array<[string, Buffer]> = [
        ['nested arrays', Buffer.from('['.repeat(400_000) + ']'.repeat(400_000))],
        ['nested objects', Buffer.from('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000))],
        ['invalid UTF-8', Buffer.from('{"email":"\xff\xfe"}', 'latin1')],
        ['nested __proto__', Buffer.from('{"a":{"__proto__":{"x":1}}}')],
        ['a number beyond double', Buffer.from('{"fileSize": 1e400, "fileName": "a", "albumId": "x", "userId": "y"}')],
        ['null', Buffer.from('null')],
        ['a string', Buffer.from('"x"')],
      ];
      const answers: Array<{ what: string; status: number | null }> = [];
      for (const path of ['/api/auth', '/api/events/photos/chunk/init', '/api/events/photos/chunk/finalize', `/api/albums/${eventId}`, '/api/events']) {
        for (const [what, body] of bodies) {
          const answer = await send(server, path, 'application/json', body, organiser.headers);
          answers.push({ what: `${path} ${what}`, status: answer.status });
        }
        for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-16']) {
          const answer = await send(server, path, type, '{}', organiser.headers);
          answers.push({ what: `${path} ${type}`, status: answer.status });
        }
      }
      expectNo5xx(answers);
      expect(answers.filter(({ status }) => status === null || status < 400)).toEqual([]);
    });
  });

  describe('files that pretend', () => {
    test('a JPEG with HTML after it is stored as an image and never served as HTML', async () => {
      const html = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
      const polyglot = Buffer.concat([await jpeg(), html]);
      const form = new FormData();
      form.append('album_id', albumId);
      form.append('user_id', 'Zé');
      form.append('images', new Blob([polyglot], { type: 'text/html' }), 'pagina.html');
      const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const [photo] = (await readJson(response)).photos as Array<{ original_photo: string; file_type: string }>;
      expect(photo.file_type).toBe('image');
      expect(photo.original_photo).toMatch(/\.jpg$/);

      for (const url of [photo.original_photo, photo.original_photo.replace('/api/files?', '/api/files/download?')]) {
        const served = await fetch(`${server.url}${url}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/jpeg');
        expect(served.headers.get('x-content-type-options')).toBe('nosniff');
        expect(Buffer.from(await served.arrayBuffer()).equals(polyglot)).toBe(true);
      }
      await server.app.media.idle();
    });

    test('SVG is refused as not a photo, however it is named or typed, in one request or in chunks', async () => {
      const rows = await photoCount(server);
      const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
      for (const [name, type] of [
        ['desenho.svg', 'image/svg+xml'],
        ['foto.jpg', 'image/jpeg'],
      ]) {
        const form = new FormData();
        form.append('album_id', albumId);
        form.append('user_id', 'Zé');
        form.append('images', new Blob([svg], { type }), name);
        const body = await expectError(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }), 415);
        expect(body.message).toContain(name);
      }

      const init = await fetch(`${server.url}/api/events/photos/chunk/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fileName: 'foto.jpg', fileSize: svg.length, fileType: 'image/jpeg', albumId, userId: 'Zé' }),
      });
      const { sessionId } = await readJson(init);
      const chunk = new FormData();
      chunk.append('sessionId', sessionId);
      chunk.append('chunkIndex', '0');
      chunk.append('totalChunks', '1');
      chunk.append('chunk', new Blob([svg]), 'blob');
      expect((await fetch(`${server.url}/api/events/photos/chunk/upload`, { method: 'POST', body: chunk })).status).toBe(200);
      const finalize = await fetch(`${server.url}/api/events/photos/chunk/finalize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId }),
      });
      await expectError(finalize, 415);

      const eventImage = new FormData();
      for (const [key, value] of Object.entries({ name: 'Festa', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'ana@example.com' })) eventImage.append(key, value);
      eventImage.append('image', new Blob([svg], { type: 'image/svg+xml' }), 'capa.svg');
      await expectError(await fetch(`${server.url}/api/events`, { method: 'POST', headers: organiser.headers, body: eventImage }), 400);
      expect(await photoCount(server)).toBe(rows);
    });

    test('decompression bombs: a tiny PNG declaring gigapixels ends as a photo in error, the server keeps answering', async () => {
      const bombs = [pngDeclaring(100_000, 100_000), pngDeclaring(0x7fffffff, 0x7fffffff), pngDeclaring(20_000, 20_000)];
      expect(Math.max(...bombs.map((bomb) => bomb.length))).toBeLessThan(2048);
      const form = new FormData();
      form.append('album_id', albumId);
      form.append('user_id', 'Bomba');
      bombs.forEach((bomb, i) => form.append('images', new Blob([bomb], { type: 'image/png' }), `bomba-${i}.png`));
      const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const ids = ((await readJson(response)).photos as Array<{ id: string }>).map((photo) => photo.id);
      await server.app.media.idle();

      const updates = await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${ids.join(',')}`);
      expect(updates.status).toBe(200);
      const items = (await readJson(updates)) as Array<{ id: string; error: string | false; processing: boolean; compressed_photo: string | null }>;
      expect(items).toHaveLength(3);
      for (const item of items) expect(item).toMatchObject({ error: 'Erro ao processar', processing: false, compressed_photo: null });
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(process.memoryUsage().rss).toBeLessThan(2 * 1024 ** 3);
    });

    test('a real image above the pixel limit is not decoded: it ends in error, its original kept', async () => {
      // 8000 × 6000 = 48 MP, above this server's 40 MP limit; one colour compresses to a few kilobytes.
      const big = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#224466' } }).png({ compressionLevel: 9 }).toBuffer();
      const form = new FormData();
      form.append('album_id', albumId);
      form.append('user_id', 'Grande');
      form.append('images', new Blob([big], { type: 'image/png' }), 'grande.png');
      const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const [photo] = (await readJson(response)).photos as Array<{ id: string; original_photo: string }>;
      await server.app.media.idle();
      const [item] = await readJson(await fetch(`${server.url}/api/events/photos/updates/${albumId}?ids=${photo.id}`));
      expect(item).toMatchObject({ error: 'Erro ao processar', processing: false });
      expect((await fetch(`${server.url}${photo.original_photo}`)).status).toBe(200);
    });
  });

  describe('path tricks', () => {
    const tricks = [
      '../secret.txt',
      '..%2fsecret.txt',
      '%2e%2e/secret.txt',
      '%252e%252e%252fsecret.txt',
      '/etc/passwd',
      'events/../../secret.txt',
      'events/./x.jpg',
      'events//x.jpg',
      'events\\..\\..\\secret.txt',
      'events/x.jpg%00.png',
      'events/\u0000',
      '\uff0e\uff0e/secret.txt',
      'file:///etc/passwd',
      'http://evil.example.com/api/files?path=../secret.txt',
      '/api/files?path=%2e%2e%2fsecret.txt',
      '/api/files?path=events/../../secret.txt&path=x',
      'C:\\Windows\\win.ini',
      '~/.ssh/id_rsa',
      'a'.repeat(5000),
      '',
    ];

    test('every file parameter trick is a 4xx and never reaches outside the storage', async () => {
      const answers: Array<{ what: string; status: number | null }> = [];
      for (const route of ['/api/files', '/api/files/download']) {
        for (const trick of tricks) {
          for (const path of [`${route}?path=${encodeURIComponent(trick)}`, `${route}?path=${trick}`]) {
            const answer = await rawRequest(server.url, { method: 'GET', path: path.replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c)) });
            answers.push({ what: path.slice(0, 80), status: answer.status });
            expect([path.slice(0, 80), answer.status !== null && answer.status >= 400 && answer.status < 500]).toEqual([path.slice(0, 80), true]);
            expect(answer.body).not.toMatch(/root:|TOP SECRET|\[fonts\]/);
          }
        }
      }
      expectNo5xx(answers);
    });

    test('every id parameter trick is a 4xx, on every route that takes an id', async () => {
      const ids = ['..', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '.%00.', 'evt_x%00', "evt_1'%20OR%20'1'%3D'1", '%F0%9F%92%A3', 'a'.repeat(300), '%E0%A4%A', '__proto__', 'constructor'];
      const answers: Array<{ what: string; status: number | null }> = [];
      const routes: Array<[string, (id: string) => string]> = [
        ['GET', (id) => `/api/events/${id}`],
        ['PUT', (id) => `/api/events/${id}`],
        ['DELETE', (id) => `/api/events/${id}`],
        ['GET', (id) => `/api/albums/${id}`],
        ['POST', (id) => `/api/albums/${id}`],
        ['PUT', (id) => `/api/albums/${id}`],
        ['DELETE', (id) => `/api/albums/${id}`],
        ['GET', (id) => `/api/events/photos/${id}`],
        ['GET', (id) => `/api/events/photos/updates/${id}?ids=${id}`],
        ['GET', (id) => `/api/events/photos/users/${id}`],
        ['GET', (id) => `/api/events/share/${id}`],
        ['GET', (id) => `/api/invite/search?code=${id}`],
      ];
      for (const [method, path] of routes) {
        for (const id of ids) {
          const answer = await rawRequest(server.url, {
            method,
            path: path(id),
            headers: { ...organiser.headers, 'content-type': 'application/json', 'content-length': '2' },
          }, (request) => void request.end('{}'));
          answers.push({ what: `${method} ${path(id).slice(0, 60)}`, status: answer.status });
        }
      }
      expectNo5xx(answers);
      // The invite search answers 200 with an empty list for a code that matches nothing; the rest refuse.
      const refused = answers.filter(({ what }) => !what.includes('/invite/search'));
      expect(refused.filter(({ status }) => status === null || status < 400)).toEqual([]);
    });

    test('ids and names inside an upload cannot move a file: album_id, user_id and file names with traversal', async () => {
      const outsideStorage = () => filesUnder(server, '').filter((file) => !file.startsWith(`files${path.sep}`)).sort();
      const before = outsideStorage();
      const image = await jpeg();
      for (const albumField of ['../../etc', `${albumId}/../../x`, `${albumId}\u0000`, 'alb_../../x']) {
        const form = new FormData();
        form.append('album_id', albumField);
        form.append('user_id', 'Zé');
        form.append('images', new Blob([image], { type: 'image/jpeg' }), 'a.jpg');
        const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
        expect([albumField, response.status >= 400 && response.status < 500]).toEqual([albumField, true]);
      }
      const form = new FormData();
      form.append('album_id', albumId);
      form.append('user_id', '../../../etc/passwd');
      for (const name of ['../../../../tmp/evil.jpg', '..\\..\\evil.jpg', '/etc/passwd', 'nul\u0000.jpg', '.htaccess']) {
        form.append('images', new Blob([Buffer.concat([image, Buffer.from(name)])], { type: 'image/jpeg' }), name);
      }
      const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const photos = (await readJson(response)).photos as Array<{ original_photo: string }>;
      expect(photos).toHaveLength(5);
      for (const photo of photos) expect(photo.original_photo).toMatch(new RegExp(`^/api/files\\?path=events/${eventId}/albums/${albumId}/pho_[0-9a-f-]{36}\\.jpg$`));
      await server.app.media.idle();
      const stored = await storedAlbumKeys(server);
      expect(stored.every((key) => key.startsWith(`events/${eventId}/albums/${albumId}/`))).toBe(true);
      for (const photo of photos) expect(stored).toContain(photo.original_photo.replace('/api/files?path=', ''));
      expect(outsideStorage()).toEqual(before);
      expect(fs.existsSync('/tmp/evil.jpg')).toBe(false);
    });

    test('chunk session ids with tricks are a 4xx', async () => {
      const answers: Array<{ what: string; status: number | null }> = [];
      for (const sessionId of ['../../momentos.sqlite', 'ups_../../x', 'ups_00000000-0000-0000-0000-00000000000/', '', 'ups_' + 'a'.repeat(500)]) {
        const chunk = new FormData();
        chunk.append('sessionId', sessionId);
        chunk.append('chunkIndex', '0');
        chunk.append('totalChunks', '1');
        chunk.append('chunk', new Blob([Buffer.alloc(16, 1)]), 'blob');
        const upload = await fetch(`${server.url}/api/events/photos/chunk/upload`, { method: 'POST', body: chunk });
        answers.push({ what: `upload ${sessionId.slice(0, 40)}`, status: upload.status });
        const finalize = await fetch(`${server.url}/api/events/photos/chunk/finalize`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ sessionId }),
        });
        answers.push({ what: `finalize ${sessionId.slice(0, 40)}`, status: finalize.status });
      }
      expectNo5xx(answers);
      expect(answers.filter(({ status }) => status === null || status < 400)).toEqual([]);
    });

    test('a websocket path with tricks is refused before the upgrade, its socket closed', async () => {
      const openConnections = () => new Promise<number>((resolve) => server.app.server.getConnections((_error, count) => resolve(count)));
      const before = await openConnections();
      const statuses: number[] = [];
      for (const id of ['..%2F..%2Fx', '%00', 'a'.repeat(200), `${albumId}%2F..`]) {
        statuses.push(
          await new Promise<number>((resolve) => {
            const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws/albums/${id}`);
            socket.on('unexpected-response', (_request: unknown, response: { statusCode: number }) => {
              resolve(response.statusCode);
              socket.terminate();
            });
            socket.on('open', () => {
              resolve(101);
              socket.close();
            });
            socket.on('error', () => resolve(0));
          }),
        );
      }
      for (const status of statuses) {
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
      }
      // ...and no refused handshake leaves its socket open (it would hold the server's close forever).
      for (let i = 0; i < 40 && (await openConnections()) > before; i++) await sleep(50);
      expect(await openConnections()).toBeLessThanOrEqual(before);
    });
  });
});

describe('slow bodies (BODY_IDLE_TIMEOUT lowered to 1 s)', () => {
  let server: TestServer;
  let albumId: string;

  beforeAll(async () => {
    server = await startServer({ env: { BODY_IDLE_TIMEOUT: '1s' } });
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token);
    albumId = (await createAlbum(server, ana.token, event.id, { is_public: true, is_available: true })).id;
  });
  afterAll(async () => {
    await server.close();
  });

  test('a body that stops moving is cut with 408 and the spec’s message; its partial file is removed', async () => {
    const rows = await photoCount(server);
    const form = new Multipart();
    const image = await jpeg(800, 600);
    const started = Date.now();
    const answer = await rawRequest(
      server.url,
      { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(10 * 1024 * 1024) } },
      async (request) => {
        await write(request, form.field('album_id', albumId) + form.field('user_id', 'Zé') + form.fileHead('images', 'parada.jpg'));
        await write(request, image);
        await write(request, Buffer.alloc(200_000, 1));
        // ...and then nothing more.
      },
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ status: 408, message: 'O tempo limite para upload foi excedido. Tente enviar menos fotos por vez ou use uma conexão mais rápida.' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(await settledTemporaryUploads(server)).toEqual([]);
    expect(await photoCount(server)).toBe(rows);
    expect(await storedAlbumKeys(server)).toEqual([]);
  });

  test('a JSON body that stops moving is cut with 408 too', async () => {
    const answer = await rawRequest(
      server.url,
      { path: '/api/events/photos/chunk/init', headers: { 'content-type': 'application/json', 'content-length': '500' } },
      async (request) => {
        await write(request, '{"fileName": "video.mp4", ');
      },
    );
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ status: 408, message: 'A requisição ficou parada por tempo demais e foi interrompida. Tente novamente.' });
  });

  test('a slow body that keeps moving is never cut, however long it takes', async () => {
    const form = new Multipart();
    const body = form.body({ album_id: albumId, user_id: 'Lenta' }, [{ name: 'images', filename: 'devagar.jpg', bytes: await jpeg(400, 300) }]);
    const pieces = 12;
    const size = Math.ceil(body.length / pieces);
    const started = Date.now();
    const answer = await rawRequest(
      server.url,
      { path: '/api/events/photos', headers: { 'content-type': form.contentType, 'content-length': String(body.length) } },
      async (request) => {
        for (let offset = 0; offset < body.length; offset += size) {
          await write(request, body.subarray(offset, offset + size));
          await sleep(400);
        }
        request.end();
      },
    );
    // Twelve pieces 0.4 s apart: several times the idle timeout in all, never idle for long.
    expect(Date.now() - started).toBeGreaterThan(4000);
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).photos).toHaveLength(1);
    await server.app.media.idle();
  });

  test('a keep-alive connection is not cut between requests by the idle clock', async () => {
    const agent = new (require('node:http').Agent)({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<number>((resolve, reject) => {
        const request = require('node:http').get(`${server.url}/api/health`, { agent }, (response: { statusCode: number; resume: () => void }) => {
          response.resume();
          resolve(response.statusCode);
        });
        request.on('error', reject);
      });
    expect(await get()).toBe(200);
    await sleep(1500);
    expect(await get()).toBe(200);
    agent.destroy();
  });
});
