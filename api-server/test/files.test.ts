import fs from 'node:fs';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import { createEvent, organiserSession, PNG_BYTES, startServer, type TestServer, readJson, usingS3 } from './helpers';

/** Sends the path exactly as written (fetch would normalise dots). */
function rawGet(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('files', () => {
  let server: TestServer;
  let imageUrl: string;
  let key: string;

  beforeAll(async () => {
    server = await startServer();
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    imageUrl = event.image!;
    key = new URL(imageUrl, server.url).searchParams.get('path')!;
    // Secrets next to the storage root that must never be served.
    fs.writeFileSync(path.join(server.dataDir, 'secret.txt'), 'TOP SECRET');
  });
  afterAll(async () => {
    await server.close();
  });

  test('serves a stored file with content type and caching headers', async () => {
    const response = await fetch(`${server.url}/api/files?path=${encodeURIComponent(key)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBeTruthy();
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_BYTES);

    const again = await fetch(`${server.url}/api/files?path=${encodeURIComponent(key)}`, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  test('download answers the file as an attachment', async () => {
    const response = await fetch(`${server.url}/api/files/download?path=${encodeURIComponent(key)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="image-[0-9a-f]+\.png"$/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  test('the file URL the API handed out is accepted as the path (the client passes the URL path)', async () => {
    for (const value of [imageUrl, `${server.url}${imageUrl}`]) {
      const response = await fetch(`${server.url}/api/files/download?path=${encodeURIComponent(value)}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  test('a missing file is 404 JSON', async () => {
    const response = await fetch(`${server.url}/api/files?path=events/evt_x/nothing.png`);
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ status: 404, message: 'Arquivo não encontrado.' });
  });

  const attempts = [
    '../secret.txt',
    '..%2fsecret.txt',
    '%2e%2e%2fsecret.txt',
    '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '%252e%252e%252fsecret.txt',
    'events/../../secret.txt',
    'events/%2e%2e/%2e%2e/secret.txt',
    '/etc/passwd',
    '%2fetc%2fpasswd',
    'C:%5cWindows%5cwin.ini',
    '..%5csecret.txt',
    'events%5c..%5c..%5csecret.txt',
    'secret.txt%00.png',
    '%00',
    './secret.txt',
    'events/./x',
    '.',
    '..',
    '',
    'file:///etc/passwd',
    '%2Fapi%2Ffiles%3Fpath%3D..%2Fsecret.txt',
    `${'a/'.repeat(600)}x`,
  ];

  test.each(attempts)('traversal %p is 400 or 404 on both routes and never reads outside', async (attempt) => {
    for (const route of ['/api/files', '/api/files/download']) {
      const response = await rawGet(`${server.url}${route}?path=${attempt}`);
      expect([route, attempt, [400, 404].includes(response.status)]).toEqual([route, attempt, true]);
      expect(response.body).not.toContain('TOP SECRET');
      expect(response.body).not.toContain('root:');
      const body = JSON.parse(response.body);
      expect(body).toEqual({ status: response.status, message: expect.any(String) });
    }
  });

  test('a path outside the query string is not a file route', async () => {
    const response = await rawGet(`${server.url}/api/files/../../secret.txt`);
    expect(response.body).not.toContain('TOP SECRET');
  });

  (usingS3() ? test.skip : test)('a symlink inside the local storage that points outside is not followed', async () => {
    const link = path.join(server.dataDir, 'files', 'events', 'link.txt');
    fs.symlinkSync(path.join(server.dataDir, 'secret.txt'), link);
    const response = await rawGet(`${server.url}/api/files?path=events/link.txt`);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain('TOP SECRET');
  });

  test('the path parameter is required', async () => {
    for (const route of ['/api/files', '/api/files/download']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(400);
      expect((await readJson(response)).status).toBe(400);
    }
  });
});
