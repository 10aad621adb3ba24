import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { localNow } from '../src/domain/visibility';
import { createAlbum, createEvent, expectError, organiserSession, readJson, readStored, startServer, statusOf, storedKeys, wsTicket, type TestServer } from './helpers';
import { unzip } from './zip';

// Issue 26: the guestbook ('Recados'): messages obey the event's rules as photos do.

// ws ships no types here; the API server's realtime hub uses the same package.
const WebSocket = require('ws');

type Listener = { socket: { close(): void }; messages: Array<{ type: string; payload: Record<string, unknown> }> };

function listen(url: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: Listener['messages'] = [];
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
    socket.on('open', () => resolve({ socket, messages }));
    socket.on('error', reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 150 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(check()).toBe(true);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** A short WebM/Opus recording (what Chromium's MediaRecorder sends), made with ffmpeg. */
function voiceNote(seconds = 2): Buffer {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'voice-')), 'note.webm');
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libopus', '-b:a', '32k', file]);
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

function messageForm(fields: Record<string, string>, audio?: Buffer, audioType = 'audio/webm') {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (audio) form.append('audio', new Blob([audio], { type: audioType }), 'recado.webm');
  return form;
}

const minutesFromNow = (minutes: number) => localNow(new Date(Date.now() + minutes * 60_000));

describe('the guestbook (Recados)', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  let bia: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
    bia = await organiserSession(server, 'bia@example.com');
  });
  afterAll(() => server.close());

  const post = (eventId: string, fields: Record<string, string>, audio?: Buffer, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/events/${eventId}/messages`, { method: 'POST', body: messageForm(fields, audio), headers });
  const list = (eventId: string, headers: Record<string, string> = {}) => fetch(`${server.url}/api/events/${eventId}/messages`, { headers });
  const patch = (id: string, body: unknown, headers: Record<string, string> = ana.headers) =>
    fetch(`${server.url}/api/events/messages/${id}`, { method: 'PATCH', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

  test('a guest writes a message: 201 with its key once; guests read it newest first, the owner with its flags', async () => {
    const event = await createEvent(server, ana.token);
    const first = await post(event.id, { user_id: '  Tia Rosa ', text: 'Parabéns aos noivos! Que a vida de vocês seja linda. ❤️' });
    expect(first.status).toBe(201);
    const stored = await readJson(first);
    expect(stored).toEqual({
      id: expect.stringMatching(/^msg_/),
      event_id: event.id,
      user_id: 'Tia Rosa',
      text: 'Parabéns aos noivos! Que a vida de vocês seja linda. ❤️',
      audio: null,
      created_at: expect.any(String),
      delete_key: expect.any(String),
      message: 'Recado enviado. Obrigado!',
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await readJson(await post(event.id, { user_id: 'João', text: 'Felicidades!' }));

    const guests = await readJson(await list(event.id));
    expect(guests.map((message: { id: string }) => message.id)).toEqual([second.id, stored.id]);
    expect(guests[0]).not.toHaveProperty('delete_key');
    expect(guests[0]).not.toHaveProperty('hidden');
    const owner = await readJson(await list(event.id, ana.headers));
    expect(owner[1]).toMatchObject({ id: stored.id, hidden: false, pending: false });
    // Another organiser reads as a guest does.
    expect(await readJson(await list(event.id, bia.headers))).toEqual(guests);
  });

  test('refusals: no name, nothing said, too long, not audio, not multipart, unknown event', async () => {
    const event = await createEvent(server, ana.token);
    expect((await expectError(await post(event.id, { text: 'Oi' }), 400)).message).toBe("O campo 'user_id' é obrigatório.");
    expect((await expectError(await post(event.id, { user_id: 'Rui', text: '   ' }), 400)).message).toBe('Escreva um recado ou grave um recado de voz.');
    expect((await expectError(await post(event.id, { user_id: 'Rui', text: 'a'.repeat(1001) }), 400)).message).toMatch(/no máximo 1\.000 caracteres/);
    expect(await statusOf(await post(event.id, { user_id: 'Rui', text: 'é'.repeat(1000) }))).toBe(201);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await expectError(await post(event.id, { user_id: 'Rui', text: 'oi' }, png), 415)).message).toMatch(/arquivo de áudio/);
    const json = await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_id: 'Rui', text: 'oi' }) });
    await expectError(json, 400);
    await expectError(await post('evt_00000000-0000-0000-0000-000000000000', { user_id: 'Rui', text: 'oi' }), 404);
    await expectError(await list('evt_00000000-0000-0000-0000-000000000000'), 404);
    // A longer recording than MESSAGE_MAX_AUDIO_SECONDS (60) is refused.
    expect((await expectError(await post(event.id, { user_id: 'Rui', text: '', audio_seconds: '75' }, voiceNote(1)), 413)).message).toBe('O recado de voz pode ter no máximo 60 segundos.');
  });

  test('a voice note is stored as sent under the event messages folder and gets an AAC (.m4a) rendition from the media queue', async () => {
    const event = await createEvent(server, ana.token);
    const note = voiceNote(2);
    const response = await post(event.id, { user_id: 'Vó Lurdes', text: '', audio_seconds: '2.3' }, note);
    expect(response.status).toBe(201);
    const stored = await readJson(response);
    expect(stored.audio).toEqual({ url: expect.stringMatching(new RegExp(`^/api/files\\?path=events/${event.id}/messages/msg_[0-9a-f-]+\\.webm$`)), type: 'audio/webm', seconds: 3, processing: true });
    const originalKey = decodeURIComponent(stored.audio.url.split('path=')[1]);
    expect(await readStored(server, originalKey)).toEqual(note);

    await server.app.media.idle();
    const [item] = await readJson(await list(event.id));
    expect(item.audio).toMatchObject({ type: 'audio/mp4', processing: false, url: expect.stringMatching(/messages\/msg_[0-9a-f-]+-aac\.m4a$/) });
    const played = await fetch(`${server.url}${item.audio.url}`);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mp4');
    const m4a = Buffer.from(await played.arrayBuffer());
    expect(m4a.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name:format=duration', '-of', 'json', '-i', 'pipe:0'], { input: m4a }).toString();
    expect(JSON.parse(probe).streams[0].codec_name).toBe('aac');
    expect(Number(JSON.parse(probe).format.duration)).toBeGreaterThan(1.5);
    // A byte range, as Safari asks for audio.
    const ranged = await fetch(`${server.url}${item.audio.url}`, { headers: { range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);

    // The owner plays it through an expiring signed link; a forged one is refused.
    const [owned] = await readJson(await list(event.id, ana.headers));
    expect(owned.audio.url).toMatch(new RegExp(`^/api/events/messages/${owned.id}/audio\\?exp=\\d+&sig=`));
    const signed = await fetch(`${server.url}${owned.audio.url}`);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer())).toEqual(m4a);
    await expectError(await fetch(`${server.url}${owned.audio.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAA')}`), 403);
    await expectError(await fetch(`${server.url}${owned.audio.url.replace(/exp=\d+/, 'exp=1000')}`), 403);
  });

  test("'Aprovar recados antes de publicar?': a new message waits, unseen by guests and their sockets, until the owner approves it", async () => {
    const event = await createEvent(server, ana.token, { messages_require_approval: 'true' } as never);
    expect(event).toMatchObject({ messages_require_approval: true });
    const guest = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}`);
    // Issue 23: the owner's socket opens with a single-use ticket, never the token in its URL.
    const owner = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}?ticket=${await wsTicket(server, event.id, ana.headers)}`);
    const response = await post(event.id, { user_id: 'Tia Rosa', text: 'Que festa!' });
    const stored = await readJson(response);
    expect(stored).toMatchObject({ pending: true, message: 'Seu recado foi recebido e aparecerá após aprovação.' });
    await until(() => owner.messages.some((message) => message.type === 'new_messages'));
    expect(owner.messages[0].payload.messages).toEqual([expect.objectContaining({ id: stored.id, pending: true })]);
    await settle();
    expect(guest.messages).toEqual([]);
    expect(await readJson(await list(event.id))).toEqual([]);
    expect(await readJson(await list(event.id, ana.headers))).toEqual([expect.objectContaining({ id: stored.id, pending: true })]);

    // Another organiser can neither approve nor see it.
    await expectError(await patch(stored.id, { pending: false }, bia.headers), 404);
    const approved = await patch(stored.id, { pending: false });
    expect(await readJson(approved)).toMatchObject({ id: stored.id, pending: false, hidden: false });
    await until(() => guest.messages.length === 1);
    expect(guest.messages[0]).toEqual({ type: 'new_messages', payload: { eventId: event.id, messages: [expect.objectContaining({ id: stored.id, text: 'Que festa!' })] } });
    expect(guest.messages[0].payload.messages).toEqual([expect.not.objectContaining({ pending: expect.anything() })]);
    expect(await readJson(await list(event.id))).toHaveLength(1);

    // Turned off in the form, the next one is published at once.
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Casamento', date: '2030-06-01 18:30', location: 'Lisboa', contact: 'ana@example.com', messages_require_approval: 'false' })) form.append(key, value);
    const put = await fetch(`${server.url}/api/events/${event.id}`, { method: 'PUT', headers: ana.headers, body: form });
    expect(await readJson(put)).toMatchObject({ messages_require_approval: false });
    expect(await readJson(await post(event.id, { user_id: 'Rui', text: 'Viva!' }))).not.toHaveProperty('pending');
    guest.socket.close();
    owner.socket.close();
    await expectError(await patch(stored.id, { pending: true }), 400);
    await expectError(await patch(stored.id, {}), 400);
  });

  test('a hidden message never reaches a guest list, socket or its file; shown again it comes back', async () => {
    const event = await createEvent(server, ana.token);
    const stored = await readJson(await post(event.id, { user_id: 'Primo Zé', text: 'Recado com voz', audio_seconds: '1' }, voiceNote(1)));
    await server.app.media.idle();
    const [visible] = await readJson(await list(event.id));
    expect(await statusOf(await fetch(`${server.url}${visible.audio.url}`))).toBe(200);
    const guest = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}`);
    const hidden = await patch(stored.id, { hidden: true });
    expect(await readJson(hidden)).toMatchObject({ hidden: true });
    await until(() => guest.messages.some((message) => message.type === 'messages_removed'));
    expect(guest.messages).toEqual([{ type: 'messages_removed', payload: { eventId: event.id, ids: [stored.id] } }]);
    expect(await readJson(await list(event.id))).toEqual([]);
    // Its voice note is gone for guests too (both files), but the owner still plays it.
    await expectError(await fetch(`${server.url}${visible.audio.url}`), 404);
    await expectError(await fetch(`${server.url}${stored.audio.url}`), 404);
    const [owned] = await readJson(await list(event.id, ana.headers));
    expect(owned).toMatchObject({ hidden: true });
    expect(await statusOf(await fetch(`${server.url}${owned.audio.url}`))).toBe(200);
    expect(await statusOf(await fetch(`${server.url}${visible.audio.url}`, { headers: ana.headers }))).toBe(200);

    await patch(stored.id, { hidden: false });
    await until(() => guest.messages.some((message) => message.type === 'new_messages'));
    expect(await readJson(await list(event.id))).toHaveLength(1);
    guest.socket.close();
  });

  test("the event's visibility rules: 'Só envio' and 'Revelar em' close reading to guests (sending stays open); a closed upload window refuses sending", async () => {
    const uploadOnly = await createEvent(server, ana.token, { visibility: 'upload_only' });
    const stored = await readJson(await post(uploadOnly.id, { user_id: 'Tia Rosa', text: 'Só para os noivos', audio_seconds: '1' }, voiceNote(1)));
    expect(stored.id).toMatch(/^msg_/);
    expect((await expectError(await list(uploadOnly.id), 403)).message).toBe('As fotos serão reveladas pelos anfitriões.');
    await expectError(await fetch(`${server.url}${stored.audio.url}`), 403);
    expect(await readJson(await list(uploadOnly.id, ana.headers))).toHaveLength(1);

    const later = minutesFromNow(90);
    const reveal = await createEvent(server, ana.token, { visibility: 'reveal', reveal_at: later });
    expect(await statusOf(await post(reveal.id, { user_id: 'Rui', text: 'Até logo' }))).toBe(201);
    expect((await expectError(await list(reveal.id), 403)).message).toMatch(/^As fotos serão reveladas em /);

    const closed = await createEvent(server, ana.token, { uploads_close_at: minutesFromNow(-5) });
    expect((await expectError(await post(closed.id, { user_id: 'Rui', text: 'Atrasado' }), 403)).message).toBe('O envio de fotos para este evento foi encerrado.');
  });

  test("the event's PIN guards sending and reading; the owner never needs it", async () => {
    const event = await createEvent(server, ana.token, { pin: '4821' });
    expect((await expectError(await post(event.id, { user_id: 'Rui', text: 'Oi' }), 403)).message).toBe('Digite o PIN do evento.');
    await expectError(await post(event.id, { user_id: 'Rui', text: 'Oi' }, undefined, { 'x-event-pin': '0000' }), 403);
    expect(await statusOf(await post(event.id, { user_id: 'Rui', text: 'Oi' }, undefined, { 'x-event-pin': '4821' }))).toBe(201);
    await expectError(await list(event.id), 403);
    expect(await readJson(await list(event.id, { 'x-event-pin': '4821' }))).toHaveLength(1);
    expect(await readJson(await list(event.id, ana.headers))).toHaveLength(1);
  });

  test('removal: the guest with the key, the owner; a wrong key 403, another organiser 404; the voice files go with it', async () => {
    const event = await createEvent(server, ana.token);
    const guest = await listen(`${server.url.replace('http', 'ws')}/ws/albums/${event.id}`);
    const mine = await readJson(await post(event.id, { user_id: 'Rui', text: 'Oops', audio_seconds: '1' }, voiceNote(1)));
    await server.app.media.idle();
    expect((await storedKeys(server, `events/${event.id}/messages`)).length).toBe(2);
    const remove = (id: string, headers: Record<string, string>) => fetch(`${server.url}/api/events/messages/${id}`, { method: 'DELETE', headers });
    await expectError(await remove(mine.id, { 'x-delete-key': 'wrong' }), 403);
    await expectError(await remove(mine.id, {}), 403);
    await expectError(await remove(mine.id, bia.headers), 404);
    expect(await readJson(await remove(mine.id, { 'x-delete-key': mine.delete_key }))).toEqual({ status: 200, message: 'Recado excluído.' });
    expect(await storedKeys(server, `events/${event.id}/messages`)).toEqual([]);
    await until(() => guest.messages.some((message) => message.type === 'messages_removed'));
    await expectError(await remove(mine.id, { 'x-delete-key': mine.delete_key }), 404);

    const other = await readJson(await post(event.id, { user_id: 'Bia', text: 'Fica' }));
    expect((await remove(other.id, ana.headers)).status).toBe(200);
    expect(await readJson(await list(event.id))).toEqual([]);
    guest.socket.close();
  });

  test("issue 28: a message keeps the place of the guest's invite (as uploads do); only the team reads it", async () => {
    const event = await createEvent(server, ana.token);
    const stored = await readJson(await post(event.id, { user_id: 'Rui', text: 'Da mesa 5', place: '  Mesa\t5  ' }));
    expect(stored).not.toHaveProperty('place');
    await post(event.id, { user_id: 'Lia', text: 'Sem local' });
    await post(event.id, { user_id: 'Edu', text: 'Local comprido', place: 'x'.repeat(60) });
    const owner = await readJson(await list(event.id, ana.headers));
    expect(owner.map((message: { place: string | null }) => message.place)).toEqual(['x'.repeat(40), null, 'Mesa 5']);
    const guests = await readJson(await list(event.id));
    expect(guests).toHaveLength(3);
    for (const message of guests) expect(message).not.toHaveProperty('place');
  });

  test("issue 27: the event's team reads every message and moderates it (owner, co-organiser, moderator); outsiders do not", async () => {
    const event = await createEvent(server, ana.token, { pin: '4821' });
    const members: Record<string, Awaited<ReturnType<typeof organiserSession>>> = {};
    for (const [email, role] of [['co@example.com', 'coorganiser'], ['mod@example.com', 'moderator']] as const) {
      const invite = await readJson(
        await fetch(`${server.url}/api/events/${event.id}/team/invites`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ role }) }),
      );
      const token = (invite.url as string).split('/equipe/')[1];
      members[role] = await organiserSession(server, email);
      expect(await statusOf(await fetch(`${server.url}/api/team-invites/${token}/accept`, { method: 'POST', headers: members[role].headers }))).toBe(200);
    }
    const pin = { 'x-event-pin': '4821' };
    const voice = await readJson(await post(event.id, { user_id: 'Rui', text: 'Com voz', audio_seconds: '1' }, voiceNote(1), pin));
    const plain = await readJson(await post(event.id, { user_id: 'Lia', text: 'Sem voz' }, undefined, pin));
    await server.app.media.idle();
    for (const role of ['coorganiser', 'moderator']) {
      const member = members[role];
      // The team never types the PIN and reads every message with its flags; its voice notes play.
      const read = await readJson(await list(event.id, member.headers));
      expect(read.map((message: { id: string }) => message.id)).toEqual([plain.id, voice.id]);
      expect(read[1]).toMatchObject({ hidden: false, pending: false });
      expect(await statusOf(await fetch(`${server.url}${read[1].audio.url}`))).toBe(200);
      // Hide and show again.
      expect(await readJson(await patch(plain.id, { hidden: true }, member.headers))).toMatchObject({ hidden: true });
      expect(await readJson(await list(event.id, pin))).toHaveLength(1);
      expect(await readJson(await patch(plain.id, { hidden: false }, member.headers))).toMatchObject({ hidden: false });
      // The book is a download: both roles may take it.
      expect(await statusOf(await fetch(`${server.url}/api/events/${event.id}/messages/book.pdf`, { headers: member.headers }))).toBe(200);
    }
    // An organiser outside the team: a guest without the PIN, the message does not exist for them.
    await expectError(await list(event.id, bia.headers), 403);
    await expectError(await patch(plain.id, { hidden: true }, bia.headers), 404);
    await expectError(await fetch(`${server.url}/api/events/messages/${plain.id}`, { method: 'DELETE', headers: bia.headers }), 404);
    await expectError(await fetch(`${server.url}/api/events/${event.id}/messages/book.pdf`, { headers: bia.headers }), 404);
    // A moderator deletes a message; removed from the team, the moderator reads as a guest again.
    expect(await statusOf(await fetch(`${server.url}/api/events/messages/${plain.id}`, { method: 'DELETE', headers: members.moderator.headers }))).toBe(200);
    const team = await readJson(await fetch(`${server.url}/api/events/${event.id}/team`, { headers: ana.headers }));
    const moderatorRow = team.members.find((member: { role: string }) => member.role === 'moderator');
    expect(await statusOf(await fetch(`${server.url}/api/events/${event.id}/team/members/${moderatorRow.organiser_id}`, { method: 'DELETE', headers: ana.headers }))).toBe(200);
    await expectError(await list(event.id, members.moderator.headers), 403);
    await expectError(await patch(voice.id, { hidden: true }, members.moderator.headers), 404);
  });

  test('deleting the event deletes its messages and voice notes', async () => {
    const event = await createEvent(server, ana.token);
    await post(event.id, { user_id: 'Rui', text: 'Tchau', audio_seconds: '1' }, voiceNote(1));
    await server.app.media.idle();
    expect(await statusOf(await fetch(`${server.url}/api/events/${event.id}`, { method: 'DELETE', headers: ana.headers }))).toBe(200);
    expect(await storedKeys(server, `events/${event.id}`)).toEqual([]);
    const left = await server.app.db.selectFrom('messages').select('id').where('event_id', '=', event.id).execute();
    expect(left).toEqual([]);
  });
});

describe('the guestbook under the abuse limits', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer({ env: { UPLOAD_RATE_LIMIT: '3', EVENT_MAX_FILES: '1', MESSAGE_MAX_AUDIO_SECONDS: '5' } });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(() => server.close());

  test("the event's quota and the client's upload rate budget apply to messages too", async () => {
    const event = await createEvent(server, ana.token);
    const send = (text: string) => fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: 'Rui', text }) });
    expect((await send('um')).status).toBe(201);
    expect((await expectError(await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: 'Rui', text: '', audio_seconds: '9' }, voiceNote(1)) }), 413)).message).toBe(
      'O recado de voz pode ter no máximo 5 segundos.',
    );
    // Fill the event (one photo) and the next message is refused with the quota's message.
    const album = await createAlbum(server, ana.token, event.id);
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Rui');
    form.append('images', new Blob([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'a.jpg');
    // That upload is the client's third request of the minute; the fourth is over the budget.
    expect(await statusOf(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }))).toBe(201);
    const refused = await send('cinco');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

});

describe('the guestbook in a full event', () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer({ env: { UPLOAD_RATE_LIMIT: '0', EVENT_MAX_FILES: '1' } });
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(() => server.close());

  test('a full event refuses a message with the quota message, before reading it', async () => {
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const form = new FormData();
    form.append('album_id', album.id);
    form.append('user_id', 'Rui');
    form.append('images', new Blob([await sharp({ create: { width: 8, height: 8, channels: 3, background: '#abc' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), 'a.jpg');
    expect(await statusOf(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }))).toBe(201);
    const refused = await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: 'Rui', text: 'Cheio?' }) });
    expect((await expectError(refused, 413)).message).toBe('Este evento atingiu o limite de 1 fotos e vídeos. Fale com quem organiza o evento.');
  });
});

/** The PDF's text, as pdftotext (poppler-utils) extracts it. */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf }).toString('utf8');
}

describe("what the guestbook makes: 'Livro de recados' and the ZIP", () => {
  let server: TestServer;
  let ana: Awaited<ReturnType<typeof organiserSession>>;
  beforeAll(async () => {
    server = await startServer();
    ana = await organiserSession(server, 'ana@example.com');
  });
  afterAll(() => server.close());

  test('the book holds every published message with name and time, accents right, and a QR link per voice note; none of the hidden or pending ones', async () => {
    const cover = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c49' } }).png().toBuffer();
    const event = await createEvent(server, ana.token, { name: 'Casamento Conceição & João' }, { bytes: cover });
    const send = async (user: string, text: string, audio?: Buffer) =>
      readJson(await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: user, text, ...(audio ? { audio_seconds: '1' } : {}) }, audio) }));
    const first = await send('Tia Conceição', 'Que a felicidade de vocês seja eterna, ação e coração!');
    const voice = await send('Vovô Zé', 'Ouçam minha mensagem', voiceNote(1));
    const hidden = await send('Penetra', 'Recado escondido de propósito');
    expect(await statusOf(await fetch(`${server.url}/api/events/messages/${hidden.id}`, { method: 'PATCH', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ hidden: true }) }))).toBe(200);
    await server.app.media.idle();
    expect(first.id).toBeTruthy();

    // The owner's token, or a ticket asked for the book (a ZIP ticket does not open it, nor the other way round).
    const direct = await fetch(`${server.url}/api/events/${event.id}/messages/book.pdf`, { headers: ana.headers });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await direct.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const expected of ['Casamento Conceição & João', '01/06/2030 18:30', 'Livro de recados', 'Tia Conceição', 'ação e coração!', 'Vovô Zé', 'Ouçam minha mensagem', '2 recados']) expect(text).toContain(expected);
    expect(text).not.toContain('Penetra');
    expect(text).not.toContain('escondido');
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf }).toString();
    expect(fonts).toMatch(/DejaVuSans/);
    expect(fonts).not.toMatch(/\bno\s+no\s+no\b/);
    const images = execFileSync('pdfimages', ['-list', '-'], { input: pdf })
      .toString()
      .trim()
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((columns) => columns[2] === 'image');
    // Only the cover image is a bitmap: the voice note's QR code is vector paths, as the printable kit's.
    expect(images.map((columns) => columns[0])).toEqual(['1']);

    await expectError(await fetch(`${server.url}/api/events/${event.id}/messages/book.pdf`), 401);
    const zipTicket = await readJson(await fetch(`${server.url}/api/events/${event.id}/download-ticket`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: '{}' }));
    await expectError(await fetch(`${server.url}/api/events/${event.id}/messages/book.pdf?ticket=${encodeURIComponent(zipTicket.ticket)}`), 403);
    const bookTicket = await readJson(await fetch(`${server.url}/api/events/${event.id}/download-ticket`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ book: true }) }));
    expect(bookTicket.url).toBe(`/api/events/${event.id}/messages/book.pdf?ticket=${encodeURIComponent(bookTicket.ticket)}`);
    expect(await statusOf(await fetch(`${server.url}${bookTicket.url}`))).toBe(200);
    await expectError(await fetch(`${server.url}/api/events/${event.id}/download?ticket=${encodeURIComponent(bookTicket.ticket)}`), 403);

    // The QR code beside the voice note plays it through its expiring link (pdftoppm renders the page, zbarimg reads the code).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'book-'));
    fs.writeFileSync(path.join(dir, 'book.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-f', '2', '-l', '2', '-png', path.join(dir, 'book.pdf'), path.join(dir, 'page')]);
    const page = fs.readdirSync(dir).find((name) => name.endsWith('.png'))!;
    const decoded = execFileSync('zbarimg', ['-q', '--raw', path.join(dir, page)]).toString().trim();
    fs.rmSync(dir, { recursive: true, force: true });
    expect(decoded).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/events/messages/${voice.id}/audio\\?exp=\\d+&sig=`));
    const played = await fetch(decoded);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mp4');
    expect((await played.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  test("'Baixar tudo' adds Recados.pdf and the voice notes (recados/<time>_<name>.m4a); 'Só favoritas' keeps the starred photos", async () => {
    const event = await createEvent(server, ana.token);
    const album = await createAlbum(server, ana.token, event.id);
    const ids: string[] = [];
    for (const seed of [1, 2, 3]) {
      const form = new FormData();
      form.append('album_id', album.id);
      form.append('user_id', 'Rui');
      form.append('images', new Blob([await sharp({ create: { width: 10 + seed, height: 10, channels: 3, background: '#123' } }).jpeg().toBuffer()], { type: 'image/jpeg' }), `f${seed}.jpg`);
      ids.push((await readJson(await fetch(`${server.url}/api/events/photos`, { method: 'POST', body: form }))).photos[0].id);
    }
    expect(await statusOf(await fetch(`${server.url}/api/events/photos/${ids[1]}`, { method: 'PATCH', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ favorite: true }) }))).toBe(200);
    const note = await readJson(await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: 'Vó Lurdes', text: 'Beijos', audio_seconds: '1' }, voiceNote(1)) }));
    expect(await statusOf(await fetch(`${server.url}/api/events/${event.id}/messages`, { method: 'POST', body: messageForm({ user_id: 'Rui', text: 'Só texto' }) }))).toBe(201);
    await server.app.media.idle();

    const all = await unzip(Buffer.from(await (await fetch(`${server.url}/api/events/${event.id}/download`, { headers: ana.headers })).arrayBuffer()));
    const names = [...all.keys()];
    expect(names.filter((name) => name.endsWith('.jpg'))).toHaveLength(3);
    expect(names).toContain('Recados.pdf');
    expect(pdfText(all.get('Recados.pdf')!)).toContain('Vó Lurdes');
    const notes = names.filter((name) => name.startsWith('recados/'));
    expect(notes).toEqual([expect.stringMatching(/^recados\/\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_Vó Lurdes\.m4a$/)]);
    const [owned] = (await readJson(await fetch(`${server.url}/api/events/${event.id}/messages`, { headers: ana.headers }))).filter((item: { id: string }) => item.id === note.id);
    expect(all.get(notes[0])).toEqual(Buffer.from(await (await fetch(`${server.url}${owned.audio.url}`)).arrayBuffer()));

    const ticket = await readJson(await fetch(`${server.url}/api/events/${event.id}/download-ticket`, { method: 'POST', headers: { ...ana.headers, 'content-type': 'application/json' }, body: JSON.stringify({ favorites_only: true }) }));
    expect(ticket.url).toContain('favorites_only=true');
    const favourites = await unzip(Buffer.from(await (await fetch(`${server.url}${ticket.url}`)).arrayBuffer()));
    expect([...favourites.keys()].filter((name) => name.endsWith('.jpg'))).toHaveLength(1);
    // A favourites ticket is not a ticket for everything.
    await expectError(await fetch(`${server.url}/api/events/${event.id}/download?ticket=${encodeURIComponent(ticket.ticket)}`), 403);
    // An album's ZIP is the album's photos only.
    const albumZip = await unzip(Buffer.from(await (await fetch(`${server.url}/api/events/${event.id}/download?album_id=${album.id}`, { headers: ana.headers })).arrayBuffer()));
    expect([...albumZip.keys()].some((name) => name.startsWith('recados/') || name === 'Recados.pdf')).toBe(false);
  });
});

describe('migration 015 after later numbers', () => {
  // Issue 26's migration lands after 016 and 017 are in main: a database that already ran them (and
  // not 015) takes 015 at the next start instead of refusing to migrate.
  test("a database migrated without 015 takes it at the next start, on the dialect this run uses", async () => {
    const { Migrator } = await import('kysely');
    const { openDatabase, migrateToLatest } = await import('../src/db/connection');
    const { migrations } = await import('../src/db/migrations');
    const { dropTestSchema } = await import('./helpers');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
    const schema = `t_order_${process.pid}_${Date.now()}`;
    const handle = await openDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, databaseSchema: process.env.DATABASE_URL ? schema : undefined });
    try {
      const { '015-guestbook': _guestbook, ...before } = migrations;
      const migrationTableSchema = handle.dialect === 'postgres' ? schema : undefined;
      const earlier = new Migrator({ db: handle.db, provider: { getMigrations: async () => before }, migrationTableSchema });
      const first = await earlier.migrateToLatest();
      expect(first.error).toBeUndefined();
      expect(first.results?.map((result) => result.migrationName)).toContain('017-places');
      await migrateToLatest(handle.db, handle.dialect);
      const ran = await handle.db.selectFrom('messages').select('id').execute();
      expect(ran).toEqual([]);
      const last = await new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations }, migrationTableSchema }).getMigrations();
      expect(last.every((migration) => migration.executedAt)).toBe(true);
    } finally {
      await handle.db.destroy();
      if (handle.dialect === 'postgres') await dropTestSchema(schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
