import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isPublicAddress } from '../src/infra/webhooks/address-guard';
import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, type TestServer } from './helpers';

// Issue 27 item 6: webhooks. A real receiver on this machine (WEBHOOK_ALLOW_PRIVATE=true for it) checks
// the signature over the exact bytes received, a retry after a 500, and the SSRF guard of a server
// without the variable, at save and at delivery.

type Session = Awaited<ReturnType<typeof organiserSession>>;

interface Received {
  raw: Buffer;
  headers: http.IncomingHttpHeaders;
}

/** A local HTTP receiver: records every request's raw body and headers, answers the statuses queued (then 200). */
async function startReceiver() {
  const received: Received[] = [];
  const statuses: number[] = [];
  const server = http.createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => {
      received.push({ raw: Buffer.concat(parts), headers: request.headers });
      response.statusCode = statuses.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { received, statuses, port, url: `http://127.0.0.1:${port}/hook`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Polls until `check` answers something truthy (the PostgreSQL queue runs on pg-boss's polling). */
async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const call = (server: TestServer, who: Session | null, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { ...(who ? who.headers : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let shade = 0;
/** A PNG of its own each time (the same bytes twice in an album are one photo, a duplicate). */
const uniquePng = () => sharp({ create: { width: 8, height: 8, channels: 3, background: { r: shade++ % 256, g: 90, b: 140 } } }).png().toBuffer();

async function upload(server: TestServer, albumId: string): Promise<string> {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', 'Tia Rosa');
  form.append('images', new Blob([await uniquePng()], { type: 'image/png' }), `foto-${shade}.png`);
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
  return (await readJson(response)).photos[0].id;
}

const expectedSignature = (secret: string, raw: Buffer) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe('webhooks (receiver on this machine, WEBHOOK_ALLOW_PRIVATE=true)', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Session;
  let moderator: Session;
  let coorganiser: Session;
  let outsider: Session;
  let eventId: string;
  let albumId: string;
  let secret: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_DELAYS: '1s,1s' } });
    owner = await organiserSession(server, 'ana@example.com');
    moderator = await organiserSession(server, 'mod@example.com');
    coorganiser = await organiserSession(server, 'co@example.com');
    outsider = await organiserSession(server, 'fora@example.com');
    eventId = (await createEvent(server, owner.token, { name: 'Casamento Ana & Leo' })).id;
    albumId = (await createAlbum(server, owner.token, eventId)).id;
    for (const [who, role] of [
      [moderator, 'moderator'],
      [coorganiser, 'coorganiser'],
    ] as const) {
      const invite = await readJson(await call(server, owner, 'POST', `/api/events/${eventId}/team/invites`, { role }));
      const token = (invite.url as string).split('/equipe/')[1];
      expect((await call(server, who, 'POST', `/api/team-invites/${token}/accept`)).status).toBe(200);
    }
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  test('the owner saves a URL and gets the secret once; the tab lists no secret', async () => {
    const empty = await call(server, owner, 'GET', `/api/events/${eventId}/webhook`);
    expect(await readJson(empty)).toEqual({ webhook: null, deliveries: [], events: ['photo.created', 'photo.removed', 'message.created'] });

    const saved = await call(server, owner, 'PUT', `/api/events/${eventId}/webhook`, { url: receiver.url });
    expect(saved.status).toBe(201);
    const body = await readJson(saved);
    expect(body.webhook.url).toBe(receiver.url);
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    secret = body.secret;

    const state = await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`));
    expect(state.webhook).toEqual({ url: receiver.url, created_at: expect.any(String), updated_at: expect.any(String) });
    expect(JSON.stringify(state)).not.toContain(secret);

    // Changing the URL keeps the secret (and does not show it again).
    const again = await call(server, owner, 'PUT', `/api/events/${eventId}/webhook`, { url: receiver.url });
    expect(again.status).toBe(200);
    expect((await readJson(again)).secret).toBeUndefined();
  });

  test('a stored photo is posted as the owner sees it, signed over the exact body', async () => {
    const before = receiver.received.length;
    const photoId = await upload(server, albumId);
    const got = await waitFor(() => receiver.received[before]);
    const signature = got.headers['x-momentos-signature'];
    expect(signature).toBe(expectedSignature(secret, got.raw));
    // A signature made with another secret, or over other bytes, does not match.
    expect(signature).not.toBe(expectedSignature(secret + 'x', got.raw));
    expect(signature).not.toBe(expectedSignature(secret, Buffer.from(JSON.stringify(JSON.parse(got.raw.toString())) + ' ')));
    expect(got.headers['content-type']).toBe('application/json');
    const payload = JSON.parse(got.raw.toString('utf8'));
    expect(payload).toEqual({ id: expect.stringMatching(/^dlv_/), type: 'photo.created', event_id: eventId, created_at: expect.any(String), data: expect.any(Object) });
    expect(got.headers['x-momentos-delivery']).toBe(payload.id);
    expect(got.headers['x-momentos-event']).toBe('photo.created');
    expect(payload.data).toMatchObject({ id: photoId, user_id: 'Tia Rosa', hidden: false, pending: false, file_type: 'image' });
    expect(payload.data.original_photo).toMatch(/scope=o&exp=\d+&sig=/);

    const state = await waitFor(async () => {
      const list = (await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`))).deliveries;
      return list[0]?.status === 'delivered' ? list : null;
    });
    expect(state[0]).toMatchObject({ id: payload.id, event_type: 'photo.created', status: 'delivered', attempts: 1, response_status: 200, error: null });
  });

  test("a guest's message is posted as message.created, as the owner reads it (issue 26's guestbook)", async () => {
    const before = receiver.received.length;
    const form = new FormData();
    form.append('user_id', 'Tia Rosa');
    form.append('text', 'Felicidades aos noivos!');
    const response = await fetch(`${server.url}/api/events/${eventId}/messages`, { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const { id } = await readJson(response);
    const got = await waitFor(() => receiver.received.slice(before).find((request) => request.headers['x-momentos-event'] === 'message.created'));
    expect(got.headers['x-momentos-signature']).toBe(expectedSignature(secret, got.raw));
    const payload = JSON.parse(got.raw.toString('utf8'));
    expect(payload).toMatchObject({ type: 'message.created', event_id: eventId, data: { id, user_id: 'Tia Rosa', text: 'Felicidades aos noivos!' } });
  });

  test('a 500 is retried after the pause, with the same body and signature, until a 2xx', async () => {
    const photoId = await upload(server, albumId);
    await waitFor(() => receiver.received.some((entry) => JSON.parse(entry.raw.toString()).data.id === photoId));
    const before = receiver.received.length;
    receiver.statuses.push(500);
    const removed = await call(server, owner, 'DELETE', `/api/events/photos/${photoId}`);
    expect(removed.status).toBe(200);
    const [first, second] = await waitFor(() => (receiver.received.length >= before + 2 ? receiver.received.slice(before, before + 2) : null));
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers['x-momentos-signature']).toBe(expectedSignature(secret, second.raw));
    const payload = JSON.parse(second.raw.toString());
    expect(payload).toMatchObject({ type: 'photo.removed', event_id: eventId, data: { id: photoId } });
    const delivery = await waitFor(async () => {
      const list = (await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`))).deliveries;
      const found = list.find((entry: { id: string }) => entry.id === payload.id);
      return found?.status === 'delivered' ? found : null;
    });
    expect(delivery).toMatchObject({ event_type: 'photo.removed', status: 'delivered', attempts: 2, response_status: 200 });
  });

  test('a delivery that never gets a 2xx ends failed after its retries', async () => {
    receiver.statuses.push(503, 503, 503);
    const before = receiver.received.length;
    await upload(server, albumId);
    const delivery = await waitFor(async () => {
      const list = (await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`))).deliveries;
      return list[0]?.status === 'failed' ? list[0] : null;
    });
    expect(delivery).toMatchObject({ event_type: 'photo.created', attempts: 3, response_status: 503, error: 'HTTP 503', next_attempt_at: null });
    expect(receiver.received.length - before).toBe(3);
  });

  test('a regenerated secret signs what follows; the old one no longer matches', async () => {
    const regenerated = await call(server, owner, 'POST', `/api/events/${eventId}/webhook/secret`);
    expect(regenerated.status).toBe(200);
    const fresh = (await readJson(regenerated)).secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    const before = receiver.received.length;
    await upload(server, albumId);
    const got = await waitFor(() => receiver.received[before]);
    expect(got.headers['x-momentos-signature']).toBe(expectedSignature(fresh, got.raw));
    expect(got.headers['x-momentos-signature']).not.toBe(expectedSignature(secret, got.raw));
    secret = fresh;
  });

  test('a moderator and a co-organiser get 403 naming the permission; outsiders 404', async () => {
    for (const who of [moderator, coorganiser]) {
      for (const [method, path, body] of [
        ['GET', `/api/events/${eventId}/webhook`, undefined],
        ['PUT', `/api/events/${eventId}/webhook`, { url: receiver.url }],
        ['POST', `/api/events/${eventId}/webhook/secret`, undefined],
        ['DELETE', `/api/events/${eventId}/webhook`, undefined],
      ] as const) {
        const refused = await expectError(await call(server, who, method, path, body), 403);
        expect(refused.message).toContain("'integrations.manage'");
      }
      expect((await call(server, who, 'GET', `/api/events/${eventId}`)).status).toBe(200);
    }
    await expectError(await call(server, outsider, 'GET', `/api/events/${eventId}/webhook`), 404);
    await expectError(await call(server, null, 'GET', `/api/events/${eventId}/webhook`), 401);
  });

  test('addresses that are not http(s) URLs are refused with a message', async () => {
    for (const url of ['ftp://example.com/x', 'not a url', 'http://user:pass@example.com/']) {
      const refused = await expectError(await call(server, owner, 'PUT', `/api/events/${eventId}/webhook`, { url }), 400);
      expect(refused.message).toMatch(/endereço/);
    }
  });

  test('the owner removes the webhook: nothing more is sent', async () => {
    const removed = await call(server, owner, 'DELETE', `/api/events/${eventId}/webhook`);
    expect(await readJson(removed)).toEqual({ status: 200, message: 'Webhook removido.' });
    const before = receiver.received.length;
    await upload(server, albumId);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.received.length).toBe(before);
    await expectError(await call(server, owner, 'DELETE', `/api/events/${eventId}/webhook`), 404);
  });

  test('deleting the event removes its webhook and deliveries', async () => {
    const other = (await createEvent(server, owner.token, { name: 'Festa' })).id;
    const otherAlbum = (await createAlbum(server, owner.token, other)).id;
    expect((await call(server, owner, 'PUT', `/api/events/${other}/webhook`, { url: receiver.url })).status).toBe(201);
    await upload(server, otherAlbum);
    await waitFor(async () => (await readJson(await call(server, owner, 'GET', `/api/events/${other}/webhook`))).deliveries[0]?.status === 'delivered');
    expect((await call(server, owner, 'DELETE', `/api/events/${other}`)).status).toBe(200);
    expect(await server.app.db.selectFrom('webhooks').select('id').where('event_id', '=', other).execute()).toEqual([]);
    // The first event's webhook was removed above (with its deliveries): no delivery is left at all.
    expect(await server.app.db.selectFrom('webhook_deliveries').select('id').execute()).toEqual([]);
  });
});

describe('the SSRF guard (WEBHOOK_ALLOW_PRIVATE unset)', () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Session;
  let eventId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startServer({ env: { WEBHOOK_RETRY_DELAYS: '1s' } });
    owner = await organiserSession(server, 'ana@example.com');
    eventId = (await createEvent(server, owner.token)).id;
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  test.each([
    ['loopback', 'http://127.0.0.1:8080/hook'],
    ['loopback, the whole 127/8', 'http://127.1.2.3/'],
    ['a private network', 'http://10.0.0.5/hook'],
    ['a private network (192.168)', 'https://192.168.1.10/'],
    ['a private network (172.16/12)', 'http://172.20.0.1/'],
    ['link-local (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', 'http://[::1]:8080/'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv6 unique-local', 'http://[fd00::1]/'],
    ['the unspecified address', 'http://0.0.0.0/'],
    ['a name that resolves to loopback', 'http://localhost:8080/hook'],
  ])('refuses %s at save (%s)', async (_what, url) => {
    const refused = await expectError(await call(server, owner, 'PUT', `/api/events/${eventId}/webhook`, { url }), 400);
    expect(refused.message).toMatch(/rede privada ou local/);
    expect(refused.message).toContain('WEBHOOK_ALLOW_PRIVATE');
  });

  test('refuses at delivery, after DNS resolution, a name that now resolves to loopback (rebinding)', async () => {
    // As if the name had resolved to a public address when saved: the row is written directly.
    const albumId = (await createAlbum(server, owner.token, eventId)).id;
    const now = new Date().toISOString();
    await server.app.db
      .insertInto('webhooks')
      .values({ id: 'whk_rebinding', event_id: eventId, url: `http://localhost:${receiver.port}/hook`, secret: 'whsec_test', created_at: now, updated_at: now })
      .execute();
    await upload(server, albumId);
    const delivery = await waitFor(async () => {
      const list = (await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`))).deliveries;
      return list[0]?.status === 'failed' ? list[0] : null;
    });
    expect(delivery).toMatchObject({ attempts: 2, response_status: null });
    expect(delivery.error).toMatch(/rede privada ou local/);
    // An address written as such is refused too.
    await server.app.db.updateTable('webhooks').set({ url: `http://127.0.0.1:${receiver.port}/hook` }).where('id', '=', 'whk_rebinding').execute();
    await upload(server, albumId);
    const literal = await waitFor(async () => {
      const list = (await readJson(await call(server, owner, 'GET', `/api/events/${eventId}/webhook`))).deliveries;
      return list[0]?.status === 'failed' && list[1]?.status === 'failed' ? list[0] : null;
    });
    expect(literal.error).toMatch(/127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('isPublicAddress (ipaddr.js ranges)', () => {
  test.each(['1.1.1.1', '8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '2001:4860:4860::8888'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  test.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1', 'not-an-ip'])(
    '%s is not',
    (address) => {
      expect(isPublicAddress(address)).toBe(false);
    },
  );
});
