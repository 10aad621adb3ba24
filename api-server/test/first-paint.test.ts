import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import { buffer } from 'node:stream/consumers';
import { GRID_TILE_SIZES } from '@momentos/app-manifest/dist/grid-tile';
import { WELCOME_IMAGE_SIZES } from '@momentos/app-manifest/dist/welcome-image';
import sharp from 'sharp';
import { eventFileKeys, isReferenced } from '../src/repositories/references';
import { earlyRequestsScriptHash } from '../src/web/early-requests';
import { createAlbum, createEvent, expectError, FAKE_FILES, makeWebRoot, organiserSession, startServer, tamperSignature, type TestServer, readJson } from './helpers';

// The guest remote's own template, as its build emits it into dist/paint/ (CSS slot left as is).
const welcomeTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'guest-remote', 'src', 'features', 'welcome', 'first-paint', 'welcome.html'), 'utf8');
// The gallery remote's, for the painted first screen of a public album.
const galleryTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'gallery-remote', 'src', 'features', 'gallery', 'first-paint', 'gallery.html'), 'utf8');

/** A GET that accepts no encoding at all (curl, health probes, link-preview robots). */
function plainGet(url: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'user-agent': 'WhatsApp/2.23', 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();

/** The attribute `content` of a meta tag with this property, decoded as a browser would. */
function metaContent(html: string, property: string): string | undefined {
  const match = new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html);
  return match?.[1].replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

describe('a guest\'s first paint and link previews', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  const hostile = `<script>alert("x")</script> Ana & Rui's "festa"`;

  beforeAll(async () => {
    server = await startServer({
      webRoot: makeWebRoot({ ...FAKE_FILES, 'guest-remote/dist/paint/welcome.html': welcomeTemplate, 'gallery-remote/dist/paint/gallery.html': galleryTemplate }),
      env: { PUBLIC_URL: 'https://momentos.example' },
    });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  const welcomeCopyKey = async (eventId: string, width: number) => {
    const row = await server.app.db.selectFrom('events').select('image_card_path').where('id', '=', eventId).executeTakeFirstOrThrow();
    return row.image_card_path!.replace(/\.jpg$/, `-w${width}.avif`);
  };
  const storedBytes = async (key: string | Promise<string>) => buffer((await server.app.storage.get(await key))!.body);

  test('the public read answers id, name, date, image card and code: never the contact or the location', async () => {
    const event = await createEvent(server, ana.token, { name: 'Casamento', contact: 'segredo@example.com' }, { bytes: await photo(3000, 2000), name: 'capa.jpg', type: 'image/jpeg' });
    const response = await fetch(`${server.url}/api/events/${event.id}/public`);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    const rules = { gallery_open: true, reveal_at: null, uploads_closed: false, pin_required: false, guest_downloads: true, video_max_seconds: 300 };
    // Issue 29: with the card, the welcome's AVIF copies of the same crop, 720 and 1080 px wide.
    const avif = expect.stringMatching(/^\/api\/files\?path=events\/[^ ]+-card-w720\.avif 720w, \/api\/files\?path=events\/[^ ]+-card-w1080\.avif 1080w$/);
    expect(body).toEqual({ id: event.id, name: 'Casamento', date: '2030-06-01 18:30', image: expect.stringMatching(/image-[0-9a-f]{16}-card\.jpg$/), image_avif_srcset: avif, code: event.code, ...rules });
    expect(JSON.stringify(body)).not.toContain('segredo');
    expect(JSON.stringify(body)).not.toContain('Lisboa');

    const card = await fetch(`${server.url}${body.image}`);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('cache-control')).toMatch(/immutable/);
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    for (const [url, width] of body.image_avif_srcset.split(', ').map((candidate: string) => candidate.split(' '))) {
      expect(url.startsWith(body.image.replace(/\.jpg$/, '-w'))).toBe(true);
      const copy = await fetch(`${server.url}${url}`);
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toBe('image/avif');
      const size = Number(width.replace('w', ''));
      expect(await sharp(Buffer.from(await copy.arrayBuffer())).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: size, height: Math.round((size * 630) / 1200) });
    }

    await expectError(await fetch(`${server.url}/api/events/evt_00000000-0000-0000-0000-000000000000/public`), 404);
    await expectError(await fetch(`${server.url}/api/events/..%2Fx/public`), 400);
  });

  test("the organiser's list and form show the image by its card and AVIF copies; `image` stays the original (issue 29)", async () => {
    const original = await photo(3000, 2000);
    const event = await createEvent(server, ana.token, { name: 'Lista' }, { bytes: original, name: 'capa.jpg', type: 'image/jpeg' });
    const { image_avif_srcset: welcomeSrcset } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    const listed = (await readJson(await fetch(`${server.url}/api/events`, { headers: ana.headers }))).find((item: { id: string }) => item.id === event.id);
    const [read] = await readJson(await fetch(`${server.url}/api/events/${event.id}`, { headers: ana.headers }));
    for (const item of [listed, read]) {
      expect(item.image).toMatch(/image-[0-9a-f]{16}\.jpg$/);
      expect(item.image_card).toBe(item.image.replace(/\.jpg$/, '-card.jpg'));
      expect(item.image_avif_srcset).toBe(welcomeSrcset);
    }
    // What a 64-px row fetches is a small fraction of what the phone sent.
    const card = Buffer.from(await (await fetch(`${server.url}${listed.image_card}`)).arrayBuffer());
    const smallest = Buffer.from(await (await fetch(`${server.url}${listed.image_avif_srcset.split(' ')[0]}`)).arrayBuffer());
    expect(Buffer.from(await (await fetch(`${server.url}${listed.image}`)).arrayBuffer())).toEqual(original);
    expect(card.length).toBeLessThan(original.length / 4);
    expect(smallest.length).toBeLessThan(card.length);

    // An event without an image has neither.
    const bare = await createEvent(server, ana.token, { name: 'Sem imagem' });
    const [plain] = await readJson(await fetch(`${server.url}/api/events/${bare.id}`, { headers: ana.headers }));
    expect(plain).toMatchObject({ image: null, image_card: null });
    expect(plain).not.toHaveProperty('image_avif_srcset');
  });

  test('/events/share/{id} and /invite/{code} answer the welcome already painted, escaped, with og tags, to any client', async () => {
    const event = await createEvent(server, ana.token, { name: hostile, contact: 'segredo@example.com' }, { bytes: await photo(1600, 1200), name: 'capa.jpg', type: 'image/jpeg' });
    const { image, image_avif_srcset: avif } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    const inline = `data:image/avif;base64,${(await storedBytes(welcomeCopyKey(event.id, 1080))).toString('base64')}`;

    for (const pathname of [`/events/share/${event.id}`, `/invite/${event.code.toLowerCase()}`]) {
      const page = await plainGet(`${server.url}${pathname}`);
      expect(page.status).toBe(200);
      expect(page.type).toMatch(/^text\/html/);
      const html = page.body;
      // The name is text everywhere: no script of it reaches the page.
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ana &amp; Rui&#x27;s &quot;festa&quot; · Momentos</title>');
      expect(html).toContain('<h1 class="guest-welcome__title">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ana &amp; Rui&#x27;s &quot;festa&quot;</h1>');
      expect(html).toContain('<time dateTime="2030-06-01T18:30">01/06/2030 18:30</time>');
      expect(html).toContain('>Registrar um momento</button>');
      expect(html).toContain('>Compartilhar convite</button>');
      expect(html).toContain(`src="${image.replace(/&/g, '&amp;')}"`);
      // Link previews.
      expect(metaContent(html, 'og:title')).toBe(hostile);
      expect(metaContent(html, 'og:description')).toMatch(/^Ajude os noivos a reviver este dia/);
      expect(metaContent(html, 'og:image')).toBe(`https://momentos.example${image}`);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      expect(metaContent(html, 'og:url')).toBe(`https://momentos.example${pathname}`);
      // The data the page's script takes over with: JSON that cannot close its element, and no contact.
      const data = /<script type="application\/json" id="first-paint-data">([^<]*)<\/script>/.exec(html);
      expect(data).not.toBeNull();
      expect(JSON.parse(data![1])).toEqual({
        remote: 'guest_remote',
        page: 'welcome',
        data: { id: event.id, name: hostile, date: '2030-06-01 18:30', image, image_avif_srcset: avif, code: event.code, gallery_open: true, reveal_at: null, uploads_closed: false, pin_required: false, guest_downloads: true, video_max_seconds: 300 },
      });
      // Issue 29: the widest AVIF copy in the page itself, before the card in a <picture>: nothing to preload.
      expect(html).toContain(`<picture class="guest-welcome__picture"><source type="image/avif" srcset="${inline}" sizes="${WELCOME_IMAGE_SIZES}"/><img class="guest-welcome__image"`);
      expect(html).not.toContain('rel="preload" as="image"');
      expect(html).not.toContain('segredo');
      // No executable inline script: the only inline <script> is the JSON data block.
      expect(html.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g) ?? []).toEqual([]);
      expect(html).toContain('<div id="first-paint"><main class="guest-welcome">');
      expect(html).toContain('<div id="root"></div>');
    }
  });

  test('a welcome copy too large to carry in the page (over 40 KB) is preloaded from the top of the head instead', async () => {
    // Noise: nothing an encoder can shrink, so the 1080-px copy is far over the page's limit.
    const noise = await sharp(Buffer.from(Array.from({ length: 1600 * 1200 * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: 1600, height: 1200, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const event = await createEvent(server, ana.token, { name: 'Ruído' }, { bytes: noise, name: 'capa.jpg', type: 'image/jpeg' });
    expect((await storedBytes(welcomeCopyKey(event.id, 1080))).length).toBeGreaterThan(40 * 1024);
    const { image, image_avif_srcset: avif } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    const html = (await plainGet(`${server.url}/invite/${event.code}`)).body;
    const amp = (text: string) => text.replace(/&/g, '&amp;');
    expect(html).not.toContain('data:image');
    expect(html).toContain(`<picture class="guest-welcome__picture"><source type="image/avif" srcset="${amp(avif)}" sizes="${WELCOME_IMAGE_SIZES}"/><img class="guest-welcome__image"`);
    const preload = `<link rel="preload" as="image" fetchpriority="high" href="${amp(image)}" imagesrcset="${amp(avif)}" imagesizes="${WELCOME_IMAGE_SIZES}" type="image/avif">`;
    // First in the head, right after the viewport tag (the preload's sizes need the phone's viewport).
    expect(html).toContain(`<meta name="viewport" content="width=device-width, initial-scale=1">${preload}`);
  });

  test('an event without an image has no og:image; unknown events and other pages get the plain shell', async () => {
    const event = await createEvent(server, ana.token, { name: 'Festa simples' });
    const html = (await plainGet(`${server.url}/events/share/${event.id}`)).body;
    expect(html).toContain('<h1 class="guest-welcome__title">Festa simples</h1>');
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('<img');

    for (const pathname of ['/events/share/evt_00000000-0000-0000-0000-000000000000', '/invite/NOPE2345', '/events', '/']) {
      const page = await plainGet(`${server.url}${pathname}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>Momentos</title>');
      expect(page.body).not.toContain('first-paint');
    }
  });

  test('event images stored before cards existed get one at the next start', async () => {
    const event = await createEvent(server, ana.token, { name: 'Antiga' }, { bytes: await photo(900, 900), name: 'capa.jpg', type: 'image/jpeg' });
    const row = await server.app.db.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
    await server.app.storage.remove(row.image_card_path!);
    await server.app.db.updateTable('events').set({ image_card_path: null }).where('id', '=', event.id).execute();
    expect((await readJson(await fetch(`${server.url}/api/events/${event.id}/public`))).image).toBe(event.image);

    await server.restart();
    let card: string | null = null;
    for (let i = 0; i < 100 && !card; i++) {
      card = (await server.app.db.selectFrom('events').select('image_card_path').where('id', '=', event.id).executeTakeFirstOrThrow()).image_card_path;
      if (!card) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(card).toMatch(/-card\.jpg$/);
    const { image } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    expect(await sharp(Buffer.from(await (await fetch(`${server.url}${image}`)).arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  describe('the gallery of a public album', () => {
    async function upload(albumId: string, who: string, count: number, first = 0) {
      const form = new FormData();
      form.append('album_id', albumId);
      form.append('user_id', who);
      // Distinct sizes: the same bytes twice would be one photo (content dedupe).
      for (let i = first; i < first + count; i++) form.append('images', new Blob([await photo(60 + i, 40)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
      const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
      expect(response.status).toBe(201);
    }

    /** The album's list as a guest reads it, once every photo has all its renditions (issue 29: the screen copy comes last). */
    async function guestList(albumId: string): Promise<Array<{ id: string; compressed_photo: string | null; thumb_photo?: string | null; user_id: string }>> {
      for (let i = 0; i < 200; i++) {
        const list = await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`));
        if (list.every((item: { processing: boolean; display_photo: string | null }) => !item.processing && item.display_photo)) return list;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('renditions never came');
    }

    const paintedData = (html: string) => {
      const data = /<script type="application\/json" id="first-paint-data">([^<]*)<\/script>/.exec(html);
      return data ? JSON.parse(data[1]) : null;
    };
    const tileSources = (html: string) => [...html.matchAll(/<img class="gallery-tile__image"[^>]* src="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, '&'));

    test('paints the first 12 photos of the list, names escaped, the first row first, with the event as the link preview', async () => {
      const event = await createEvent(server, ana.token, { name: 'Casamento & festa' }, { bytes: await photo(1600, 1200), name: 'capa.jpg', type: 'image/jpeg' });
      const album = await createAlbum(server, ana.token, event.id);
      await upload(album.id, hostile, 8);
      await upload(album.id, 'Bia', 6, 8);
      const list = await guestList(album.id);
      expect(list).toHaveLength(14);

      const page = await plainGet(`${server.url}/events/share/albums/${album.id}`);
      expect(page.status).toBe(200);
      const html = page.body;
      expect(html).toContain('<div id="first-paint"><main class="gallery-page" data-album-id="' + album.id + '">');
      expect(html).toContain(`<a class="gallery-header__back" href="/events/share/${event.id}">`);
      expect(html).toContain('<title>Casamento &amp; festa · Momentos</title>');
      expect(metaContent(html, 'og:url')).toBe(`https://momentos.example/events/share/albums/${album.id}`);
      // The same photos, in the same order, as the guest's list: its first 12.
      const first = list.slice(0, 12);
      expect(tileSources(html)).toEqual(first.map((item) => item.compressed_photo));
      expect(paintedData(html)).toEqual({ remote: 'gallery_remote', page: 'gallery', data: { album_id: album.id, event_id: event.id, photos: first } });
      // A guest's name is text: in the label, the alt text and the data.
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('aria-label="Foto enviada por &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ana &amp; Rui&#x27;s &quot;festa&quot;"');
      // Each tile offers the phone copy beside the grid copy (issue 29).
      const srcsets = [...html.matchAll(/<img class="gallery-tile__image"[^>]* srcset="([^"]*)" sizes="([^"]*)"/g)].map((match) => [match[1].replace(/&amp;/g, '&'), match[2]]);
      expect(srcsets).toEqual(first.map((item) => [`${item.thumb_photo} 320w, ${item.compressed_photo} 640w`, GRID_TILE_SIZES]));
      expect(first.every((item) => /-tile\.webp$/.test(item.thumb_photo ?? ''))).toBe(true);
      // The first row is fetched first: preloaded from the top of the head (the same srcset, so the same choice), eager; the rest lazy.
      const preloads = [...html.matchAll(/<link rel="preload" as="image" fetchpriority="high" href="([^"]*)" imagesrcset="([^"]*)" imagesizes="([^"]*)">/g)].map((match) =>
        match.slice(1).map((value) => value.replace(/&amp;/g, '&')),
      );
      expect(preloads).toEqual(first.slice(0, 2).map((item) => [item.compressed_photo, `${item.thumb_photo} 320w, ${item.compressed_photo} 640w`, GRID_TILE_SIZES]));
      expect(html.indexOf('rel="preload" as="image"')).toBeLessThan(html.indexOf('<title>'));
      // After the viewport tag: before it the preload's sizes were read against a 980-px viewport and a phone fetched the 640-px copy as well.
      expect(html.indexOf('<meta name="viewport"')).toBeGreaterThan(-1);
      expect(html.indexOf('rel="preload" as="image"')).toBeGreaterThan(html.indexOf('<meta name="viewport"'));
      expect(html.match(/loading="eager" fetchpriority="high"/g)).toHaveLength(4);
      expect(html.match(/loading="lazy"/g)).toHaveLength(8);
      expect(html.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g) ?? []).toEqual([]);
    }, 90_000); // 12 uploads processed with three renditions each: over 30 s on PostgreSQL + S3 on the loaded shared cores

    test('paints nothing a guest could not read: hidden photos, a private album, a PIN, a closed gallery; nor an empty album', async () => {
      const event = await createEvent(server, ana.token, { name: 'Reservado' });
      const album = await createAlbum(server, ana.token, event.id);
      await upload(album.id, 'Caio', 2);
      const [shown, hidden] = await guestList(album.id);
      await server.app.db.updateTable('photos').set({ hidden: 1 }).where('id', '=', hidden.id).execute();
      const pathname = `/events/share/albums/${album.id}`;
      expect(tileSources((await plainGet(`${server.url}${pathname}`)).body)).toEqual([shown.compressed_photo]);

      const plain = async (path: string) => {
        const html = (await plainGet(`${server.url}${path}`)).body;
        expect(html).toContain('<title>Momentos</title>');
        expect(html).not.toContain('first-paint');
        expect(html).not.toContain(shown.id);
      };
      await server.app.db.updateTable('events').set({ pin: '4321' }).where('id', '=', event.id).execute();
      await plain(pathname);
      await server.app.db.updateTable('events').set({ pin: null, visibility: 'upload_only' }).where('id', '=', event.id).execute();
      await plain(pathname);
      await server.app.db.updateTable('events').set({ visibility: 'public' }).where('id', '=', event.id).execute();
      await server.app.db.updateTable('albums').set({ is_public: 0 }).where('id', '=', album.id).execute();
      await plain(pathname);

      const empty = await createAlbum(server, ana.token, event.id, { name: 'Vazio' });
      await plain(`/events/share/albums/${empty.id}`);
      await plain(`/events/share/albums/${event.id}`);
      await plain('/events/share/albums/alb_00000000-0000-0000-0000-000000000000');
    });
  });
});

// Issue 29: on a painted page with lead images nothing of the app downloads beside them: the page links
// the shell's paint loader in place of the entry and lists the entry and the preloads for it.
describe('a painted page\'s scripts wait for its lead images', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  const shellPage = '<!doctype html><html><head><meta charset="utf-8"><title>Momentos</title><script defer src="/main.1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';
  const scriptsOf = (html: string) => {
    const listed = /<script type="application\/json" id="first-paint-scripts">([^<]*)<\/script>/.exec(html);
    return listed && JSON.parse(listed[1]);
  };

  beforeAll(async () => {
    server = await startServer({
      webRoot: makeWebRoot({
        ...FAKE_FILES,
        'shell/dist/index.html': shellPage,
        'shell/dist/paint-loader.0a1b2c3d.js': 'void 0;',
        'guest-remote/dist/paint/welcome.html': welcomeTemplate,
      }),
    });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  test('a welcome with its image links the loader, not the entry, and hints no script', async () => {
    const event = await createEvent(server, ana.token, { name: 'Com capa' }, { bytes: await photo(1600, 1200), name: 'capa.jpg', type: 'image/jpeg' });
    const html = (await plainGet(`${server.url}/invite/${event.code}`)).body;
    expect(html).toContain('<script defer src="/paint-loader.0a1b2c3d.js"></script>');
    expect(html).not.toContain('/main.1a2b3c4d.js"></script>');
    expect(html).not.toContain('<link rel="preload" as="script"');
    expect(scriptsOf(html)).toEqual({ main: '/main.1a2b3c4d.js', preload: ['/remotes/guest/remoteEntry.js'] });
    // The only scripts that run: the loader (a file of our origin); the rest is JSON data.
    expect(html.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g) ?? []).toEqual([]);
    // The lead image is in the page itself (issue 29): nothing is preloaded for it.
    expect(html).toContain('<source type="image/avif" srcset="data:image/avif;base64,');
    expect(html).not.toContain('rel="preload" as="image"');
  });

  test('a welcome without an image keeps the entry and its preload hints (at a low priority: the view needs none), the loader before it (it keeps taps); an unpainted page has no loader', async () => {
    const event = await createEvent(server, ana.token, { name: 'Sem capa' });
    const painted = (await plainGet(`${server.url}/invite/${event.code}`)).body;
    expect(painted).toContain('<script defer src="/paint-loader.0a1b2c3d.js"></script><script defer src="/main.1a2b3c4d.js"></script>');
    expect(painted).toContain('<link rel="preload" as="script" href="/remotes/guest/remoteEntry.js" fetchpriority="low">');
    expect(scriptsOf(painted)).toBeNull();

    const plain = (await plainGet(`${server.url}/events/register/${event.id}`)).body;
    expect(plain).toContain('<script defer src="/main.1a2b3c4d.js"></script>');
    expect(plain).toContain('<link rel="preload" as="script" href="/remotes/organiser/remoteEntry.js">');
    expect(plain).not.toContain('paint-loader');
    expect(scriptsOf(plain)).toBeNull();
  });

  test('replacing the image removes the old card\'s welcome copies; they count as referenced while their card is', async () => {
    const event = await createEvent(server, ana.token, { name: 'Troca' }, { bytes: await photo(1600, 1200), name: 'capa.jpg', type: 'image/jpeg' });
    const row = await server.app.db.selectFrom('events').selectAll().where('id', '=', event.id).executeTakeFirstOrThrow();
    const copies = [720, 1080].map((width) => row.image_card_path!.replace(/\.jpg$/, `-w${width}.avif`));
    for (const key of copies) {
      expect(await server.app.storage.head(key)).not.toBeNull();
      expect(await isReferenced(server.app.db, key)).toBe(true);
    }
    expect([...(await eventFileKeys(server.app.db, event.id))!]).toEqual(expect.arrayContaining(copies));

    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Troca', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@example.com' })) form.append(key, value);
    form.append('image', new Blob([new Uint8Array(await photo(1200, 1600))], { type: 'image/jpeg' }), 'nova.jpg');
    const response = await fetch(`${server.url}/api/events/${event.id}`, { method: 'PUT', headers: { authentication: ana.token }, body: form });
    expect(response.status).toBe(200);
    for (const key of copies) {
      expect(await server.app.storage.head(key)).toBeNull();
      expect(await isReferenced(server.app.db, key)).toBe(false);
    }
    const { image_avif_srcset: avif } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));
    expect(avif).toMatch(/-card-w720\.avif 720w, .*-card-w1080\.avif 1080w$/);
    expect(avif).not.toContain(row.image_card_path);
  });
});

// Issue 29: the entry's first step, painted on / from the organiser remote's template.
const entryTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'organiser-remote', 'src', 'features', 'entry', 'first-paint', 'entry.html'), 'utf8');
// And the event list's frame (no data), from the same remote's.
const eventListTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'organiser-remote', 'src', 'features', 'event-list', 'first-paint', 'event-list.html'), 'utf8');
// And the new-event form (issue 29), from the same remote's.
const eventFormTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'organiser-remote', 'src', 'features', 'event-form', 'first-paint', 'event-form.html'), 'utf8');
// And the organiser's photo screen's frame (issue 29), from the gallery remote's.
const eventPhotosTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'gallery-remote', 'src', 'features', 'event-photos', 'first-paint', 'event-photos.html'), 'utf8');
// And the upload screen's name step, from the guest remote's.
const uploadTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'guest-remote', 'src', 'features', 'upload', 'first-paint', 'upload.html'), 'utf8');

describe('the painted entry and name step', () => {
  let server: TestServer;
  const paintedData = (html: string) => JSON.parse(/<script type="application\/json" id="first-paint-data">([^<]*)<\/script>/.exec(html)![1]);

  beforeAll(async () => {
    server = await startServer({ webRoot: makeWebRoot({ ...FAKE_FILES, 'organiser-remote/dist/paint/entry.html': entryTemplate, 'organiser-remote/dist/paint/event-list.html': eventListTemplate, 'organiser-remote/dist/paint/event-form.html': eventFormTemplate, 'guest-remote/dist/paint/upload.html': uploadTemplate, 'gallery-remote/dist/paint/event-photos.html': eventPhotosTemplate }) });
  });
  afterAll(async () => {
    await server.close();
  });

  test('offers "Criar a primeira conta" while the server has no organiser, then only Login; the shell keeps its title', async () => {
    const first = (await plainGet(`${server.url}/`)).body;
    expect(first).toContain('<div id="first-paint"><main class="entry">');
    expect(first).toContain('>Criar a primeira conta</button>');
    expect(paintedData(first)).toEqual({ remote: 'organiser_remote', page: 'entry', data: { needed: true } });
    expect(first).toContain('<title>Momentos</title>');
    expect(first).not.toContain('og:title');

    await organiserSession(server, 'ana@example.com');
    const later = (await plainGet(`${server.url}/`)).body;
    expect(later).not.toContain('Criar a primeira conta');
    expect(later.match(/<button[^>]*>Login<\/button>/g)).toHaveLength(1);
    expect(paintedData(later).data).toEqual({ needed: false });
  });

  const inlineScripts = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const scriptSources = (response: Response) => /(?:^|;)\s*script-src ([^;]*)/.exec(response.headers.get('content-security-policy')!)![1].trim().split(/\s+/);

  test('the sign-in check is the one inline script the entry runs, allowed by its hash (as is the name step\'s)', async () => {
    const response = await fetch(`${server.url}/`);
    const inline = inlineScripts(await response.text());
    expect(inline).toEqual([expect.stringContaining('localStorage.getItem("auth")')]);
    // Every painted template's inline script, each by its hash, and nothing else inline.
    expect(scriptSources(response)).toEqual(["'self'", hashOf(inline[0]), hashOf(inlineScripts(eventListTemplate)[0]), hashOf(inlineScripts(uploadTemplate)[0]), earlyRequestsScriptHash]);
  });

  test("the event list's frame is painted for everyone, the same before any sign-in is read; its own check hides it from a visitor not signed in", async () => {
    const response = await fetch(`${server.url}/events`);
    const html = await response.text();
    expect(html).toContain('<div id="first-paint"><div class="org-page"><header class="org-header" data-tour="event-list-header"><h1>Gerenciar eventos</h1></header>');
    expect(html).toContain('<p class="page-header__description">Compartilhe o convite, edite ou exclua cada evento pelo menu de opções.</p>');
    expect(html).toContain('aria-label="Carregando eventos…"');
    expect(paintedData(html)).toEqual({ remote: 'organiser_remote', page: 'event-list', data: {} });
    expect(html).toContain('<title>Momentos</title>');
    // The early reads' script (early-requests.test.ts), then the view's own check.
    const inline = inlineScripts(html);
    expect(inline).toEqual([expect.stringContaining('early-requests'), expect.stringContaining('localStorage.getItem("auth")||')]);
    expect(scriptSources(response)).toContain(hashOf(inline[1]));
    // Nobody's events in it: the page reads them with the sign-in.
    const bia = await organiserSession(server, 'carla@example.com');
    await createEvent(server, bia.token, { name: 'Festa da Carla' });
    expect(await (await fetch(`${server.url}/events`)).text()).not.toContain('Festa da Carla');
    // The other organiser pages are not painted but the new-event form (below).
    expect(await (await fetch(`${server.url}/conta`)).text()).not.toContain('first-paint');
  });

  test('the new-event form is painted, empty and inert, hidden by its own check from a visitor not signed in; editing an event is not painted', async () => {
    const response = await fetch(`${server.url}/events/register`);
    const html = await response.text();
    expect(html).toContain('<div id="first-paint"><div class="org-page"><header class="org-header"><h1>Novo evento</h1></header>');
    expect(html).toContain('<form class="event-form" novalidate="" inert="">');
    expect(html).toContain('<input id="event-name" class="mk-field__control" required="" autocomplete="off" type="text" value="">');
    expect(paintedData(html)).toEqual({ remote: 'organiser_remote', page: 'event-form', data: {} });
    const inline = inlineScripts(html);
    expect(inline).toEqual([expect.stringContaining('localStorage.getItem("auth")||')]);
    expect(scriptSources(response)).toContain(hashOf(inline[0]));

    const ana = await organiserSession(server, 'dora@example.com');
    const event = await createEvent(server, ana.token, { name: 'Festa da Dora' });
    const editing = await (await fetch(`${server.url}/events/register/${event.id}`)).text();
    expect(editing).not.toContain('first-paint');
    expect(editing).not.toContain('Festa da Dora');
  });

  test("the photo screen's frame is painted with the event's id in its links (escaped), an empty grid for the early script, and no data; its check hides it from a visitor not signed in", async () => {
    const ana = await organiserSession(server, 'eva@example.com');
    const event = await createEvent(server, ana.token, { name: 'Festa da Eva' });
    const response = await fetch(`${server.url}/events/${event.id}/photos`);
    const html = await response.text();
    expect(html).toContain(`<div id="first-paint"><nav class="event-tabs" aria-label="Conteúdo do evento"><a class="event-tabs__tab" aria-current="page" href="/events/${event.id}/photos">Fotos</a>`);
    expect(html).toContain(`<main class="gallery-page event-photos" data-event-id="${event.id}">`);
    expect(html).toContain('<div class="gallery-grid gallery-grid--painted" role="list" aria-label="Fotos do álbum" data-early-tiles=""');
    expect(html).not.toContain('Festa da Eva');
    expect(paintedData(html)).toEqual({ remote: 'gallery_remote', page: 'event-photos', data: {} });
    // The early reads' script, then the view's own check, each by its hash; the scripts' preloads low.
    const inline = inlineScripts(html);
    expect(inline).toEqual([expect.stringContaining('early-requests'), expect.stringContaining('localStorage.getItem("auth")||')]);
    for (const script of inline) expect(scriptSources(response)).toContain(hashOf(script));
    expect(html.match(/<link rel="preload"[^>]*>/g)!.every((tag) => tag.includes('fetchpriority="low"'))).toBe(true);

    const hostile = await (await fetch(`${server.url}/events/${encodeURIComponent('a"><img src=x>')}/photos`)).text();
    expect(hostile).toContain('href="/events/a&quot;&gt;&lt;img src=x&gt;/photos"');
    expect(hostile).not.toContain('<img src=x>');
    // The messages tab or another album (a query string) is another view: neither painted nor read early.
    for (const query of ['?tab=recados', '?album=alb_1']) {
      const other = await (await fetch(`${server.url}/events/${event.id}/photos${query}`)).text();
      expect(other).not.toContain('first-paint');
      expect(other).not.toContain('early-requests');
    }
  });

  test("the photo screen is painted with its first tiles when the page request carries the sign-in cookie of the event's team, and no cache keeps it; not for another organiser, a forged cookie or an ended session", async () => {
    const fabi = await organiserSession(server, 'fabi@example.com');
    const event = await createEvent(server, fabi.token, { name: 'Festa da Fabi' });
    const album = await createAlbum(server, fabi.token, event.id);
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Tia <Rosa>');
    // Distinct sizes: the same bytes twice would be one photo (content dedupe).
    for (let i = 0; i < 10; i++) form.append('images', new Blob([await photo(60 + i, 40)], { type: 'image/jpeg' }), `foto-${i}.jpg`);
    expect((await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form })).status).toBe(201);
    // The list the page reads (GET /api/events/photos/{eventId}), once every photo has its grid copy.
    let list: Array<{ compressed_photo: string | null }> = [];
    for (let i = 0; i < 200 && !(list.length === 10 && list.every((item) => item.compressed_photo)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      list = await readJson(await fetch(`${server.url}/api/events/photos/${event.id}`, { headers: fabi.headers }));
    }
    const storedPath = (url: string | null) => new URL(url!.replace(/&amp;/g, '&'), server.url).searchParams.get('path');
    const page = (token?: string) => fetch(`${server.url}/events/${event.id}/photos`, token ? { headers: { cookie: `outro=1; momentos-sign-in=${token}` } } : {});
    const tilesOf = (html: string) => [...html.matchAll(/<button type="button" class="gallery-tile" aria-label="([^"]*)"><img class="gallery-tile__image" alt="([^"]*)"[^>]*? src="([^"]*)"/g)];

    const response = await page(fabi.token);
    const html = await response.text();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    // The list's first eight, in its order, named as the early script names them (escaped), the first row first.
    const tiles = tilesOf(html);
    expect(tiles.map((tile) => storedPath(tile[3]))).toEqual(list.slice(0, 8).map((item) => storedPath(item.compressed_photo)));
    expect(tiles.every((tile) => tile[1] === 'Foto enviada por Tia &lt;Rosa&gt;' && tile[2] === tile[1])).toBe(true);
    expect(html.match(/ fetchpriority="high" decoding="async"/g)).toHaveLength(4);
    // No spinner and nothing for the early script to draw into: the grid is shown as painted.
    expect(html).not.toContain('Carregando fotos');
    expect(html).not.toContain('<template>');
    expect(html).toContain('data-video="Vídeo enviado por"><div role="listitem" class="gallery-grid__cell">');
    // The phone's first row is preloaded from the top of the head.
    expect(html.match(/<link rel="preload" as="image" fetchpriority="high"[^>]*>/g)).toHaveLength(2);
    // The early reads still go: the app starts from their list.
    expect(html).toContain('<script type="application/json" id="early-requests">');

    const framed = async (response: Response) => {
      const body = await response.text();
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(tilesOf(body)).toEqual([]);
      expect(body).toContain('aria-label="Carregando fotos"');
      expect(body).toContain('<template><div role="listitem" class="gallery-grid__cell"><button type="button" class="gallery-tile"></button></div></template>');
    };
    await framed(await page());
    await framed(await page((await organiserSession(server, 'gil@example.com')).token));
    await framed(await page(tamperSignature(fabi.token)));
    await framed(await page('nada'));
    expect((await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: fabi.headers })).status).toBe(200);
    await framed(await page(fabi.token));
  });

  test('the upload screen of an event without a PIN is painted at its name step, with the event as the title; with a PIN it is not', async () => {
    const bia = await organiserSession(server, 'bia@example.com');
    const event = await createEvent(server, bia.token, { name: 'Festa da Bia' });
    const response = await fetch(`${server.url}/events/upload/${event.id}`);
    const html = await response.text();
    expect(html).toContain(`<div id="first-paint"><main class="guest-upload"><header class="guest-upload__header"><a class="guest-upload__back" aria-label="Voltar para os álbuns" href="/events/share/${event.id}">`);
    expect(html).toContain('<label for="guest-name-input">Quem está enviando as fotos?</label>');
    expect(html).toContain('<title>Festa da Bia · Momentos</title>');
    expect(paintedData(html)).toEqual({ remote: 'guest_remote', page: 'upload', data: { event_id: event.id } });
    expect(scriptSources(response)).toContain(hashOf(inlineScripts(html)[0]));

    await server.app.db.updateTable('events').set({ pin: '4321' }).where('id', '=', event.id).execute();
    expect(await (await fetch(`${server.url}/events/upload/${event.id}`)).text()).not.toContain('first-paint');
    expect(await (await fetch(`${server.url}/events/upload/evt_nothing`)).text()).not.toContain('first-paint');
  });
});
