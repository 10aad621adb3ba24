import { createHash } from 'node:crypto';
import { inlineHashes, rendersAsMedia, sourceOfUrl } from '../src/web/content-security-policy';
import { earlyRequestsScriptHash } from '../src/web/early-requests';
import { createAlbum, createEvent, expectError, FAKE_FILES, makeWebRoot, organiserSession, PNG_BYTES, startServer, type TestServer } from './helpers';

const BOOT_STYLE = '.boot { display: flex; }';

/** The policy as a map: directive → its sources. */
function directivesOf(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  let server: TestServer;
  let webRoot: string;
  let imagePath: string;
  /** Answers of every kind: a page, the API (ok, refused, unknown), static code, a stored file. */
  let answers: Array<{ what: string; response: Response }>;

  beforeAll(async () => {
    webRoot = makeWebRoot({
      ...FAKE_FILES,
      'shell/dist/index.html': `<!doctype html><html><head><style>${BOOT_STYLE}</style><script defer src="/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>`,
    });
    server = await startServer({
      webRoot,
      env: {
        REMOTE_GUEST_URL: 'https://cdn.example.com/guest/2026-11-21/remoteEntry.js',
        REMOTE_GALLERY_URL: '//gallery.example.net:8443/remoteEntry.js',
      },
    });
    const ana = await organiserSession(server, 'ana@example.com');
    const event = await createEvent(server, ana.token, {}, { bytes: PNG_BYTES });
    imagePath = event.image!;
    const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
    answers = [
      { what: 'a page', response: await get('/events/share/evt_x') },
      { what: 'the shell at /', response: await get('/') },
      { what: 'liveness', response: await get('/api/health') },
      { what: 'an API answer', response: await get(`/api/albums/${event.id}`) },
      { what: 'a refused request', response: await get('/api/events', { method: 'POST' }) },
      { what: 'an unknown API route', response: await get('/api/nothing') },
      { what: 'static code', response: await get('/main.1a2b3c4d.js') },
      { what: 'a remote entry', response: await get('/remotes/organiser/remoteEntry.js') },
      { what: 'remotes.json', response: await get('/remotes.json') },
      { what: 'a stored image', response: await get(imagePath) },
    ];
    await createAlbum(server, ana.token, event.id);
  });
  afterAll(async () => {
    await server.close();
  });

  test('Content-Security-Policy: scripts only from our origin and the remotes’ origins, no eval, no inline script but the early reads’ (by its hash)', () => {
    const policy = directivesOf(answers[0].response.headers.get('content-security-policy'));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", 'https://cdn.example.com', 'gallery.example.net:8443', earlyRequestsScriptHash]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    const everything = [...policy.values()].flat();
    expect(everything).not.toContain("'unsafe-eval'");
    expect(everything).not.toContain("'unsafe-inline'");
    expect(everything.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
  });

  test('Content-Security-Policy: the shell’s first-paint style is allowed by its hash, nothing else inline', () => {
    const policy = directivesOf(answers[0].response.headers.get('content-security-policy'));
    const hash = `'sha256-${createHash('sha256').update(BOOT_STYLE).digest('base64')}'`;
    expect(policy.get('style-src')).toEqual(["'self'", 'https://cdn.example.com', 'gallery.example.net:8443', hash]);
  });

  test('Content-Security-Policy: images and media from our origin and blob: (images also data:, the painted welcome\'s), connections to us and the remotes', () => {
    const policy = directivesOf(answers[0].response.headers.get('content-security-policy'));
    expect(policy.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(policy.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://cdn.example.com', 'gallery.example.net:8443']);
  });

  test('frame-ancestors none and X-Frame-Options DENY on every answer', () => {
    for (const { what, response } of answers) {
      expect([what, directivesOf(response.headers.get('content-security-policy')).get('frame-ancestors')]).toEqual([what, ["'none'"]]);
      expect([what, response.headers.get('x-frame-options')]).toEqual([what, 'DENY']);
    }
  });

  test('X-Content-Type-Options: nosniff on every answer', () => {
    for (const { what, response } of answers) expect([what, response.headers.get('x-content-type-options')]).toEqual([what, 'nosniff']);
  });

  test('Referrer-Policy: strict-origin-when-cross-origin on every answer', () => {
    for (const { what, response } of answers) expect([what, response.headers.get('referrer-policy')]).toEqual([what, 'strict-origin-when-cross-origin']);
  });

  test('Permissions-Policy: the camera and the microphone (voice notes, issue 26) for our origin only, location for no one', () => {
    for (const { what, response } of answers) {
      const policy = response.headers.get('permissions-policy') ?? '';
      expect([what, policy.split(/,\s*/)]).toEqual([what, expect.arrayContaining(['camera=(self)', 'microphone=(self)', 'geolocation=()'])]);
    }
  });

  test('Cross-Origin-Resource-Policy: pages and the API same-origin; remotes’ code and stored files embeddable', () => {
    const corp = (what: string) => answers.find((answer) => answer.what === what)!.response.headers.get('cross-origin-resource-policy');
    expect(corp('a page')).toBe('same-origin');
    expect(corp('an API answer')).toBe('same-origin');
    expect(corp('a remote entry')).toBe('cross-origin');
    expect(corp('a stored image')).toBe('cross-origin');
  });

  test('a stored image is shown inline as an image', async () => {
    const response = answers.find((answer) => answer.what === 'a stored image')!.response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBeNull();
  });

  test('a stored file no row names is never served, let alone as a page (issue 22: nothing by default)', async () => {
    const key = 'events/evt_planted/page.html';
    await server.app.storage.put(key, Buffer.from('<html><script>alert(document.cookie)</script></html>'));
    for (const route of ['/api/files', '/api/files/download']) {
      const response = await fetch(`${server.url}${route}?path=${encodeURIComponent(key)}`);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      await expectError(response, 404);
    }
  });

  test('refusals of /api/files keep the JSON shape and the headers', async () => {
    const response = await fetch(`${server.url}/api/files?path=${encodeURIComponent('../secret.txt')}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await expectError(response, 400);
  });
});

describe('content security policy pieces', () => {
  test('a remote’s source is its origin, or nothing on our origin', () => {
    expect(sourceOfUrl('/remotes/guest/remoteEntry.js')).toBeNull();
    expect(sourceOfUrl('remotes/guest/remoteEntry.js')).toBeNull();
    expect(sourceOfUrl('https://CDN.example.com/a/b/remoteEntry.js?v=2')).toBe('https://cdn.example.com');
    expect(sourceOfUrl('http://127.0.0.1:9/remoteEntry.js')).toBe('http://127.0.0.1:9');
    expect(sourceOfUrl('//cdn.example.com:8443/remoteEntry.js')).toBe('cdn.example.com:8443');
    expect(sourceOfUrl('javascript:alert(1)')).toBeNull();
    expect(sourceOfUrl('https://evil.example.com;script-src *')).toBeNull();
  });

  test('images and videos render as media; SVG, HTML and unknown types do not', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'image/heic', 'video/quicktime; charset=binary', 'audio/mp4', 'audio/webm']) expect([type, rendersAsMedia(type)]).toEqual([type, true]);
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', undefined, '', 'image/']) expect([type, rendersAsMedia(type)]).toEqual([type, false]);
  });

  test('every inline style block gets its hash', () => {
    expect(inlineHashes('<style>a{}</style><STYLE media="x">b{}</STYLE><script>c</script>')).toEqual([
      `'sha256-${createHash('sha256').update('a{}').digest('base64')}'`,
      `'sha256-${createHash('sha256').update('b{}').digest('base64')}'`,
    ]);
  });

  test('every plain inline script gets its hash; JSON data and linked scripts do not', () => {
    const html = '<script>run()</script><script type="application/json">{"a":1}</script><script defer src="/x.js"></script><style>a{}</style>';
    expect(inlineHashes(html, 'script')).toEqual([`'sha256-${createHash('sha256').update('run()').digest('base64')}'`]);
  });
});
