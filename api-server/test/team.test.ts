import sharp from 'sharp';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, wsTicket, type TestServer } from './helpers';

// Issue 27 item 2: co-hosts with roles. Every organiser route, the socket, download tickets and wall
// links ask one authorisation function; outsiders still get 404, members without the permission 403.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

type Session = Awaited<ReturnType<typeof organiserSession>>;

const jpeg = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 80, b: 120 } } }).jpeg().toBuffer();

describe('the event team', () => {
  let server: TestServer;
  let owner: Session;
  let moderator: Session;
  let coorganiser: Session;
  let outsider: Session;
  let eventId: string;
  let privateAlbum: string;
  let photoId: string;

  const call = (who: Session | null, method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(who ? who.headers : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function invite(role: 'coorganiser' | 'moderator') {
    const response = await call(owner, 'POST', `/api/events/${eventId}/team/invites`, { role });
    expect(response.status).toBe(201);
    const created = await readJson(response);
    expect(created.url).toMatch(new RegExp(`/equipe/[A-Za-z0-9_-]{32}$`));
    return { ...created, token: (created.url as string).split('/equipe/')[1] } as { id: string; url: string; token: string; role: string; expires_at: string };
  }

  beforeAll(async () => {
    server = await startServer();
    owner = await organiserSession(server, 'ana@example.com');
    moderator = await organiserSession(server, 'mod@example.com');
    coorganiser = await organiserSession(server, 'co@example.com');
    outsider = await organiserSession(server, 'fora@example.com');
    eventId = (await createEvent(server, owner.token, { name: 'Casamento Ana & Leo', pin: '4821' })).id;
    privateAlbum = (await createAlbum(server, owner.token, eventId, { is_public: false })).id;
    const form = new FormData();
    form.append('album_id', privateAlbum);
    form.append('user_id', 'Tia Rosa');
    form.append('images', new Blob([await jpeg()], { type: 'image/jpeg' }), 'a.jpg');
    const uploaded = await fetch(`${server.url}/api/events/photos`, { method: 'POST', headers: { 'x-event-pin': '4821' }, body: form });
    expect(uploaded.status).toBe(201);
    photoId = (await readJson(uploaded)).photos[0].id;
  });
  afterAll(() => server.close());

  test('an invite link shows what it is for, and joins the signed-in person with its role, once', async () => {
    const link = await invite('moderator');
    const preview = await call(null, 'GET', `/api/team-invites/${link.token}`);
    expect(await readJson(preview)).toEqual({ event_name: 'Casamento Ana & Leo', role: 'moderator', invited_by: 'ana@example.com', expires_at: link.expires_at });
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);

    const accepted = await call(moderator, 'POST', `/api/team-invites/${link.token}/accept`);
    expect(await readJson(accepted)).toEqual({ status: 200, message: 'Convite aceito.', event_id: eventId, role: 'moderator' });
    // Single use: the link is spent, for anyone.
    await expectError(await call(outsider, 'POST', `/api/team-invites/${link.token}/accept`), 404);
    await expectError(await call(null, 'GET', `/api/team-invites/${link.token}`), 404);

    const list = await readJson(await call(moderator, 'GET', '/api/events'));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: eventId, name: 'Casamento Ana & Leo', role: 'moderator', permissions: ['event.view', 'photos.view', 'photos.moderate', 'wall.manage', 'downloads'] });

    const co = await invite('coorganiser');
    expect((await call(coorganiser, 'POST', `/api/team-invites/${co.token}/accept`)).status).toBe(200);
    const team = await readJson(await call(owner, 'GET', `/api/events/${eventId}/team`));
    expect(team.owner).toEqual({ organiser_id: owner.id, name: '', email: 'ana@example.com' });
    expect(team.members.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      ['mod@example.com', 'moderator'],
      ['co@example.com', 'coorganiser'],
    ]);
    expect(team.invites).toEqual([]);
  });

  test('a moderator runs the photos, the wall and downloads, and cannot edit the event or its albums (403 naming the permission)', async () => {
    // The photo screen as the team sees it: private albums, no PIN asked.
    expect((await call(moderator, 'GET', `/api/albums/${eventId}`)).status).toBe(200);
    const photos = await readJson(await call(moderator, 'GET', `/api/events/photos/${privateAlbum}`));
    expect(photos.map((photo: { id: string }) => photo.id)).toEqual([photoId]);
    const hidden = await call(moderator, 'PATCH', `/api/events/photos/${photoId}`, { hidden: true });
    expect(hidden.status).toBe(200);
    expect((await readJson(hidden)).hidden).toBe(true);
    const stillListed = await readJson(await call(moderator, 'GET', `/api/events/photos/${privateAlbum}`));
    expect(stillListed[0]).toMatchObject({ id: photoId, hidden: true });
    expect((await call(moderator, 'PATCH', `/api/events/photos/${photoId}`, { hidden: false })).status).toBe(200);
    expect((await call(moderator, 'POST', `/api/events/${eventId}/wall-link`)).status).toBe(201);
    expect((await call(moderator, 'POST', `/api/events/${eventId}/download-ticket`, {})).status).toBe(200);
    expect((await call(moderator, 'GET', `/api/events/${eventId}`)).status).toBe(200);

    const edit = await fetch(`${server.url}/api/events/${eventId}`, {
      method: 'PUT',
      headers: { ...moderator.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Outro', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'a@b.c' }),
    });
    const refused = await expectError(edit, 403);
    expect(refused.message).toBe("Seu papel neste evento (Moderador) não permite editar o evento (permissão 'event.edit').");
    expect((await expectError(await call(moderator, 'POST', `/api/albums/${eventId}`, { name: 'X', description: 'Fotos', is_public: true, is_available: true }), 403)).message).toMatch(/'albums\.edit'/);
    expect((await expectError(await call(moderator, 'PUT', `/api/albums/${privateAlbum}`, { name: 'X', description: 'Fotos', is_public: true, is_available: true }), 403)).message).toMatch(/'albums\.edit'/);
    expect((await expectError(await call(moderator, 'DELETE', `/api/events/${eventId}`), 403)).message).toMatch(/'event\.delete'/);
    expect((await expectError(await call(moderator, 'GET', `/api/events/${eventId}/team`), 403)).message).toMatch(/'team\.manage'/);
  });

  test('a co-host edits the event and albums but cannot delete it or manage the team', async () => {
    const edit = await fetch(`${server.url}/api/events/${eventId}`, {
      method: 'PUT',
      headers: { ...coorganiser.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Casamento Ana & Leo', date: '2030-06-02 18:30', location: 'Porto', contact: 'ana@example.com' }),
    });
    expect(edit.status).toBe(200);
    expect(await readJson(edit)).toMatchObject({ location: 'Porto', role: 'coorganiser' });
    const album = await call(coorganiser, 'POST', `/api/albums/${eventId}`, { name: 'Festa', description: 'Fotos', is_public: true, is_available: true });
    expect(album.status).toBe(201);
    expect((await call(coorganiser, 'DELETE', `/api/albums/${(await readJson(album)).id}`)).status).toBe(200);
    const share = await call(coorganiser, 'GET', `/api/events/share/${eventId}`);
    expect(share.status).toBe(200);
    expect((await expectError(await call(coorganiser, 'DELETE', `/api/events/${eventId}`), 403)).message).toBe(
      "Seu papel neste evento (Coorganizador) não permite excluir o evento (permissão 'event.delete').",
    );
    await expectError(await call(coorganiser, 'POST', `/api/events/${eventId}/team/invites`, { role: 'moderator' }), 403);
    await expectError(await call(coorganiser, 'DELETE', `/api/events/${eventId}/team/members/${moderator.id}`), 403);
  });

  test('outside the team the event stays a 404 everywhere, and the socket of a private album too', async () => {
    for (const [method, path] of [
      ['GET', `/api/events/${eventId}`],
      ['DELETE', `/api/events/${eventId}`],
      ['GET', `/api/events/${eventId}/team`],
      ['POST', `/api/events/${eventId}/wall-link`],
      ['PATCH', `/api/events/photos/${photoId}`],
      ['DELETE', `/api/albums/${privateAlbum}`],
    ] as const) {
      await expectError(await call(outsider, method, path, method === 'PATCH' ? { hidden: true } : undefined), 404);
    }
    expect(await readJson(await call(outsider, 'GET', '/api/events'))).toEqual([]);
    await expectError(await call(outsider, 'POST', '/api/ws-ticket', { album_id: privateAlbum }), 404);
  });

  test('a removed member loses access at once: routes, an open socket, a ticket and file URLs made before', async () => {
    const ticket = await readJson(await call(moderator, 'POST', `/api/events/${eventId}/download-ticket`, {}));
    // The team reads the private album's files, by token or by the URLs signed for it (issue 22's file access).
    const [photo] = await readJson(await call(moderator, 'GET', `/api/events/photos/${privateAlbum}`));
    const fileUrl = `${server.url}${photo.original_photo}`;
    expect((await fetch(fileUrl)).status).toBe(200);
    const plain = fileUrl.replace(/[&?](exp|sig|scope)=[^&]*/g, '').replace(/&$/, '');
    expect((await fetch(plain, { headers: moderator.headers })).status).toBe(200);
    expect((await fetch(plain)).status).not.toBe(200);
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws/albums/${privateAlbum}?ticket=${await wsTicket(server, privateAlbum, moderator.headers)}`);
    await new Promise((resolve, reject) => {
      socket.on('open', resolve);
      socket.on('error', reject);
    });
    const closed = new Promise((resolve) => socket.on('close', resolve));

    const removed = await call(owner, 'DELETE', `/api/events/${eventId}/team/members/${moderator.id}`);
    expect(await readJson(removed)).toEqual({ status: 200, message: 'Pessoa removida da equipe.' });
    await closed;
    await expectError(await call(moderator, 'GET', `/api/events/${eventId}`), 404);
    await expectError(await call(moderator, 'PATCH', `/api/events/photos/${photoId}`, { hidden: true }), 404);
    await expectError(await fetch(`${server.url}${ticket.url}`), 404);
    expect((await fetch(fileUrl)).status).not.toBe(200);
    expect((await fetch(plain, { headers: moderator.headers })).status).not.toBe(200);
    await expectError(await call(moderator, 'POST', '/api/ws-ticket', { album_id: privateAlbum }), 404);
    expect(await readJson(await call(moderator, 'GET', '/api/events'))).toEqual([]);
    // The PIN is asked of them again, like of any guest.
    await expectError(await call(moderator, 'GET', `/api/albums/${eventId}`), 403);
  });

  test('invites can be revoked and expire; the owner cannot join their own event; bad roles are 400', async () => {
    const revoked = await invite('moderator');
    const team = await readJson(await call(owner, 'GET', `/api/events/${eventId}/team`));
    expect(team.invites.map((item: { id: string }) => item.id)).toEqual([revoked.id]);
    expect((await call(owner, 'DELETE', `/api/events/${eventId}/team/invites/${revoked.id}`)).status).toBe(200);
    await expectError(await call(moderator, 'POST', `/api/team-invites/${revoked.token}/accept`), 404);
    await expectError(await call(owner, 'DELETE', `/api/events/${eventId}/team/invites/${revoked.id}`), 404);

    const expired = await invite('moderator');
    await server.app.db.updateTable('team_invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.id).execute();
    const gone = await expectError(await call(moderator, 'POST', `/api/team-invites/${expired.token}/accept`), 404);
    expect(gone.message).toMatch(/^Este convite não é mais válido/);

    const own = await invite('coorganiser');
    await expectError(await call(owner, 'POST', `/api/team-invites/${own.token}/accept`), 409);
    await expectError(await call(owner, 'POST', `/api/events/${eventId}/team/invites`, { role: 'owner' }), 400);
    await expectError(await call(null, 'POST', `/api/team-invites/${own.token}/accept`), 401);
    await expectError(await call(null, 'GET', '/api/team-invites/curto'), 400);
  });

  test('an account made from the link joins the team signed in; an e-mail already taken is 409', async () => {
    const link = await invite('moderator');
    const taken = await call(null, 'POST', `/api/team-invites/${link.token}/account`, { name: 'Outra', email: 'mod@example.com', password: 'senha-segura-1' });
    expect((await expectError(taken, 409)).message).toBe('Já existe uma conta com este e-mail. Entre com ela e aceite o convite.');
    const made = await call(null, 'POST', `/api/team-invites/${link.token}/account`, { name: 'Bia Lima', email: 'bia@example.com', password: 'senha-segura-1' });
    expect(made.status).toBe(201);
    expect(await readJson(made)).toEqual({ status: 201, message: 'Convite aceito.', event_id: eventId, role: 'moderator' });
    const token = made.headers.get('authentication')!;
    const list = await readJson(await fetch(`${server.url}/api/events`, { headers: { authentication: token } }));
    expect(list.map((item: { id: string; role: string }) => [item.id, item.role])).toEqual([[eventId, 'moderator']]);
    await expectError(await call(null, 'POST', `/api/team-invites/${link.token}/account`, { name: 'X', email: 'x@example.com', password: 'senha-segura-1' }), 404);
  });
});
