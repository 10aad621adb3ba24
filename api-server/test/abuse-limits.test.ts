import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 16, item 2: what one anonymous client (or one public link) can make the server hold.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

const jpeg = (seed: number) => sharp({ create: { width: 30 + seed, height: 20, channels: 3, background: { r: seed * 30, g: 90, b: 140 } } }).jpeg().toBuffer();

async function send(server: TestServer, albumId: string, files: Buffer[]) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Convidado');
  files.forEach((bytes, n) => form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `f${n}-${bytes.length}.jpg`));
  return fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
}

async function setUp(env: Record<string, string>) {
  const server = await startServer({ env });
  const ana = await organiserSession(server, 'ana@example.com');
  const event = await createEvent(server, ana.token);
  const album = await createAlbum(server, ana.token, event.id);
  const count = async () => ((await readJson(await fetch(`${server.url}/api/events/photos/${album.id}`))) as unknown[]).length;
  return { server, albumId: album.id, count };
}

const initChunks = (server: TestServer, albumId: string, fileSize: number) =>
  fetch(`${server.url}/api/events/photos/chunk/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'video.mp4', fileSize, fileType: 'video/mp4', albumId, userId: 'Convidado' }),
  });

describe('per-event quota (EVENT_MAX_FILES, EVENT_MAX_BYTES)', () => {
  test('a request that would pass the file quota is refused whole with 413; a full event refuses before reading', async () => {
    const { server, albumId, count } = await setUp({ EVENT_MAX_FILES: '3', UPLOAD_RATE_LIMIT: '0' });
    try {
      expect((await send(server, albumId, [await jpeg(1), await jpeg(2)])).status).toBe(201);
      const refused = await expectError(await send(server, albumId, [await jpeg(3), await jpeg(4)]), 413);
      expect(refused.message).toBe('Este evento atingiu o limite de 3 fotos e vídeos. Fale com quem organiza o evento.');
      expect(await count()).toBe(2);
      expect((await send(server, albumId, [await jpeg(5)])).status).toBe(201);
      await expectError(await send(server, albumId, [await jpeg(6)]), 413);
      await expectError(await initChunks(server, albumId, 5_000_000), 413);
      expect(await count()).toBe(3);
    } finally {
      await server.close();
    }
  });

  test('the byte quota counts the originals: a request or a chunk session past it is refused, nothing stored', async () => {
    const small = await jpeg(1);
    const { server, albumId, count } = await setUp({ EVENT_MAX_BYTES: String(small.length * 2 + 10), UPLOAD_RATE_LIMIT: '0' });
    try {
      expect((await send(server, albumId, [small])).status).toBe(201);
      const refused = await expectError(await send(server, albumId, [await jpeg(2), await jpeg(3)]), 413);
      expect(refused.message).toMatch(/^Este evento atingiu o limite de armazenamento \(0 MB\)\. Fale com quem organiza o evento\.$/);
      expect(await count()).toBe(1);
      await expectError(await initChunks(server, albumId, 20_000_000), 413);
    } finally {
      await server.close();
    }
  });
});

describe('per-client upload rate (UPLOAD_RATE_LIMIT)', () => {
  test('past the limit a client gets 429 with Retry-After and a Portuguese message; reads are not counted', async () => {
    const { server, albumId } = await setUp({ UPLOAD_RATE_LIMIT: '3' });
    try {
      expect((await send(server, albumId, [await jpeg(1)])).status).toBe(201);
      expect((await initChunks(server, albumId, 1000)).status).toBe(200);
      expect((await send(server, albumId, [await jpeg(2)])).status).toBe(201);
      const limited = await send(server, albumId, [await jpeg(3)]);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await expectError(limited, 429);
      expect(body.message).toBe('Muitos envios deste aparelho em pouco tempo. Aguarde um minuto: o envio continua sozinho.');
      await expectError(await initChunks(server, albumId, 1000), 429);
      // Reading the gallery is not an upload.
      expect((await fetch(`${server.url}/api/events/photos/${albumId}`)).status).toBe(200);
      // The count lives in the database (shared by every instance): one row per client, no address in clear.
      const rows = await server.app.db.selectFrom('request_counts').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ key: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(Number(rows[0].count)).toBe(5);
    } finally {
      await server.close();
    }
  });
});

describe('album sockets (WS_MAX_PER_IP, 16 KB messages)', () => {
  const open = (url: string) =>
    new Promise<{ socket: { close(): void; send(data: string): void; on(event: string, listener: (...args: never[]) => void): void }; status: number }>((resolve) => {
      const socket = new WebSocket(url);
      socket.on('open', () => resolve({ socket, status: 101 }));
      socket.on('unexpected-response', (_request: unknown, response: { statusCode: number }) => resolve({ socket, status: response.statusCode }));
    });

  test('a client holds at most WS_MAX_PER_IP sockets; a closed one frees its place; a message above 16 KB closes the socket', async () => {
    const { server, albumId } = await setUp({ WS_MAX_PER_IP: '2' });
    const url = `${server.url.replace('http', 'ws')}/ws/albums/${albumId}`;
    try {
      const first = await open(url);
      const second = await open(url);
      expect([first.status, second.status]).toEqual([101, 101]);
      expect((await open(url)).status).toBe(429);
      const closed = new Promise((resolve) => second.socket.on('close', resolve));
      second.socket.close();
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await open(url);
      expect(again.status).toBe(101);

      const code = new Promise<number>((resolve) => first.socket.on('close', ((closeCode: number) => resolve(closeCode))));
      first.socket.send('x'.repeat(16 * 1024 + 1));
      expect(await code).toBe(1009);
      again.socket.close();
    } finally {
      await server.close();
    }
  });
});
