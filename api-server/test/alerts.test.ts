import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sendPendingAlerts } from '../src/services/notifications/pending-alert';
import { addMember } from '../src/repositories/event-members';
import { createAlbum, createEvent, expectError, organiserSession, readJson, startServer, usingPostgres, type TestServer } from './helpers';
import { startMailServer, type TestMailServer } from './mail-server';

// Issue 27 item 5: 'Minha conta' → 'Notificações' and the 'Fotos aguardando aprovação' e-mail, sent
// through the job queue to a real SMTP server (npm smtp-server) at most once per event per 15 minutes.

type Session = Awaited<ReturnType<typeof organiserSession>>;

let seed = 0;
const jpeg = () => {
  seed++;
  return sharp({ create: { width: 30 + seed, height: 20 + (seed % 7), channels: 3, background: { r: (seed * 37) % 256, g: 90, b: 140 } } }).jpeg().toBuffer();
};

async function upload(server: TestServer, albumId: string, who: string, count = 1) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', who);
  for (let i = 0; i < count; i++) {
    const bytes = await jpeg();
    form.append('images', new Blob([bytes], { type: 'image/jpeg' }), `${randomUUID()}.jpg`);
  }
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
}

const put = (server: TestServer, who: Session | null, body: unknown) =>
  fetch(`${server.url}/api/account/notifications`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(who ? who.headers : {}) },
    body: JSON.stringify(body),
  });

describe('alerts (a real smtp-server in the test)', () => {
  let mail: TestMailServer;
  let server: TestServer;
  let ana: Session;
  let rui: Session;
  let zeca: Session;
  let bia: Session;
  let eventId: string;
  let approvalAlbum: string;
  let openAlbum: string;

  const mailsTo = (email: string) => mail.received.filter((m) => m.to.includes(email));
  const settle = async (target: TestServer = server) => {
    await target.app.alerts.idle();
    await target.app.media.idle();
  };

  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Momentos <fotos@example.com>', PUBLIC_URL: 'https://fotos.example.com' } });
    ana = await organiserSession(server, 'ana-alertas@example.com');
    rui = await organiserSession(server, 'rui-alertas@example.com');
    zeca = await organiserSession(server, 'zeca-alertas@example.com');
    bia = await organiserSession(server, 'bia-alertas@example.com');
    eventId = (await createEvent(server, ana.token, { name: 'Casamento Ana & Leo' })).id;
    approvalAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Recados', requires_approval: true })).id;
    openAlbum = (await createAlbum(server, ana.token, eventId, { name: 'Festa' })).id;
    await addMember(server.app.db, eventId, rui.id, 'moderator');
    await addMember(server.app.db, eventId, zeca.id, 'coorganiser');
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  test("'Notificações': both off by default, saved per organiser, signed-in only, bad input a 400 JSON", async () => {
    const first = await fetch(`${server.url}/api/account/notifications`, { headers: ana.headers });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(first)).toEqual({ pending_photos: false, daily_summary: false, digest_hour: 9 });

    const saved = await put(server, ana, { pending_photos: true, daily_summary: false });
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toEqual({ pending_photos: true, daily_summary: false, digest_hour: 9 });
    expect(await readJson(await fetch(`${server.url}/api/account/notifications`, { headers: ana.headers }))).toEqual({ pending_photos: true, daily_summary: false, digest_hour: 9 });
    // Another organiser's switches are their own.
    expect(await readJson(await fetch(`${server.url}/api/account/notifications`, { headers: bia.headers }))).toEqual({ pending_photos: false, daily_summary: false, digest_hour: 9 });
    expect(await readJson(await put(server, rui, { pending_photos: true, daily_summary: true }))).toEqual({ pending_photos: true, daily_summary: true, digest_hour: 9 });

    await expectError(await fetch(`${server.url}/api/account/notifications`), 401);
    await expectError(await put(server, null, { pending_photos: true, daily_summary: true }), 401);
    const bad = await expectError(await put(server, ana, { pending_photos: 'sim' }), 400);
    expect(bad.message).toEqual(expect.any(String));
  });

  test('a burst of pending photos: one e-mail per organiser who asked (owner and moderator), none to the one who did not', async () => {
    // Two photos first (the e-mail counts at least them), then a burst of requests at once.
    await upload(server, approvalAlbum, 'Tia Rosa', 2);
    await Promise.all([upload(server, approvalAlbum, 'Primo Zé'), upload(server, approvalAlbum, 'Vó Lia')]);
    await settle();
    await upload(server, approvalAlbum, 'Tia Rosa');
    await settle();

    expect(mailsTo(ana.email)).toHaveLength(1);
    expect(mailsTo(rui.email)).toHaveLength(1);
    expect(mailsTo(zeca.email)).toHaveLength(0);
    const [received] = mailsTo(ana.email);
    expect(received.from).toBe('fotos@example.com');
    expect(received.parsed.subject).toMatch(/^Casamento Ana & Leo: \d fotos aguardam aprovação$/);
    const url = `https://fotos.example.com/events/${eventId}/photos`;
    expect(received.parsed.text).toContain(`Ver as fotos: ${url}`);
    expect(received.parsed.text).toMatch(/No evento "Casamento Ana & Leo", \d fotos aguardam sua aprovação/);
    expect(received.parsed.text).toContain('no máximo uma vez a cada 15 minutos');
    expect(received.parsed.html).toContain(`href="${url}"`);
    expect(received.parsed.html).toContain('Casamento Ana &amp; Leo');
    expect(received.parsed.html).toContain('lang="pt-BR"');
    // The count is the photos waiting when the e-mail was written (at least the first request's).
    const count = Number(/(\d) fotos aguardam/.exec(received.parsed.subject ?? '')![1]);
    expect(count).toBeGreaterThanOrEqual(2);
    expect(count).toBeLessThanOrEqual(4);
  });

  test('after 15 minutes the next pending photo sends again, with the count waiting now', async () => {
    const before = mailsTo(ana.email).length;
    // The window passed: the last alert is moved 16 minutes back.
    await server.app.db
      .updateTable('pending_alerts')
      .set({ sent_at: new Date(Date.now() - 16 * 60 * 1000).toISOString() })
      .where('organiser_id', '=', ana.id)
      .execute();
    await upload(server, approvalAlbum, 'Primo Zé');
    await settle();
    const after = mailsTo(ana.email);
    expect(after).toHaveLength(before + 1);
    expect(after[after.length - 1].parsed.subject).toBe('Casamento Ana & Leo: 6 fotos aguardam aprovação');
    // Rui's window has not passed.
    expect(mailsTo(rui.email)).toHaveLength(1);
  });

  test('no e-mail for photos that do not wait (an album without approval), nor to an organiser who switched it off', async () => {
    const total = mail.received.length;
    const other = (await createEvent(server, bia.token, { name: 'Aniversário da Bia' })).id;
    const open = (await createAlbum(server, bia.token, other, { name: 'Festa' })).id;
    const waiting = (await createAlbum(server, bia.token, other, { name: 'Aprovar', requires_approval: true })).id;
    // Bia switched it on: photos of an album without approval do not alert her.
    await put(server, bia, { pending_photos: true, daily_summary: false });
    await upload(server, open, 'Tio Beto', 3);
    await upload(server, openAlbum, 'Tio Beto');
    await settle();
    expect(mail.received.length).toBe(total);
    // Switched off: pending photos do not alert her either.
    await put(server, bia, { pending_photos: false, daily_summary: false });
    await upload(server, waiting, 'Tio Beto', 2);
    await settle();
    expect(mail.received.length).toBe(total);
    // On again: now they do.
    await put(server, bia, { pending_photos: true, daily_summary: false });
    await upload(server, waiting, 'Tio Beto');
    await settle();
    expect(mailsTo(bia.email)).toHaveLength(1);
    expect(mailsTo(bia.email)[0].parsed.subject).toBe('Aniversário da Bia: 3 fotos aguardam aprovação');
  });

  test('two jobs for the same event at once send one e-mail (the claim is atomic)', async () => {
    const other = (await createEvent(server, zeca.token, { name: 'Formatura' })).id;
    const waiting = (await createAlbum(server, zeca.token, other, { name: 'Aprovar', requires_approval: true })).id;
    await upload(server, waiting, 'Colega');
    await settle();
    expect(mailsTo(zeca.email)).toHaveLength(0);
    await put(server, zeca, { pending_photos: true, daily_summary: false });
    const deps = { db: server.app.db, mail: server.app.mail, publicUrl: 'https://fotos.example.com', log: server.app.log };
    const sent = await Promise.all([sendPendingAlerts(deps, other), sendPendingAlerts(deps, other), sendPendingAlerts(deps, other)]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(mailsTo(zeca.email)).toHaveLength(1);
    expect(mailsTo(zeca.email)[0].parsed.subject).toBe('Formatura: 1 foto aguarda aprovação');
  });

  test("a guest's message waiting for approval alerts too, counted with the photos", async () => {
    const other = (await createEvent(server, bia.token, { name: 'Bodas', messages_require_approval: 'true' } as never)).id;
    const form = new FormData();
    form.append('user_id', 'Tia Rosa');
    form.append('text', 'Parabéns aos noivos!');
    const posted = await fetch(`${server.url}/api/events/${other}/messages`, { method: 'POST', body: form });
    expect(posted.status).toBe(201);
    await settle();
    const received = mailsTo(bia.email).filter((m) => m.parsed.subject?.startsWith('Bodas'));
    expect(received).toHaveLength(1);
    expect(received[0].parsed.subject).toBe('Bodas: 1 recado aguarda aprovação');
    expect(received[0].parsed.text).toContain('No evento "Bodas", 1 recado aguarda sua aprovação');
  });

  (usingPostgres() ? test : test.skip)('two instances on one PostgreSQL: a burst through both sends one e-mail', async () => {
    const second = await startServer({
      env: {
        SMTP_URL: mail.url,
        PUBLIC_URL: 'https://fotos.example.com',
        DATABASE_SCHEMA: server.config.databaseSchema!,
        JWT_SECRET: server.config.jwtSecret!,
        // One bucket too: either instance's media worker may take the other's photo job.
        ...(server.config.storage.s3 ? { S3_BUCKET: server.config.storage.s3.bucket } : {}),
      },
    });
    try {
      const duo = await organiserSession(server, 'duo-alertas@example.com');
      await put(server, duo, { pending_photos: true, daily_summary: false });
      const other = (await createEvent(server, duo.token, { name: 'Festa Junina' })).id;
      const waiting = (await createAlbum(server, duo.token, other, { name: 'Aprovar', requires_approval: true })).id;
      await Promise.all([upload(server, waiting, 'A'), upload(second, waiting, 'B'), upload(server, waiting, 'C'), upload(second, waiting, 'D')]);
      await settle(server);
      await settle(second);
      expect(mailsTo(duo.email)).toHaveLength(1);
    } finally {
      // The shared schema is dropped by the first server's close.
      await second.close();
    }
  }, 90_000);
});

describe('alerts without SMTP', () => {
  test('nothing is queued or sent; the switches still save', async () => {
    const server = await startServer({ env: { PUBLIC_URL: 'https://fotos.example.com' } });
    try {
      const ana = await organiserSession(server, 'ana-sem-smtp@example.com');
      expect(await readJson(await put(server, ana, { pending_photos: true, daily_summary: true }))).toEqual({ pending_photos: true, daily_summary: true, digest_hour: 9 });
      const eventId = (await createEvent(server, ana.token, { name: 'Sem e-mail' })).id;
      const album = (await createAlbum(server, ana.token, eventId, { name: 'Aprovar', requires_approval: true })).id;
      await upload(server, album, 'Convidado');
      await server.app.alerts.idle();
      expect(await server.app.db.selectFrom('pending_alerts').selectAll().execute()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
