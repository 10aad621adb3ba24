import sharp from 'sharp';
import { createAlbum, createEvent, organiserSession, readJson, listenToSocket, startServer, usingPostgres, wsTicket } from './helpers';

 
const WebSocket = require('ws');

// Several server instances share one PostgreSQL database behind a load balancer: a guest watching the
// gallery on one instance sees what another guest uploaded through another (LISTEN/NOTIFY).
const onPostgres = usingPostgres() ? describe : describe.skip;

const subscribe = (url: string) => listenToSocket<{ type: string; payload: { albumId: string; photos: { id: string }[] } }>(url);

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 20));
}

onPostgres('realtime across server instances', () => {
  test('an upload stored by one instance is announced to the subscribers of another, once each', async () => {
    const first = await startServer();
    // The second instance: same database and schema, its own process state and files.
    const schema = await first.app.db
      .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
      .executeTakeFirstOrThrow();
    const second = await startServer({ env: { DATABASE_SCHEMA: schema.schema } });
    try {
      const ana = await organiserSession(first, 'ana@example.com');
      const event = await createEvent(first, ana.token);
      const album = await createAlbum(first, ana.token, event.id);
      const onSecond = await subscribe(`${second.url.replace('http', 'ws')}/ws/albums/${album.id}`);
      const onFirst = await subscribe(`${first.url.replace('http', 'ws')}/ws/albums/${album.id}`);

      const form = new FormData();
      form.append('album_id', album.id);
      form.append('user_id', 'Rui');
      form.append('images', new Blob([await sharp({ create: { width: 20, height: 20, channels: 3, background: '#e11d48' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'a.jpg');
      const { photos } = await readJson(await fetch(`${first.url}/api/events/photos`, { method: 'POST', body: form }));

      // The rendition may finish within the wait and announce photos_updated too: count new_photos only.
      const announced = (subscriber: typeof onFirst) => subscriber.messages.filter((m) => m.type === 'new_photos');
      await waitFor(() => announced(onSecond).length > 0 && announced(onFirst).length > 0);
      await new Promise((r) => setTimeout(r, 200)); // a duplicate would arrive by now
      for (const subscriber of [onSecond, onFirst]) {
        expect(announced(subscriber)).toHaveLength(1);
        expect(announced(subscriber)[0]).toMatchObject({ type: 'new_photos', payload: { albumId: album.id, photos: [{ id: photos[0].id, user_id: 'Rui' }] } });
      }
      onSecond.close();
      onFirst.close();
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);

  test('issue 22: an album made private through one instance closes its guest sockets on the other (4403); the owner\'s stays', async () => {
    const first = await startServer();
    const schema = await first.app.db
      .selectNoFrom((eb) => eb.fn<string>('current_schema').as('schema'))
      .executeTakeFirstOrThrow();
    const second = await startServer({ env: { DATABASE_SCHEMA: schema.schema } });
    try {
      const ana = await organiserSession(first, 'ana@example.com');
      const event = await createEvent(first, ana.token);
      const album = await createAlbum(first, ana.token, event.id);
      const url = `${second.url.replace('http', 'ws')}/ws/albums/${album.id}`;
      const guest = new WebSocket(url);
      const closed = new Promise<{ code: number; reason: string }>((resolve) => guest.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString() })));
      await new Promise((resolve, reject) => {
        guest.on('open', resolve);
        guest.on('error', reject);
      });
      // The ticket is issued by the first instance (whose token key signed ana's token) and taken by the second: tickets live in the shared database.
      const owner = await subscribe(`${url}?ticket=${await wsTicket(first, album.id, ana.headers)}`);
      const put = await fetch(`${first.url}/api/albums/${album.id}`, {
        method: 'PUT',
        headers: { ...ana.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Cerimônia', description: 'Fotos', is_public: false, is_available: true }),
      });
      expect(put.status).toBe(200);
      expect(await closed).toEqual({ code: 4403, reason: 'Este álbum não está mais disponível.' });
      await waitFor(() => second.app.realtime.subscriberCount(album.id) === 1);
      expect(second.app.realtime.subscriberCount(album.id)).toBe(1);
      owner.close();
    } finally {
      await second.close();
      await first.close();
    }
  }, 30_000);
});
