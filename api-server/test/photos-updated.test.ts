import sharp from 'sharp';
import { createAlbum, createEvent, organiserSession, readJson, listenToSocket, startServer, usingPostgres, wsTicket, type TestServer } from './helpers';

// Issue 24 item 3: when a photo's renditions exist (or its processing fails) the media job announces
// `photos_updated` with the items as lists present them, to every instance's sockets; a guest's socket
// never hears of a hidden or pending photo.

type Item = { id: string; compressed_photo: string | null; display_photo: string | null; processing: boolean; error: string | false; hidden?: boolean; pending?: boolean };
type Message = { type: string; payload: { albumId: string; photos?: Item[]; ids?: string[] } };

const jpeg = (seed: number) =>
  sharp({ create: { width: 40 + seed, height: 30, channels: 3, background: { r: seed * 20, g: 80, b: 120 } } }).jpeg().toBuffer();

async function upload(server: TestServer, albumId: string, who: string, file: { name: string; bytes: Buffer; type?: string }) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', who);
  form.append('images', new Blob([file.bytes], { type: file.type ?? 'image/jpeg' }), file.name);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return ((await readJson(response)) as { photos: Item[] }).photos[0];
}

const listen = (url: string) => listenToSocket<Message>(url);

const until = async (check: () => boolean, tries = 250) => {
  for (let i = 0; i < tries && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};

const updatesOf = (listener: { messages: Message[] }, id: string) =>
  listener.messages.filter((message) => message.type === 'photos_updated' && message.payload.photos?.some((photo) => photo.id === id));

/** After a moment (a message would have arrived by then), the guests' sockets have heard nothing. */
async function expectGuestsHeardNothing(guests: Array<{ messages: Message[] }>) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const guest of guests) expect(guest.messages).toEqual([]);
}

const wsUrl = (server: TestServer, channel: string) => `${server.url.replace('http', 'ws')}/ws/albums/${channel}`;

describe('photos_updated (issue 24)', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let eventId: string;
  let albumId: string;
  let approvalAlbum: string;

  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    eventId = (await createEvent(server, ana.token)).id;
    albumId = (await createAlbum(server, ana.token, eventId, { name: 'Festa' })).id;
    approvalAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Recados', requires_approval: true })).id;
  });
  afterAll(() => server.close());

  test("a photo's renditions are announced to the album's guests and the event's owner, as their lists present it", async () => {
    const guest = await listen(wsUrl(server, albumId));
    const owner = await listen(`${wsUrl(server, eventId)}?ticket=${await wsTicket(server, eventId, ana.headers)}`);
    const sent = await upload(server, albumId, 'Tia Rosa', { name: 'bolo.jpg', bytes: await jpeg(1) });
    expect(sent.processing).toBe(true);

    // Issue 29: two updates, the grid's copies first (the photo is on every screen), then the screen's.
    await until(() => updatesOf(guest, sent.id).length === 2 && updatesOf(owner, sent.id).length === 2);
    const [first, heard] = updatesOf(guest, sent.id);
    expect(first.payload.photos![0]).toMatchObject({ id: sent.id, processing: false, error: false, display_photo: null });
    expect(first.payload.photos![0].compressed_photo).toMatch(/-grid\.webp/);
    expect(heard.payload.albumId).toBe(albumId);
    const listed = ((await readJson(await fetch(`${server.url}/api/events/photos/${albumId}`))) as Item[]).find((photo) => photo.id === sent.id)!;
    expect(listed.processing).toBe(false);
    expect(listed.compressed_photo).toMatch(/-grid\.webp/);
    // The guest hears the item the guest's list shows, renditions and all.
    expect(heard.payload.photos).toEqual([listed]);
    const toOwner = updatesOf(owner, sent.id)[1];
    expect(toOwner.payload.photos![0]).toMatchObject({ id: sent.id, processing: false, error: false, hidden: false, pending: false });
    expect(toOwner.payload.photos![0].display_photo).toMatch(/-display\.webp/);
    // The rendition the message points at is there to be fetched.
    const thumb = await fetch(new URL(heard.payload.photos![0].compressed_photo!, server.url));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    guest.close();
    owner.close();
  });

  test('a processing that fails is announced with its error', async () => {
    const guest = await listen(wsUrl(server, albumId));
    // JPEG magic bytes, then nothing a decoder can read.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(600, 7)]);
    const sent = await upload(server, albumId, 'Primo Zé', { name: 'quebrada.jpg', bytes: broken });
    await until(() => updatesOf(guest, sent.id).length > 0);
    expect(updatesOf(guest, sent.id)[0].payload.photos).toEqual([
      expect.objectContaining({ id: sent.id, processing: false, compressed_photo: null, error: 'Erro ao processar' }),
    ]);
    guest.close();
  });

  test("a pending photo's update reaches the owner only", async () => {
    const guest = await listen(wsUrl(server, approvalAlbum));
    const guestOfEvent = await listen(wsUrl(server, eventId));
    const owner = await listen(`${wsUrl(server, approvalAlbum)}?ticket=${await wsTicket(server, approvalAlbum, ana.headers)}`);
    const sent = await upload(server, approvalAlbum, 'Vovó Lia', { name: 'recado.jpg', bytes: await jpeg(2) });
    await until(() => updatesOf(owner, sent.id).length > 0);
    expect(updatesOf(owner, sent.id)[0].payload.photos![0]).toMatchObject({ id: sent.id, pending: true, processing: false });
    await expectGuestsHeardNothing([guest, guestOfEvent]);
    [guest, guestOfEvent, owner].forEach((listener) => listener.close());
  });

  test('hiding a photo: the guests see it leave, the owner hears it marked hidden; a star reaches both', async () => {
    const sent = await upload(server, albumId, 'Tia Rosa', { name: 'estrela.jpg', bytes: await jpeg(5) });
    await server.app.media.idle();
    const guest = await listen(wsUrl(server, albumId));
    const owner = await listen(`${wsUrl(server, eventId)}?ticket=${await wsTicket(server, eventId, ana.headers)}`);
    const patch = (body: unknown) =>
      fetch(`${server.url}/api/events/photos/${sent.id}`, { method: 'PATCH', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await patch({ favorite: true })).status).toBe(200);
    await until(() => updatesOf(guest, sent.id).length === 1 && updatesOf(owner, sent.id).length === 1);
    expect(updatesOf(guest, sent.id)[0].payload.photos![0]).toMatchObject({ id: sent.id, favorite: true });
    expect(updatesOf(guest, sent.id)[0].payload.photos![0]).not.toHaveProperty('hidden');
    expect(updatesOf(owner, sent.id)[0].payload.photos![0]).toMatchObject({ id: sent.id, favorite: true, hidden: false });

    expect((await patch({ hidden: true })).status).toBe(200);
    await until(() => updatesOf(owner, sent.id).length === 2 && guest.messages.some((message) => message.type === 'photos_removed'));
    expect(updatesOf(owner, sent.id)[1].payload.photos![0]).toMatchObject({ id: sent.id, hidden: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(guest.messages.map((message) => message.type)).toEqual(['photos_updated', 'photos_removed']);
    guest.close();
    owner.close();
  });

  test("a hidden photo's update is never delivered to a guest socket; the owner hears it with its flag", async () => {
    const sent = await upload(server, albumId, 'Tia Rosa', { name: 'escondida.jpg', bytes: await jpeg(3) });
    await server.app.media.idle();
    const hide = await fetch(`${server.url}/api/events/photos/${sent.id}`, {
      method: 'PATCH',
      headers: { ...ana.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ hidden: true }),
    });
    expect(hide.status).toBe(200);

    const guest = await listen(wsUrl(server, albumId));
    await until(() => server.app.realtime.subscriberCount(albumId) === 1);
    const guestOfEvent = await listen(wsUrl(server, eventId));
    const owner = await listen(`${wsUrl(server, albumId)}?ticket=${await wsTicket(server, albumId, ana.headers)}`);
    // The photo's renditions are made again while it is hidden (as when the owner hides it mid-job).
    await server.app.db.updateTable('photos').set({ processing: 1 }).where('id', '=', sent.id).execute();
    await server.app.media.enqueue([sent.id]);
    await until(() => updatesOf(owner, sent.id).length > 0);
    expect(updatesOf(owner, sent.id)[0].payload.photos![0]).toMatchObject({ id: sent.id, hidden: true, processing: false });
    await expectGuestsHeardNothing([guest, guestOfEvent]);
    [guest, guestOfEvent, owner].forEach((listener) => listener.close());
  });
});

// Issue 29: a new photo is on every screen once its grid's copies exist; its screen copy comes after,
// from a lane of its own.
describe('first copies first (issue 29)', () => {
  test("every photo of a burst is announced twice: with its grid copies, then with its screen copy", async () => {
    const server = await startServer({ env: { MEDIA_CONCURRENCY: '1' } });
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const event = await createEvent(server, ana.token);
      const album = await createAlbum(server, ana.token, event.id, { name: 'Festa' });
      const guest = await listen(wsUrl(server, album.id));
      const form = new FormData();
      form.append('album_id', album.id);
      form.append('user_id', 'Tia Rosa');
      for (const seed of [1, 2, 3]) form.append('images', new Blob([await jpeg(seed * 10)], { type: 'image/jpeg' }), `foto-${seed}.jpg`);
      const sent = ((await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }))) as { photos: Item[] }).photos;
      expect(sent).toHaveLength(3);
      await server.app.media.idle();
      await until(() => guest.messages.filter((message) => message.type === 'photos_updated').length === 6);
      const heard = guest.messages.filter((message) => message.type === 'photos_updated').map((message) => message.payload.photos![0]);
      for (const { id } of sent) {
        const updates = heard.filter((photo) => photo.id === id);
        expect(updates.map((photo) => (photo.display_photo === null ? 'grid' : 'screen'))).toEqual(['grid', 'screen']);
        expect(updates[0].compressed_photo).toMatch(/-grid\.webp/);
        expect(updates[1].display_photo).toMatch(/-display\.webp/);
      }
      guest.close();
    } finally {
      await server.close();
    }
  });

  test('a photo left without its screen copy (a crash between the two) gets it at the next start', async () => {
    const server = await startServer();
    try {
      const ana = await organiserSession(server, 'ana@example.com');
      const event = await createEvent(server, ana.token);
      const album = await createAlbum(server, ana.token, event.id, { name: 'Festa' });
      const sent = await upload(server, album.id, 'Rui', { name: 'antes.jpg', bytes: await jpeg(7) });
      await server.app.media.idle();
      const row = await server.app.db.selectFrom('photos').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
      // As the first job leaves it: grid and phone copies, no screen copy.
      await server.app.storage.remove(row.display_path!);
      await server.app.db.updateTable('photos').set({ display_path: null }).where('id', '=', row.id).execute();
      const { photosNeedingRenditions } = await import('../src/repositories/photos');
      expect(await photosNeedingRenditions(server.app.db)).toEqual([row.id]);

      await server.restart();
      await server.app.media.idle();
      const after = await server.app.db.selectFrom('photos').selectAll().where('id', '=', sent.id).executeTakeFirstOrThrow();
      expect(after).toMatchObject({ compressed_path: row.compressed_path, thumb_path: row.thumb_path, display_path: row.display_path, processing: 0, error: null });
      expect(await server.app.storage.head(row.display_path!)).toBeTruthy();
      expect(await photosNeedingRenditions(server.app.db)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

// Two instances on one PostgreSQL database: a socket on B hears the rendition A's worker made.
const onPostgres = usingPostgres() ? describe : describe.skip;

onPostgres('photos_updated across server instances', () => {
  test("instance B's sockets hear the renditions made by instance A's worker; a hidden photo's stay with the owner", async () => {
    const first = await startServer();
    const schema = await first.app.db
      .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
      .executeTakeFirstOrThrow();
    // B takes no media job: whatever is made, A's worker made it (from the same files).
    const files: Record<string, string> = first.config.storage.s3 ? { S3_BUCKET: first.config.storage.s3.bucket } : { STORAGE_DRIVER: 'local', DATA_DIR: first.dataDir };
    const second = await startServer({ env: { DATABASE_SCHEMA: schema.schema, MEDIA_CONCURRENCY: '0', ...files } });
    try {
      const ana = await organiserSession(first, 'ana@example.com');
      const event = await createEvent(first, ana.token);
      const album = await createAlbum(first, ana.token, event.id);
      const guestOnB = await listen(wsUrl(second, album.id));
      const ownerOnB = await listen(`${wsUrl(second, event.id)}?ticket=${await wsTicket(first, event.id, ana.headers)}`);

      // Uploaded through B, processed by A, heard on B.
      const sent = await upload(second, album.id, 'Rui', { name: 'a.jpg', bytes: await jpeg(4) });
      // Issue 29: the grid's copies, then the screen's: two updates.
      await until(() => updatesOf(guestOnB, sent.id).length === 2 && updatesOf(ownerOnB, sent.id).length === 2, 750);
      const listed = ((await readJson(await fetch(`${second.url}/api/events/photos/${album.id}`))) as Item[]).find((photo) => photo.id === sent.id)!;
      expect(listed.compressed_photo).toMatch(/-grid\.webp/);
      expect(listed.display_photo).toMatch(/-display\.webp/);
      expect(updatesOf(guestOnB, sent.id)[1].payload.photos).toEqual([listed]);
      await new Promise((resolve) => setTimeout(resolve, 200)); // a duplicate would arrive by now
      expect(updatesOf(guestOnB, sent.id)).toHaveLength(2);
      expect(updatesOf(ownerOnB, sent.id)).toHaveLength(2);

      // Hidden, then made again by A: B's owner hears it, B's guest does not.
      const hide = await fetch(`${first.url}/api/events/photos/${sent.id}`, {
        method: 'PATCH',
        headers: { ...ana.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ hidden: true }),
      });
      expect(hide.status).toBe(200);
      await until(() => guestOnB.messages.some((message) => message.type === 'photos_removed') && updatesOf(ownerOnB, sent.id).length === 3);
      // The owner's screen keeps the photo, marked.
      expect(updatesOf(ownerOnB, sent.id)[2].payload.photos![0]).toMatchObject({ id: sent.id, hidden: true });
      const guestHeard = guestOnB.messages.length;
      await first.app.db.updateTable('photos').set({ processing: 1 }).where('id', '=', sent.id).execute();
      await first.app.media.enqueue([sent.id]);
      await until(() => updatesOf(ownerOnB, sent.id).length > 3);
      expect(updatesOf(ownerOnB, sent.id)[3].payload.photos![0]).toMatchObject({ id: sent.id, hidden: true, processing: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(guestOnB.messages).toHaveLength(guestHeard);
      guestOnB.close();
      ownerOnB.close();
    } finally {
      await second.close();
      await first.close();
    }
  }, 60_000);
});
