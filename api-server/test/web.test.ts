import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { FAKE_FILES, makeWebRoot, startServer, type TestServer, readJson } from './helpers';

/** fetch always decompresses; this reads the raw bytes and headers. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the server skeleton', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  test('GET /api/health answers ok with a database check', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  test('an unknown /api route answers 404 JSON in Portuguese', async () => {
    for (const url of ['/api/nothing', '/api/events/x/y/z', '/api']) {
      const response = await fetch(`${server.url}${url}`, { method: 'GET' });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await readJson(response)).toEqual({ status: 404, message: 'Rota não encontrada.' });
    }
    const post = await fetch(`${server.url}/api/nothing`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  test('remotes.json defaults to same-origin paths, without caching', async () => {
    const response = await fetch(`${server.url}/remotes.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await readJson(response)).toEqual({
      organiser_remote: '/remotes/organiser/remoteEntry.js',
      guest_remote: '/remotes/guest/remoteEntry.js',
      gallery_remote: '/remotes/gallery/remoteEntry.js',
    });
  });

  test('the shell is served at / with no-cache on index.html', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="preload" as="script" href="/remotes/organiser/remoteEntry.js"></head>');
  });

  test('hashed files are immutable, other files no-cache, with correct content types', async () => {
    const cases: [string, string, string][] = [
      ['/main.1a2b3c4d.js', 'public, max-age=31536000, immutable', 'javascript'],
      ['/styles.0123abcd9.css', 'public, max-age=31536000, immutable', 'text/css'],
      ['/logo.svg', 'no-cache', 'image/svg+xml'],
      ['/remotes/organiser/remoteEntry.js', 'no-cache', 'javascript'],
      ['/remotes/organiser/mf-manifest.json', 'no-cache', 'application/json'],
      ['/remotes/organiser/src_features.9f8e7d6c5b.js', 'public, max-age=31536000, immutable', 'javascript'],
      ['/remotes/guest/remoteEntry.js', 'no-cache', 'javascript'],
      ['/remotes/gallery/remoteEntry.js', 'no-cache', 'javascript'],
    ];
    for (const [url, cache, type] of cases) {
      const response = await fetch(`${server.url}${url}`);
      expect([url, response.status]).toEqual([url, 200]);
      expect([url, response.headers.get('cache-control')]).toEqual([url, cache]);
      expect(response.headers.get('content-type')).toContain(type);
      await response.arrayBuffer();
    }
  });

  test('remote files allow any origin', async () => {
    const response = await fetch(`${server.url}/remotes/guest/remoteEntry.js`, { headers: { origin: 'https://shell.example.com' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toBe(FAKE_FILES['guest-remote/dist/remoteEntry.js']);
  });

  test('compresses with brotli or gzip when asked', async () => {
    const original = FAKE_FILES['organiser-remote/dist/remoteEntry.js'];
    const br = await rawGet(`${server.url}/remotes/organiser/remoteEntry.js`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(original);

    const gzip = await rawGet(`${server.url}/main.1a2b3c4d.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gzip.body).toString()).toBe(FAKE_FILES['shell/dist/main.1a2b3c4d.js']);

    const json = await rawGet(`${server.url}/remotes/organiser/mf-manifest.json`, { 'accept-encoding': 'gzip, br' });
    expect(['br', 'gzip']).toContain(json.headers['content-encoding']);

    const plain = await rawGet(`${server.url}/remotes/organiser/remoteEntry.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(original);
  });

  test.each([
    ['/events', 'organiser'],
    ['/invite/ABC', 'guest'],
    ['/events/share/123', 'guest'],
    ['/events/register/evt_1', 'organiser'],
    ['/events/share/albums/alb_1?x=1', 'gallery'],
  ])('front-end route %s answers the shell index.html, preloading the %s remote', async (url, remote) => {
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const html = await response.text();
    const remotesConfig = /<script type="application\/json" id="remotes-config">([^<]*)<\/script>/;
    // The event list's early read, besides (early-requests.test.ts).
    const earlyReads = /<script type="application\/json" id="early-requests">[^<]*<\/script><script>[^<]*<\/script>/;
    expect(earlyReads.test(html)).toBe(url === '/events');
    expect(html.replace(/<link rel="preload"[^>]*>/g, '').replace(remotesConfig, '').replace(earlyReads, '')).toBe(FAKE_FILES['shell/dist/index.html']);
    // A page that sends its own first reads preloads its scripts at a low priority (the reads go first).
    const priority = url === '/events' ? ' fetchpriority="low"' : '';
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([`<link rel="preload" as="script" href="/remotes/${remote}/remoteEntry.js"${priority}>`]);
    // Issue 29: remotes.json's content is in the page, so the shell does not wait a round trip for it.
    expect(JSON.parse(remotesConfig.exec(html)![1])).toEqual(await (await fetch(`${server.url}/remotes.json`)).json());
  });

  test('preloads the shell\'s shared modules needed at start and the remote\'s ./routes chunk named by the builds\' stats', async () => {
    const webRoot = makeWebRoot({
      ...FAKE_FILES,
      'shell/dist/mf-stats.json': JSON.stringify({
        shared: [
          { name: 'react-dom', assets: { js: { sync: ['275.aaaa1111.js'] } } },
          { name: '@momentos/design-kit', assets: { js: { sync: ['718.bbbb2222.js', '275.aaaa1111.js'] } } },
          // Loaded after start (the data layer, the auth store): never before the guest's welcome.
          { name: '@momentos/api-client', assets: { js: { sync: ['980.dddd4444.js'] } } },
          { name: 'zustand', assets: { js: { sync: ['456.eeee5555.js'] } } },
        ],
      }),
      'guest-remote/dist/mf-stats.json': JSON.stringify({
        exposes: [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.cccc3333.js'] } } }],
      }),
    });
    const withStats = await startServer({ webRoot });
    try {
      const html = await (await fetch(`${withStats.url}/events/share/evt_1`)).text();
      expect(html.match(/href="[^"]+"/g)).toEqual([
        'href="/275.aaaa1111.js"',
        'href="/718.bbbb2222.js"',
        'href="/remotes/guest/remoteEntry.js"',
        'href="/remotes/guest/__federation_expose_routes.cccc3333.js"',
      ]);
    } finally {
      await withStats.close();
    }
    const moved = await startServer({ env: { REMOTE_GUEST_URL: 'https://cdn.example.com/guest/remoteEntry.js' } });
    try {
      const html = await (await fetch(`${moved.url}/invite/ABC`)).text();
      expect(html).toContain('<link rel="preload" as="script" href="https://cdn.example.com/guest/remoteEntry.js">');
      expect(html).toContain('"guest_remote":"https://cdn.example.com/guest/remoteEntry.js"');
    } finally {
      await moved.close();
    }
  });

  test('issue 29: preloads the shell\'s bootstrap, the route\'s page chunk and stylesheet, the data layer (all its files) when the page consumes it, and the auth guard on an organiser page', async () => {
    const webRoot = makeWebRoot({
      ...FAKE_FILES,
      'shell/dist/mf-stats.json': JSON.stringify({
        shared: [
          { name: 'react', assets: { js: { sync: ['121.aaaa1111.js'] } } },
          { name: '@momentos/api-client', assets: { js: { sync: ['990.dddd4444.js'] } } },
          { name: 'zustand', assets: { js: { sync: ['456.eeee5555.js'] } } },
        ],
      }),
      // The build's own list: the data layer's axios chunk, which mf-stats leaves out, and the bootstrap.
      'shell/dist/page-chunks.json': JSON.stringify({
        pages: {
          bootstrap: { files: ['731.ffff6666.js', 'bootstrap.7777aaaa.js', 'bootstrap.8888bbbb.css'], shared: ['react'] },
          'auth-guard': { files: ['auth-guard.abab1212.js'], shared: ['@momentos/api-client'] },
        },
        shared: { '@momentos/api-client': ['873.9999cccc.js', '990.dddd4444.js'], 'react': ['121.aaaa1111.js'] },
      }),
      'guest-remote/dist/mf-stats.json': JSON.stringify({
        exposes: [{ name: 'routes', assets: { js: { sync: ['__federation_expose_routes.cccc3333.js'] } } }],
      }),
      'guest-remote/dist/page-chunks.json': JSON.stringify({
        pages: {
          welcome: { files: ['welcome.1111aaaa.js', 'welcome.2222bbbb.css'], shared: ['react'] },
          upload: { files: ['466.3333cccc.js', 'upload.4444dddd.js', 'upload.5555eeee.css'], shared: ['@momentos/api-client', 'react'] },
        },
        shared: {},
      }),
      'organiser-remote/dist/page-chunks.json': JSON.stringify({ pages: { 'event-form': { files: ['event-form.6666ffff.js'], shared: ['react'] } }, shared: {} }),
    });
    const withChunks = await startServer({ webRoot });
    const tags = async (url: string) => (await (await fetch(`${withChunks.url}${url}`)).text()).match(/<link rel="preload"[^>]*>/g);
    const tag = (href: string, as = 'script') => `<link rel="preload" as="${as}" href="${href}">`;
    // The shell's part for a page that reads data: React, the data layer (all its files), the bootstrap.
    const shellWithData = [
      tag('/121.aaaa1111.js'),
      tag('/990.dddd4444.js'),
      tag('/873.9999cccc.js'),
      tag('/456.eeee5555.js'),
      tag('/731.ffff6666.js'),
      tag('/bootstrap.7777aaaa.js'),
      tag('/bootstrap.8888bbbb.css', 'style'),
    ];
    try {
      // The upload page reads data: the data layer comes with it, then the page's own chunks.
      expect(await tags('/events/upload/evt_1')).toEqual([
        ...shellWithData,
        tag('/remotes/guest/remoteEntry.js'),
        tag('/remotes/guest/__federation_expose_routes.cccc3333.js'),
        tag('/remotes/guest/466.3333cccc.js'),
        tag('/remotes/guest/upload.4444dddd.js'),
        tag('/remotes/guest/upload.5555eeee.css', 'style'),
      ]);
      // The invite shows the welcome it leads to; the welcome consumes no data layer, so none of it.
      const invite = await tags('/invite/ABC');
      expect(invite).toContain(tag('/remotes/guest/welcome.1111aaaa.js'));
      expect(invite).toContain(tag('/remotes/guest/welcome.2222bbbb.css', 'style'));
      expect(invite!.join('')).not.toMatch(/990\.dddd4444|873\.9999cccc|456\.eeee5555|upload\.|auth-guard/);
      // An organiser's page: the shell's auth guard after its bootstrap, and the data layer the guard
      // reads, though the page itself consumes none (an event's form, which the server does not paint).
      expect(await tags('/events/register/evt_1')).toEqual([
        ...shellWithData,
        tag('/auth-guard.abab1212.js'),
        tag('/remotes/organiser/remoteEntry.js'),
        tag('/remotes/organiser/event-form.6666ffff.js'),
      ]);
      expect((await tags('/events/upload/evt_1'))!.join('')).not.toContain('auth-guard');
    } finally {
      await withChunks.close();
    }
  });

  test('a share from the phone that no service worker caught gets the page saying to open the invite first (issue 28)', async () => {
    const form = new FormData();
    form.append('media', new Blob([Buffer.from('not read')], { type: 'image/jpeg' }), 'praia.jpg');
    const response = await fetch(`${server.url}/share-target`, { method: 'POST', body: form, redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/compartilhar.html');
    // The page itself is the shell build's (shell/service-worker/pages), served like the shell's files.
    fs.writeFileSync(path.join(server.webRoot, 'shell', 'dist', 'compartilhar.html'), '<h1>Abra o convite primeiro</h1>');
    const page = await fetch(`${server.url}/compartilhar.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Abra o convite primeiro');
  });

  test('a missing file under /remotes stays 404', async () => {
    for (const url of ['/remotes/organiser/missing.js', '/remotes/unknown/remoteEntry.js', '/remotes/']) {
      const response = await fetch(`${server.url}${url}`);
      expect([url, response.status]).toEqual([url, 404]);
      expect((await readJson(response)).status).toBe(404);
    }
  });

  test('/ws paths do not fall back to the shell', async () => {
    // Issue 23: the socket's address answers a plain request 426 in the API's shape; another /ws path is 404.
    const response = await fetch(`${server.url}/ws/albums/alb_1`);
    expect(response.status).toBe(426);
    expect(await readJson(response)).toEqual({ status: 426, message: 'Este endereço aceita apenas conexões websocket.' });
    expect((await fetch(`${server.url}/ws/other`)).status).toBe(404);
  });

  test('traversal out of the web root is refused', async () => {
    const response = await rawGet(`${server.url}/remotes/guest/..%2f..%2fshell%2fdist%2findex.html`);
    expect(response.status).toBe(404);
  });
});

describe('configuration', () => {
  test('remotes.json follows REMOTE_*_URL', async () => {
    const server = await startServer({
      env: {
        REMOTE_ORGANISER_URL: 'https://cdn.example.com/organiser/remoteEntry.js',
        REMOTE_GUEST_URL: 'https://cdn.example.com/guest/remoteEntry.js',
        REMOTE_GALLERY_URL: 'https://cdn.example.com/gallery/remoteEntry.js',
      },
    });
    try {
      const response = await fetch(`${server.url}/remotes.json`);
      expect(await readJson(response)).toEqual({
        organiser_remote: 'https://cdn.example.com/organiser/remoteEntry.js',
        guest_remote: 'https://cdn.example.com/guest/remoteEntry.js',
        gallery_remote: 'https://cdn.example.com/gallery/remoteEntry.js',
      });
    } finally {
      await server.close();
    }
  });

  test('without a built shell, front-end routes answer 503 JSON', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-empty-'));
    const server = await startServer({ webRoot: empty });
    try {
      for (const url of ['/', '/events']) {
        const response = await fetch(`${server.url}${url}`);
        expect(response.status).toBe(503);
        const body = await readJson(response);
        expect(body.status).toBe(503);
        expect(body.message).toMatch(/npm run build/);
      }
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  test('closing the app closes the server and the database', async () => {
    const server = await startServer();
    await server.close();
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
