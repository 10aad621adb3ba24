import fs from 'node:fs';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import sharp from 'sharp';
import { createEvent, expectError, FAKE_FILES, makeWebRoot, organiserSession, startServer, type TestServer, readJson } from './helpers';

// The guest remote's own template, as its build emits it into dist/paint/ (CSS slot left as is).
const welcomeTemplate = fs.readFileSync(path.join(__dirname, '..', '..', 'guest-remote', 'src', 'features', 'welcome', 'first-paint', 'welcome.html'), 'utf8');

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
      webRoot: makeWebRoot({ ...FAKE_FILES, 'guest-remote/dist/paint/welcome.html': welcomeTemplate }),
      env: { PUBLIC_URL: 'https://momentos.example' },
    });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(async () => {
    await server.close();
  });

  test('the public read answers id, name, date, image card and code: never the contact or the location', async () => {
    const event = await createEvent(server, ana.token, { name: 'Casamento', contact: 'segredo@example.com' }, { bytes: await photo(3000, 2000), name: 'capa.jpg', type: 'image/jpeg' });
    const response = await fetch(`${server.url}/api/events/${event.id}/public`);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    const rules = { gallery_open: true, reveal_at: null, uploads_closed: false, pin_required: false };
    expect(body).toEqual({ id: event.id, name: 'Casamento', date: '2030-06-01 18:30', image: expect.stringMatching(/image-[0-9a-f]{16}-card\.jpg$/), code: event.code, ...rules });
    expect(JSON.stringify(body)).not.toContain('segredo');
    expect(JSON.stringify(body)).not.toContain('Lisboa');

    const card = await fetch(`${server.url}${body.image}`);
    expect(card.headers.get('content-type')).toBe('image/jpeg');
    expect(card.headers.get('cache-control')).toMatch(/immutable/);
    expect(await sharp(Buffer.from(await card.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });

    await expectError(await fetch(`${server.url}/api/events/evt_00000000-0000-0000-0000-000000000000/public`), 404);
    await expectError(await fetch(`${server.url}/api/events/..%2Fx/public`), 400);
  });

  test('/events/share/{id} and /invite/{code} answer the welcome already painted, escaped, with og tags, to any client', async () => {
    const event = await createEvent(server, ana.token, { name: hostile, contact: 'segredo@example.com' }, { bytes: await photo(1600, 1200), name: 'capa.jpg', type: 'image/jpeg' });
    const { image } = await readJson(await fetch(`${server.url}/api/events/${event.id}/public`));

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
      expect(JSON.parse(data![1])).toEqual({ remote: 'guest_remote', page: 'welcome', data: { id: event.id, name: hostile, date: '2030-06-01 18:30', image, code: event.code, gallery_open: true, reveal_at: null, uploads_closed: false, pin_required: false } });
      expect(html).not.toContain('segredo');
      // No executable inline script: the only inline <script> is the JSON data block.
      expect(html.match(/<script(?![^>]*type="application\/json")(?![^>]*src=)[^>]*>/g) ?? []).toEqual([]);
      expect(html).toContain('<div id="first-paint"><main class="guest-welcome">');
      expect(html).toContain('<div id="root"></div>');
    }
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
});
