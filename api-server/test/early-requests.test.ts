import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { tileState, type TilePhoto } from '@momentos/app-manifest/dist/tile-state';
import { createEvent, FAKE_FILES, makeWebRoot, organiserSession, startServer, type TestServer } from './helpers';

// Issue 29: an organiser's page asks for its first API reads as it is parsed (app-manifest's
// `earlyRequests`), with the sign-in the browser keeps; the API client takes the answers.

/** The page's inline scripts, and its JSON list of early reads. */
const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
const earlyJson = (html: string) => {
  const match = /<script type="application\/json" id="early-requests">([^<]*)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]) as { urls: string[]; tiles?: string }) : null;
};
const earlyList = (html: string) => earlyJson(html)?.urls ?? null;

/** An image the script asked for: the attributes it set, in order. */
class FakeImage {
  set: Array<[string, string]> = [];
  set sizes(value: string) {
    this.set.push(['sizes', value]);
  }
  set srcset(value: string) {
    this.set.push(['srcset', value]);
  }
  set src(value: string) {
    this.set.push(['src', value]);
  }
  set fetchPriority(value: string) {
    this.set.push(['fetchPriority', value]);
  }
}

/**
 * Runs the page's script as a browser would, with this storage; each request it sends is answered by
 * `answer(url)` (by default a bare 'answer'). Resolves the images it asked for once its answers are in.
 */
function runEarlyScript(html: string, stored: Record<string, string>, answer: (url: string) => unknown = () => 'answer', placeControls: Array<{ hidden: boolean }> = []) {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];
  const list = /<script type="application\/json" id="early-requests">([^<]*)<\/script>/.exec(html)?.[1];
  const window: Record<string, unknown> = {};
  const context = {
    window,
    Image: FakeImage,
    Array,
    // No painted frame here (the drawing into one is tested in Chromium, e2e organiser-photos.spec.ts).
    document: { getElementById: (id: string) => (id === 'early-requests' && list ? { textContent: list } : null), querySelector: () => null, querySelectorAll: (selector: string) => (selector === '[data-early-places]' ? placeControls : []) },
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve(answer(url));
    },
  };
  const script = inlineScripts(html).find((text) => text.includes('early-requests'))!;
  vm.runInNewContext(script, context);
  const images = async () => {
    await new Promise((resolve) => setTimeout(resolve, 10));
    return window.__momentosEarlyTiles as FakeImage[] | undefined;
  };
  return { sent, kept: window.__momentosEarly as Record<string, Promise<unknown>> | undefined, images, list: () => window.__momentosEarlyList, drawing: () => window.__momentosEarlyDrawn as Promise<unknown> | undefined };
}

/** A fetch answer as the script reads it: `ok`, and a copy whose body is this JSON. */
const jsonAnswer = (body: unknown, ok = true) => ({ ok, clone: () => ({ json: () => Promise.resolve(body) }) });

describe('early reads of an organiser page', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;

  beforeAll(async () => {
    server = await startServer({ webRoot: makeWebRoot(FAKE_FILES) });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  test("the photo screen lists its three reads and sends them with the stored sign-in, which the API accepts", async () => {
    const event = await createEvent(server, ana.token, { name: 'Casamento' });
    const response = await fetch(`${server.url}/events/${event.id}/photos`);
    const html = await response.text();
    expect(earlyList(html)).toEqual([`/api/events/photos/${event.id}`, `/api/events/${event.id}`, `/api/albums/${event.id}`]);

    // Its one fixed script, allowed by its hash.
    const script = inlineScripts(html).find((text) => text.includes('early-requests'))!;
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);

    const { sent, kept } = runEarlyScript(html, { auth: ana.token });
    expect(sent.map((request) => request.url)).toEqual(earlyList(html));
    expect(Object.keys(kept!)).toEqual(earlyList(html));
    // The same headers the API client sends: the API answers each read as it answers the app.
    for (const { url, headers } of sent) {
      const answer = await fetch(`${server.url}${url}`, { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const photos = await (await fetch(`${server.url}${sent[0].url}`, { headers: sent[0].headers })).json();
    expect(photos).toEqual([]);
  });

  test("the grid's list names the first screen of tiles, asked for with the grid's own srcset and sizes", async () => {
    const event = await createEvent(server, ana.token, { name: 'Aniversário' });
    const html = await (await fetch(`${server.url}/events/${event.id}/photos`)).text();
    expect(earlyJson(html)?.tiles).toBe(`/api/events/photos/${event.id}`);
    const file = (name: string) => `/api/files?path=events/${event.id}/${name}&sig=x`;
    const photo = (name: string, fields: Partial<TilePhoto> = {}): TilePhoto & { id: string } => ({
      id: name,
      file_type: 'image',
      compressed_photo: file(`${name}-grid.webp`),
      thumb_photo: file(`${name}-thumb.webp`),
      processing: false,
      error: false,
      ...fields,
    });
    const list = [
      photo('a'),
      photo('failed', { error: 'Erro', compressed_photo: null, thumb_photo: null }),
      photo('older', { thumb_photo: null }),
      photo('video', { file_type: 'video', playback_video: null, processing: true }),
      photo('processing', { processing: true, compressed_photo: null, thumb_photo: null }),
      photo('one-size', { thumb_photo: file('one-size-grid.webp') }),
      photo('b'),
      photo('c'),
      photo('ninth'),
      photo('tenth'),
    ];
    const run = runEarlyScript(html, { auth: ana.token }, (url) => (url === `/api/events/photos/${event.id}` ? jsonAnswer(list) : jsonAnswer({})));
    const images = (await run.images())!;
    // What each of the first eight tiles will load (none for a failed or unprocessed one), in the grid's order.
    // The first four images at a high priority (the first row), the others at the browser's default.
    const expected = list
      .slice(0, 8)
      .flatMap((item) => {
        const tile = tileState(item);
        if (tile.show !== 'image') return [];
        return [tile.srcset ? [['sizes', tile.sizes], ['srcset', tile.srcset], ['src', tile.src]] : [['src', tile.src]]];
      })
      .map((attributes, index) => (index < 4 ? [['fetchPriority', 'high'], ...attributes] : attributes));
    expect(images.map((image) => image.set)).toEqual(expected);
    expect(images).toHaveLength(6);
    expect(images[0].set[2][1]).toBe(`${file('a-thumb.webp')} 320w, ${file('a-grid.webp')} 640w`);
    // The whole list, parsed, for the page's first render (api-client's earlyAlbumPhotos).
    expect(run.list()).toEqual({ url: `/api/events/photos/${event.id}`, photos: list });
    // And the drawing's promise, which the shell's boot waits on (painted-view-drawn.ts), settled.
    expect(await run.drawing()).toBeUndefined();
  });

  test('no images for a refused or failed list, nor on a page without a grid', async () => {
    const event = await createEvent(server, ana.token, { name: 'Chá' });
    const html = await (await fetch(`${server.url}/events/${event.id}/photos`)).text();
    expect(await runEarlyScript(html, { auth: ana.token }, () => jsonAnswer({ status: 401, message: 'x' }, false)).images()).toEqual([]);
    expect(await runEarlyScript(html, { auth: ana.token }, () => null).images()).toEqual([]);
    const notAList = runEarlyScript(html, { auth: ana.token }, () => jsonAnswer({ status: 200 }));
    expect(await notAList.images()).toEqual([]);
    expect(notAList.list()).toBeUndefined();
    const list = await (await fetch(`${server.url}/events`)).text();
    expect(earlyJson(list)?.tiles).toBeUndefined();
    expect(await runEarlyScript(list, { auth: ana.token }, () => jsonAnswer([{ compressed_photo: '/x.webp' }])).images()).toBeUndefined();
  });

  test("the painted frame's place controls are shown when a photo of the list has a place, as the page shows them", async () => {
    const event = await createEvent(server, ana.token, { name: 'Mesas' });
    const html = await (await fetch(`${server.url}/events/${event.id}/photos`)).text();
    const tile = { id: 'a', file_type: 'image', compressed_photo: '/a.webp', processing: false, error: false };
    const shown = [{ hidden: true }, { hidden: true }];
    await runEarlyScript(html, { auth: ana.token }, () => jsonAnswer([tile, { ...tile, id: 'b', place: 'Mesa 5' }]), shown).images();
    expect(shown).toEqual([{ hidden: false }, { hidden: false }]);
    const still = [{ hidden: true }];
    await runEarlyScript(html, { auth: ana.token }, () => jsonAnswer([tile, { ...tile, id: 'b', place: null }]), still).images();
    expect(still).toEqual([{ hidden: true }]);
  });

  test("the photo screen's script preloads are at a low priority, so that its reads and first tiles go first; a page without early reads keeps the default", async () => {
    const event = await createEvent(server, ana.token, { name: 'Bodas' });
    const photos = await (await fetch(`${server.url}/events/${event.id}/photos`)).text();
    const preloads = photos.match(/<link rel="preload"[^>]*>/g) ?? [];
    expect(preloads.length).toBeGreaterThan(0);
    for (const tag of preloads) expect(tag).toContain('fetchpriority="low"');
    // Another album of the page (a query string) sends no reads of its own: its preloads are as usual.
    const other = await (await fetch(`${server.url}/events/${event.id}/photos?album=alb_x`)).text();
    expect(other).toMatch(/<link rel="preload" as="script" href="[^"]+">/);
    expect(other).not.toContain('fetchpriority="low"');
  });

  test('nothing is sent without a stored sign-in', async () => {
    const html = await (await fetch(`${server.url}/events`)).text();
    expect(earlyList(html)).toEqual(['/api/events']);
    const run = runEarlyScript(html, {});
    expect(run.sent).toEqual([]);
    expect(run.kept).toBeUndefined();
    expect(await run.images()).toBeUndefined();
    expect(run.drawing()).toBeUndefined();
  });

  test('another album or tab of the page (a query string), and pages without early reads, have none', async () => {
    const event = await createEvent(server, ana.token, { name: 'Festa' });
    expect(earlyList(await (await fetch(`${server.url}/events/${event.id}/photos?tab=recados`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/events/${event.id}/photos?album=alb_1`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/conta`)).text())).toBeNull();
    expect(earlyList(await (await fetch(`${server.url}/events/share/${event.id}`)).text())).toBeNull();
  });

  test('a hostile id is encoded in the list, as the API client encodes it', async () => {
    const html = await (await fetch(`${server.url}/events/${encodeURIComponent('a"</script>b')}/photos`)).text();
    expect(earlyList(html)).toEqual(['/api/events/photos/a%22%3C%2Fscript%3Eb', '/api/events/a%22%3C%2Fscript%3Eb', '/api/albums/a%22%3C%2Fscript%3Eb']);
    expect(html).not.toContain('"</script>b');
  });
});
