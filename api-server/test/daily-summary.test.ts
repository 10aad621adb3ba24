import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import sharp from 'sharp';
import { nextDigestAt } from '../src/services/notifications/daily-summary';
import { mediaJobsSchema } from '../src/infra/job-client';
import { addMember } from '../src/repositories/event-members';
import { createAlbum, createEvent, organiserSession, readJson, startServer, usingPostgres, type TestServer } from './helpers';
import { startMailServer, type TestMailServer } from './mail-server';

// Issue 27 item 5, 'Resumo diário': at DIGEST_HOUR each organiser who switched it on gets one e-mail
// (to a real SMTP server, npm smtp-server) listing per event the new photos, videos, guests and messages
// since their last summary; the period is claimed per organiser, so two runs (or two instances) send one.

type Session = Awaited<ReturnType<typeof organiserSession>>;

const PUBLIC_URL = 'https://fotos.example.com';
const DAY = 24 * 60 * 60 * 1000;

let seed = 0;
const jpeg = () => {
  seed++;
  return sharp({ create: { width: 24 + seed, height: 16 + (seed % 5), channels: 3, background: { r: (seed * 53) % 256, g: 120, b: 80 } } }).jpeg().toBuffer();
};

const FFMPEG = ['/usr/bin/ffmpeg', '/usr/local/bin/ffmpeg'].find((candidate) => fs.existsSync(candidate));
/** A half-second 32×32 H.264 clip (made here with ffmpeg), or null without ffmpeg. */
function tinyVideo(): Buffer | null {
  if (!FFMPEG) return null;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'momentos-digest-')), 'clip.mp4');
  execFileSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=32x32:rate=5', '-t', '0.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

async function upload(server: TestServer, albumId: string, who: string, count = 1, video?: Buffer) {
  const form = new FormData();
  form.append('album_id', albumId);
  form.append('user_id', who);
  for (let i = 0; i < count; i++) form.append('images', new Blob([await jpeg()], { type: 'image/jpeg' }), `${randomUUID()}.jpg`);
  if (video) form.append('images', new Blob([video], { type: 'video/mp4' }), 'clip.mp4');
  const response = await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form });
  expect(response.status).toBe(201);
}

async function message(server: TestServer, eventId: string, who: string, text: string) {
  const form = new FormData();
  form.append('user_id', who);
  form.append('text', text);
  expect((await fetch(`${server.url}/api/events/${eventId}/messages`, { method: 'POST', body: form })).status).toBe(201);
}

const switches = (server: TestServer, who: Session, body: { pending_photos: boolean; daily_summary: boolean }) =>
  fetch(`${server.url}/api/account/notifications`, { method: 'PUT', headers: { 'content-type': 'application/json', ...who.headers }, body: JSON.stringify(body) });

/** A time later on the same day as `at` (server time). */
const laterToday = (at: Date) => {
  const end = new Date(at);
  end.setHours(23, 59, 59, 0);
  return new Date(Math.min(at.getTime() + 60_000, end.getTime()));
};

describe('nextDigestAt (the SQLite timer)', () => {
  test("the next DIGEST_HOUR:00 of the server's clock, today or tomorrow", () => {
    const at = (h: number, m = 0) => new Date(2026, 10, 26, h, m, 0, 0);
    expect(nextDigestAt(at(8, 30), 9)).toEqual(at(9));
    expect(nextDigestAt(at(9, 0), 9)).toEqual(new Date(2026, 10, 27, 9));
    expect(nextDigestAt(at(23, 59), 0)).toEqual(new Date(2026, 10, 27, 0));
    expect(nextDigestAt(at(10), 9)).toEqual(new Date(2026, 10, 27, 9));
  });
});

describe("'Resumo diário' (a real smtp-server in the test)", () => {
  let mail: TestMailServer;
  let server: TestServer;
  let ana: Session;
  let rui: Session;
  let zeca: Session;
  let bia: Session;
  let eva: Session;
  let wedding: string;
  let party: string;
  let open: string;
  let firstRun: Date;

  const mailsTo = (email: string) => mail.received.filter((m) => m.to.includes(email));
  const settle = () => server.app.media.idle();
  const on = { pending_photos: false, daily_summary: true };

  beforeAll(async () => {
    mail = await startMailServer();
    server = await startServer({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Momentos <fotos@example.com>', PUBLIC_URL, DIGEST_HOUR: '7' } });
    [ana, rui, zeca, bia, eva] = await Promise.all(['ana', 'rui', 'zeca', 'bia', 'eva'].map((name) => organiserSession(server, `${name}-resumo@example.com`)));
    wedding = (await createEvent(server, ana.token, { name: 'Casamento Ana & Leo' })).id;
    party = (await createEvent(server, bia.token, { name: 'Aniversário da Bia' })).id;
    await createEvent(server, eva.token, { name: 'Chá de bebê' });
    await addMember(server.app.db, wedding, rui.id, 'moderator');
    await addMember(server.app.db, wedding, zeca.id, 'coorganiser');
    for (const who of [ana, rui, bia, eva]) expect(await readJson(await switches(server, who, on))).toEqual({ ...on, digest_hour: 7 });
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  test('one e-mail per organiser who switched it on: per event they belong to, the counts and the link; nothing for others', async () => {
    open = (await createAlbum(server, ana.token, wedding, { name: 'Festa' })).id;
    const approval = (await createAlbum(server, ana.token, wedding, { name: 'Aprovar', requires_approval: true })).id;
    await upload(server, open, 'Tia Rosa', 2);
    await upload(server, open, 'Primo Zé', 1, tinyVideo() ?? undefined);
    await upload(server, approval, 'Vó Lia');
    await message(server, wedding, 'Tia Rosa', 'Felicidades!');
    await upload(server, (await createAlbum(server, bia.token, party, { name: 'Bolo' })).id, 'Tio Beto');
    await settle();

    await server.app.db.updateTable('organisers').set({ name: 'Ana' }).where('id', '=', ana.id).execute();
    firstRun = new Date();
    expect(await server.app.dailySummary.run(firstRun)).toBe(3);
    const withVideo = Boolean(FFMPEG);

    // The owner and the moderator: the wedding only.
    for (const who of [ana, rui]) {
      const received = mailsTo(who.email);
      expect(received).toHaveLength(1);
      const [summary] = received;
      expect(summary.from).toBe('fotos@example.com');
      expect(summary.parsed.subject).toBe('Resumo diário: novidades em Casamento Ana & Leo');
      const text = summary.parsed.text ?? '';
      const url = `${PUBLIC_URL}/events/${wedding}/photos`;
      expect(text).toContain('Casamento Ana & Leo\n- 4 fotos novas\n');
      if (withVideo) expect(text).toContain('- 1 vídeo novo\n');
      expect(text).toContain('- 1 aguarda sua aprovação\n');
      expect(text).toContain('- 3 convidados enviaram fotos ou vídeos\n');
      expect(text).toContain('- 1 recado novo\n');
      expect(text).toContain(`Ver as fotos: ${url}`);
      expect(text).toContain('uma vez por dia, às 7h');
      expect(text).not.toContain('Aniversário');
      expect(summary.parsed.html).toContain(`href="${url}"`);
      expect(summary.parsed.html).toContain('Casamento Ana &amp; Leo');
      expect(summary.parsed.html).toContain('<li>4 fotos novas</li>');
      expect(summary.parsed.html).toContain('lang="pt-BR"');
    }
    expect(mailsTo(ana.email)[0].parsed.text).toMatch(/^Olá, Ana!\n\nVeja o que chegou desde \d\d\/\d\d às \d\d:\d\d:\n\nCasamento/);
    expect(mailsTo(rui.email)[0].parsed.text).toMatch(/^Olá!\n\n/);

    // Bia: her own event only.
    const [bias] = mailsTo(bia.email);
    expect(bias.parsed.subject).toBe('Resumo diário: novidades em Aniversário da Bia');
    expect(bias.parsed.text).toContain('Aniversário da Bia\n- 1 foto nova\n- 1 convidado enviou fotos ou vídeos\n');
    expect(bias.parsed.text).toContain(`Ver as fotos: ${PUBLIC_URL}/events/${party}/photos`);
    expect(bias.parsed.text).not.toContain('Casamento');
    // The co-host who left it off, and Eva whose event has nothing new: no e-mail.
    expect(mailsTo(zeca.email)).toHaveLength(0);
    expect(mailsTo(eva.email)).toHaveLength(0);
  }, 60_000);

  test('a second run the same day sends nothing; the next day only what arrived since counts', async () => {
    const before = mail.received.length;
    expect(await server.app.dailySummary.run(laterToday(firstRun))).toBe(0);
    expect(mail.received.length).toBe(before);

    await upload(server, open, 'Tio Beto', 2);
    await settle();
    // A day later (the photos above arrived after the first run, before this one).
    expect(await server.app.dailySummary.run(new Date(firstRun.getTime() + DAY))).toBe(2);
    const received = mailsTo(ana.email);
    expect(received).toHaveLength(2);
    const text = received[1].parsed.text ?? '';
    expect(text).toContain('Casamento Ana & Leo\n- 2 fotos novas\n- 1 convidado enviou fotos ou vídeos\n');
    expect(text).not.toContain('vídeo novo');
    expect(text).not.toContain('recado');
    const since = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit' }).format(firstRun);
    expect(text).toContain(`Veja o que chegou desde ${since} às `);
    expect(mailsTo(rui.email)).toHaveLength(2);
    // Bia's event had nothing new: no second e-mail.
    expect(mailsTo(bia.email)).toHaveLength(1);
  }, 60_000);

  test('switched off: no e-mail; on again: the first summary covers at most the last 24 hours', async () => {
    const lia = await organiserSession(server, 'lia-resumo@example.com');
    const event = (await createEvent(server, lia.token, { name: 'Bodas de Prata' })).id;
    const album = (await createAlbum(server, lia.token, event, { name: 'Fotos' })).id;
    await upload(server, album, 'Antigo', 3);
    await settle();
    // Those three arrived 30 hours ago.
    const old = new Date(Date.now() - 30 * 60 * 60 * 1000).toISOString();
    await server.app.db
      .updateTable('photos')
      .set({ created_at: old })
      .where('album_id', '=', album)
      .execute();
    await upload(server, album, 'Recente');
    await settle();

    // Off (the default): nothing.
    await server.app.dailySummary.run(new Date());
    expect(mailsTo(lia.email)).toHaveLength(0);

    expect(await readJson(await switches(server, lia, on))).toEqual({ ...on, digest_hour: 7 });
    await server.app.dailySummary.run(new Date());
    const received = mailsTo(lia.email);
    expect(received).toHaveLength(1);
    expect(received[0].parsed.text).toContain('Bodas de Prata\n- 1 foto nova\n- 1 convidado enviou');

    // Off and on again the same day: no second summary today.
    await switches(server, lia, { pending_photos: false, daily_summary: false });
    await switches(server, lia, on);
    await upload(server, album, 'Recente');
    await settle();
    await server.app.dailySummary.run(laterToday(new Date()));
    expect(mailsTo(lia.email)).toHaveLength(1);
  }, 60_000);

  test('a send that fails gives the period back: the next run sends it, nothing lost', async () => {
    const leo = await organiserSession(server, 'leo-resumo@example.com');
    await switches(server, leo, on);
    const event = (await createEvent(server, leo.token, { name: 'Formatura' })).id;
    await upload(server, (await createAlbum(server, leo.token, event, { name: 'Fotos' })).id, 'Colega', 2);
    await settle();
    const now = new Date();
    // An SMTP server that refuses: the mailer of these deps rejects (the real one's behaviour without a server).
    const { sendDailySummaries } = await import('../src/services/notifications/daily-summary');
    const failing = { send: () => Promise.reject(new Error('SMTP fora do ar')) };
    const warnings: string[] = [];
    const deps = { db: server.app.db, publicUrl: PUBLIC_URL, hour: 7, log: { warn: (_obj: object, msg: string) => void warnings.push(msg) } };
    expect(await sendDailySummaries({ ...deps, mail: failing }, now)).toBe(0);
    expect(warnings).toContain('daily summary not sent');
    expect(await server.app.db.selectFrom('daily_summaries').selectAll().where('organiser_id', '=', leo.id).executeTakeFirst()).toBeUndefined();
    expect(mailsTo(leo.email)).toHaveLength(0);
    // The next run (here the same day: the claim was given back) sends the same photos.
    expect(await sendDailySummaries({ ...deps, mail: server.app.mail }, laterToday(now))).toBeGreaterThanOrEqual(1);
    expect(mailsTo(leo.email)).toHaveLength(1);
    expect(mailsTo(leo.email)[0].parsed.text).toContain('Formatura\n- 2 fotos novas\n');
  }, 60_000);

  test('runs at once send one e-mail per organiser (the period is claimed atomically)', async () => {
    const duo = await organiserSession(server, 'duo-resumo@example.com');
    await switches(server, duo, on);
    const event = (await createEvent(server, duo.token, { name: 'Festa Junina' })).id;
    await upload(server, (await createAlbum(server, duo.token, event, { name: 'Fotos' })).id, 'Caipira');
    await settle();
    const now = new Date();
    // Duo had a summary two days ago: each run reads that row, and only one may move it on.
    const before = new Date(now.getTime() - 2 * DAY).toISOString();
    await server.app.db.insertInto('daily_summaries').values({ organiser_id: duo.id, period_start: before, period_end: before }).execute();
    await Promise.all([server.app.dailySummary.run(now), server.app.dailySummary.run(now), server.app.dailySummary.run(laterToday(now)), server.app.dailySummary.trigger()]);
    await server.app.dailySummary.idle();
    expect(mailsTo(duo.email)).toHaveLength(1);
    expect(mailsTo(duo.email)[0].parsed.text).toContain('Festa Junina\n- 1 foto nova\n');
  }, 60_000);

  (usingPostgres() ? test.skip : test)('SQLite: an in-process timer is set to the next DIGEST_HOUR', () => {
    expect(server.app.dailySummary.next()).toEqual(nextDigestAt(new Date(), 7));
  });

  (usingPostgres() ? test : test.skip)("PostgreSQL: pg-boss's schedule holds the cron of DIGEST_HOUR in the server's time zone", async () => {
    expect(server.app.dailySummary.next()).toBeNull();
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT name, cron, timezone FROM "${mediaJobsSchema(server.config.databaseSchema)}".schedule`);
      expect(rows).toEqual([{ name: 'daily-summary', cron: '0 7 * * *', timezone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
    } finally {
      await client.end();
    }
  });

  (usingPostgres() ? test : test.skip)('two instances on one PostgreSQL: both running the job at once send one e-mail', async () => {
    // The same database and the same bucket, as two instances of one deployment: with a bucket of its
    // own, a photo sent through one instance was missing to the other, whose worker could take its media
    // job and fail it into a 30-s retry that held the test's wait on the media queue (a flake, issue 29).
    const second = await startServer({
      env: {
        SMTP_URL: mail.url,
        PUBLIC_URL,
        DIGEST_HOUR: '7',
        DATABASE_SCHEMA: server.config.databaseSchema!,
        JWT_SECRET: server.config.jwtSecret!,
        ...(server.config.storage.s3 ? { S3_BUCKET: server.config.storage.s3.bucket } : {}),
      },
    });
    try {
      const pair = await organiserSession(server, 'par-resumo@example.com');
      await switches(server, pair, on);
      const event = (await createEvent(server, pair.token, { name: 'Réveillon' })).id;
      const album = (await createAlbum(server, pair.token, event, { name: 'Fotos' })).id;
      await upload(server, album, 'Amiga', 2);
      await upload(second, album, 'Amigo');
      // Another organiser of the event, whose last summary was yesterday (the update path of the claim; Pair's is the insert).
      const trio = await organiserSession(server, 'trio-resumo@example.com');
      await switches(server, trio, on);
      await addMember(server.app.db, event, trio.id, 'moderator');
      const yesterday = new Date(Date.now() - DAY).toISOString();
      await server.app.db.insertInto('daily_summaries').values({ organiser_id: trio.id, period_start: yesterday, period_end: yesterday }).execute();
      await settle();
      await second.app.media.idle();
      // The job as pg-boss's schedule runs it, on both instances at once, twice each; and queued jobs too.
      const now = new Date();
      await Promise.all([server.app.dailySummary.run(now), second.app.dailySummary.run(now), server.app.dailySummary.run(now), second.app.dailySummary.run(now)]);
      await Promise.all([server.app.dailySummary.trigger(), second.app.dailySummary.trigger()]);
      await Promise.all([server.app.dailySummary.idle(), second.app.dailySummary.idle()]);
      for (const who of [pair, trio]) {
        const received = mailsTo(who.email);
        expect(received).toHaveLength(1);
        expect(received[0].parsed.text).toContain('Réveillon\n- 3 fotos novas\n- 2 convidados enviaram fotos ou vídeos\n');
      }
    } finally {
      // The shared schema is dropped by the first server's close.
      await second.close();
    }
  }, 90_000);

  (usingPostgres() ? test : test.skip)('PostgreSQL: a job queued as the schedule queues it is run by a worker and sends the summary', async () => {
    const sol = await organiserSession(server, 'sol-resumo@example.com');
    await switches(server, sol, on);
    const event = (await createEvent(server, sol.token, { name: 'Luau' })).id;
    await upload(server, (await createAlbum(server, sol.token, event, { name: 'Fotos' })).id, 'Surfista');
    await settle();
    await server.app.dailySummary.trigger();
    await mail.waitFor(sol.email, 20_000);
    await server.app.dailySummary.idle();
    expect(mailsTo(sol.email)).toHaveLength(1);
    expect(mailsTo(sol.email)[0].parsed.text).toContain('Luau\n- 1 foto nova\n');
  }, 60_000);
});

describe("'Resumo diário' without SMTP", () => {
  test('nothing is scheduled or sent; the switch still saves', async () => {
    const server = await startServer({ env: { PUBLIC_URL } });
    try {
      const ana = await organiserSession(server, 'ana-resumo-sem-smtp@example.com');
      expect(await readJson(await switches(server, ana, { pending_photos: false, daily_summary: true }))).toEqual({ pending_photos: false, daily_summary: true, digest_hour: 9 });
      expect(server.app.dailySummary.next()).toBeNull();
      expect(await server.app.dailySummary.run(new Date())).toBe(0);
      expect(await server.app.db.selectFrom('daily_summaries').selectAll().execute()).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});
