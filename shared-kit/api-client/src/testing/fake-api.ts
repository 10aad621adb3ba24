// The one fake of the API for front-end tests: Mock Service Worker answers the spec §7 calls from
// an in-memory copy of the data, so tests run the real api-client and axios down to the request.
// Every package's jest setup starts `apiServer` (test-support/fake-api-setup.cjs) and resets it
// after each test; a test seeds the data with `fakeApi({...})` and answers a call otherwise with
// `apiServer.use(fake('GET /api/…', () => apiError(500)))` (or msw's `http.get(path, …)`). Its handlers
// are keyed by the endpoint table's routes (issue 24): a route the table does not declare does not compile.
import type { Route } from '@momentos/api-contract';
import { http, HttpResponse, type HttpHandler, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import type { Album, AlbumInput, EventItem } from '../calls/types';
import type { PhotoItem } from '../calls/photos';
import type { MessageItem } from '../calls/messages';
import type { Team, TeamInvitePreview, TeamRole } from '../calls/team';
import type { WebhookState } from '../calls/webhooks';

export { http, HttpResponse } from 'msw';

export interface FakeOrganiser {
  email: string;
  password: string;
  /** The credential POST /api/auth answers in its `authentication` header. */
  token: string;
}

export interface FakeApiData {
  organiser: FakeOrganiser | null;
  events: EventItem[];
  /** Albums by event id. */
  albums: Record<string, Album[]>;
  /** Photos by album id, newest first. */
  photos: Record<string, PhotoItem[]>;
  /** Issue 27: the setup code while no organiser exists, and the credential the new account gets. */
  setup: { code: string; token: string } | null;
  /** Issue 27: each event's team (the owner's view), and the open invite links by token. */
  teams: Record<string, Team>;
  teamInvites: Record<string, { eventId: string; preview: TeamInvitePreview; accountToken: string }>;
  /** Issue 27 item 4: the signed-in organiser's account, open reset links by token, whether the server sends e-mail. */
  account: { id: string; name: string; email: string; password: string } | null;
  passwordResets: Record<string, { email: string }>;
  mail: boolean;
  /** Issue 27 item 5: the account's e-mail alerts. */
  notifications: { pending_photos: boolean; daily_summary: boolean };
  /** The server's DIGEST_HOUR ('Resumo diário'), 9 unless seeded. */
  digestHour: number;
  /** Issue 27 item 6: each event's webhook as the owner reads it (the fake's secrets are `whsec_fake_<n>`). */
  webhooks: Record<string, WebhookState>;
  /** Issue 26: each event's published messages ('Recados'), newest first. */
  messages: Record<string, MessageItem[]>;
}

export interface RecordedRequest {
  method: string;
  /** The path without the query, as sent (`/api/albums/evt_1`). */
  path: string;
  query: URLSearchParams;
  /** A copy of the request, to read its body (`await request.json()`, `.formData()`). */
  request: Request;
}

export interface FakeApi {
  data: FakeApiData;
  requests: RecordedRequest[];
  /** The requests of one method and path, in order. */
  calls: (method: string, path: string) => RecordedRequest[];
}

const messages = {
  badCredentials: 'Por favor, verifique se o e-mail e/ou senha estão corretos.',
  eventNotFound: 'Evento não encontrado.',
  albumNotFound: 'Álbum não encontrado.',
  noFiles: 'Nenhum arquivo selecionado para upload',
  resetInvalid: 'Este link para redefinir a senha não é mais válido (já usado ou expirado). Peça um novo em "Esqueci minha senha".',
  wrongPassword: 'Senha atual incorreta.',
  inviteInvalid: 'Este convite não é mais válido (já usado, revogado ou expirado). Peça um novo convite a quem organiza o evento.',
};

const emptyData = (): FakeApiData => ({ organiser: null, events: [], albums: {}, photos: {}, setup: null, teams: {}, teamInvites: {}, account: null, passwordResets: {}, mail: true, notifications: { pending_photos: false, daily_summary: false }, digestHour: 9, webhooks: {}, messages: {} });

let data = emptyData();
const requests: RecordedRequest[] = [];
let nextId = 0;
const newId = (prefix: string) => `${prefix}_fake${(nextId += 1)}`;

/** The `{status, message}` error body of the API, with that HTTP status. */
export function apiError(status: number, message = 'Erro simulado pelo teste.') {
  return HttpResponse.json({ status, message }, { status });
}

/** An answer that waits for the test: `release()` lets it through (a slow server). */
export function heldAnswer() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { released, release: () => release() };
}

const png = () => new HttpResponse(new Uint8Array([137, 80, 78, 71]), { headers: { 'Content-Type': 'image/png' } });
const normaliseCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const findAlbum = (albumId: string) => {
  for (const [eventId, albums] of Object.entries(data.albums)) {
    const index = albums.findIndex((album) => album.id === albumId);
    if (index >= 0) return { eventId, albums, index };
  }
  return null;
};
const albumOf = (id: string, input: AlbumInput): Album => ({
  id,
  album_name: input.name,
  album_description: input.description,
  is_public: input.is_public,
  is_available: input.is_available,
  requires_approval: input.requires_approval,
});
const text = (form: FormData, name: string) => String(form.get(name) ?? '');

/**
 * Issue 24: a handler of the fake for one route of the endpoint table (api-contract), named as the
 * client names it (`'GET /api/albums/:eventId'`): a fake of a route the table does not declare does
 * not compile, so the fake cannot answer what the server would not.
 */
export function fake<R extends Route>(route: R, resolver: HttpResponseResolver): HttpHandler {
  const space = route.indexOf(' ');
  const method = route.slice(0, space).toLowerCase() as Lowercase<Route extends `${infer M} ${string}` ? M : never>;
  return http[method](route.slice(space + 1), resolver);
}

const handlers = [
  fake('POST /api/auth', async ({ request }) => {
    const { email, password } = (await request.json()) as { email: string; password: string };
    const organiser = data.organiser;
    if (!organiser || organiser.email !== email || organiser.password !== password) return apiError(401, messages.badCredentials);
    return HttpResponse.json(
      { status: 200, message: 'Login realizado com sucesso.', email },
      { headers: { authentication: organiser.token, 'Access-Control-Expose-Headers': 'authentication' } },
    );
  }),

  fake('POST /api/auth/logout', ({ request }) =>
    request.headers.get('authentication') ? HttpResponse.json({ status: 200, message: 'Sessão encerrada.' }) : apiError(401, 'Autenticação necessária. Faça login novamente.'),
  ),

  fake('GET /api/setup', () => HttpResponse.json({ needed: !data.organiser && Boolean(data.setup) })),
  fake('POST /api/setup', async ({ request }) => {
    const input = (await request.json()) as { name: string; email: string; password: string; code: string };
    if (data.organiser || !data.setup) return apiError(409, 'Já existe uma conta de organizador. Entre com seu e-mail e senha.');
    if (input.code.replace(/[\s-]/g, '') !== data.setup.code.replace(/-/g, '')) {
      return apiError(403, 'Código de configuração incorreto. Use o código mostrado no registro (log) do servidor ao iniciar.');
    }
    data.organiser = { email: input.email.toLowerCase(), password: input.password, token: data.setup.token };
    return HttpResponse.json(
      { status: 201, message: 'Conta criada com sucesso.', email: data.organiser.email, name: input.name },
      { status: 201, headers: { authentication: data.setup.token, 'Access-Control-Expose-Headers': 'authentication' } },
    );
  }),

  fake('GET /api/events/:id/team', ({ params }) => {
    const team = data.teams[String(params.id)];
    return team ? HttpResponse.json(team) : apiError(404, messages.eventNotFound);
  }),
  fake('POST /api/events/:id/team/invites', async ({ params, request }) => {
    const team = data.teams[String(params.id)];
    if (!team) return apiError(404, messages.eventNotFound);
    const { role, email } = (await request.json()) as { role: TeamRole; email?: string };
    const id = newId('inv');
    const invite = { id, role, email: email || null, created_at: '2030-01-01T10:00:00.000Z', expires_at: '2030-01-08T10:00:00.000Z' };
    team.invites.push(invite);
    return HttpResponse.json({ ...invite, url: `http://localhost/equipe/token-${id}-abcdefghijklmnop`, emailed: false }, { status: 201 });
  }),
  fake('DELETE /api/events/:id/team/invites/:inviteId', ({ params }) => {
    const team = data.teams[String(params.id)];
    if (!team) return apiError(404, messages.eventNotFound);
    team.invites = team.invites.filter((invite) => invite.id !== params.inviteId);
    return HttpResponse.json({ status: 200, message: 'Convite revogado.' });
  }),
  fake('DELETE /api/events/:id/team/members/:organiserId', ({ params }) => {
    const team = data.teams[String(params.id)];
    if (!team) return apiError(404, messages.eventNotFound);
    team.members = team.members.filter((member) => member.organiser_id !== params.organiserId);
    return HttpResponse.json({ status: 200, message: 'Pessoa removida da equipe.' });
  }),
  fake('GET /api/events/:id/webhook', ({ params }) => {
    const state = data.webhooks[String(params.id)];
    return state ? HttpResponse.json(state) : apiError(404, messages.eventNotFound);
  }),
  fake('PUT /api/events/:id/webhook', async ({ params, request }) => {
    const state = data.webhooks[String(params.id)];
    if (!state) return apiError(404, messages.eventNotFound);
    const { url } = (await request.json()) as { url: string };
    if (!/^https?:\/\/[^/]+/.test(url)) return apiError(400, 'Informe um endereço http:// ou https:// válido para o webhook.');
    const created = state.webhook === null;
    state.webhook = { url, created_at: state.webhook?.created_at ?? '2030-01-01T10:00:00.000Z', updated_at: '2030-01-01T10:05:00.000Z' };
    return HttpResponse.json({ webhook: state.webhook, ...(created ? { secret: `whsec_fake_${newId('s')}` } : {}) }, { status: created ? 201 : 200 });
  }),
  fake('POST /api/events/:id/webhook/secret', ({ params }) => {
    const state = data.webhooks[String(params.id)];
    if (!state?.webhook) return apiError(404, 'Este evento não tem webhook.');
    return HttpResponse.json({ webhook: state.webhook, secret: `whsec_fake_${newId('s')}` });
  }),
  fake('DELETE /api/events/:id/webhook', ({ params }) => {
    const state = data.webhooks[String(params.id)];
    if (!state?.webhook) return apiError(404, 'Este evento não tem webhook.');
    state.webhook = null;
    state.deliveries = [];
    return HttpResponse.json({ status: 200, message: 'Webhook removido.' });
  }),
  fake('GET /api/team-invites/:token', ({ params }) => {
    const invite = data.teamInvites[String(params.token)];
    return invite ? HttpResponse.json(invite.preview) : apiError(404, messages.inviteInvalid);
  }),
  fake('POST /api/team-invites/:token/accept', ({ params, request }) => {
    if (!request.headers.get('authentication')) return apiError(401, 'Autenticação necessária. Faça login novamente.');
    const invite = data.teamInvites[String(params.token)];
    if (!invite) return apiError(404, messages.inviteInvalid);
    delete data.teamInvites[String(params.token)];
    return HttpResponse.json({ status: 200, message: 'Convite aceito.', event_id: invite.eventId, role: invite.preview.role });
  }),
  fake('POST /api/team-invites/:token/account', ({ params }) => {
    const invite = data.teamInvites[String(params.token)];
    if (!invite) return apiError(404, messages.inviteInvalid);
    delete data.teamInvites[String(params.token)];
    return HttpResponse.json(
      { status: 201, message: 'Convite aceito.', event_id: invite.eventId, role: invite.preview.role },
      { status: 201, headers: { authentication: invite.accountToken, 'Access-Control-Expose-Headers': 'authentication' } },
    );
  }),

  // Issue 27 item 4: 'Esqueci minha senha', the reset link and 'Minha conta' (the server's messages).
  fake('POST /api/auth/forgot', () =>
    HttpResponse.json({
      status: 200,
      message: data.mail
        ? 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 1 hora.'
        : 'Este servidor não envia e-mails. Peça ao administrador do servidor o link para redefinir sua senha: ele aparece no registro (log) do servidor.',
      mail: data.mail,
    }),
  ),
  fake('GET /api/auth/reset/:token', ({ params }) => {
    const reset = data.passwordResets[String(params.token)];
    return reset ? HttpResponse.json({ email: reset.email, expires_at: '2099-01-01T00:00:00.000Z' }) : apiError(404, messages.resetInvalid);
  }),
  fake('POST /api/auth/reset/:token', async ({ params, request }) => {
    const reset = data.passwordResets[String(params.token)];
    if (!reset) return apiError(404, messages.resetInvalid);
    const { password } = (await request.json()) as { password: string };
    delete data.passwordResets[String(params.token)];
    if (data.account?.email === reset.email) data.account.password = password;
    return HttpResponse.json({ status: 200, message: 'Senha redefinida. Entre com a nova senha.' });
  }),
  fake('GET /api/account', () => (data.account ? HttpResponse.json({ id: data.account.id, name: data.account.name, email: data.account.email }) : apiError(401, 'Autenticação necessária. Faça login novamente.'))),
  fake('PUT /api/account', async ({ request }) => {
    if (!data.account) return apiError(401, 'Autenticação necessária. Faça login novamente.');
    const input = (await request.json()) as { name: string; email: string; current_password?: string };
    const email = input.email.trim().toLowerCase();
    if (email !== data.account.email && input.current_password !== data.account.password) return apiError(403, messages.wrongPassword);
    Object.assign(data.account, { name: input.name.trim(), email });
    return HttpResponse.json({ id: data.account.id, name: data.account.name, email: data.account.email });
  }),
  // Issue 27 item 5: 'Notificações'.
  fake('GET /api/account/notifications', () => (data.account ? HttpResponse.json({ ...data.notifications, digest_hour: data.digestHour }) : apiError(401, 'Autenticação necessária. Faça login novamente.'))),
  fake('PUT /api/account/notifications', async ({ request }) => {
    if (!data.account) return apiError(401, 'Autenticação necessária. Faça login novamente.');
    const input = (await request.json()) as { pending_photos?: unknown; daily_summary?: unknown };
    if (typeof input.pending_photos !== 'boolean' || typeof input.daily_summary !== 'boolean') return apiError(400, 'Dados inválidos.');
    data.notifications = { pending_photos: input.pending_photos, daily_summary: input.daily_summary };
    return HttpResponse.json({ ...data.notifications, digest_hour: data.digestHour });
  }),
  fake('PUT /api/account/password', async ({ request }) => {
    if (!data.account) return apiError(401, 'Autenticação necessária. Faça login novamente.');
    const input = (await request.json()) as { current_password: string; new_password: string };
    if (input.current_password !== data.account.password) return apiError(403, messages.wrongPassword);
    data.account.password = input.new_password;
    return HttpResponse.json({ status: 200, message: 'Senha alterada. As outras sessões da sua conta foram encerradas.', ended_sessions: 1 });
  }),

  fake('GET /api/health', () => HttpResponse.json({ status: 'ok' })),

  fake('GET /api/events', () => HttpResponse.json(data.events)),
  fake('POST /api/events', async ({ request }) => {
    const form = await request.formData();
    const id = newId('evt');
    const event: EventItem = {
      id,
      code: newId('CODE').toUpperCase(),
      name: text(form, 'name'),
      date: text(form, 'date'),
      location: text(form, 'location'),
      contact: text(form, 'contact'),
      image: form.get('image') ? `/api/files?path=events/${id}/image.png` : null,
    };
    data.events.push(event);
    return HttpResponse.json(event, { status: 201 });
  }),
  // Issue 28: the printable kit's ticket (the PDF itself is the server's; its tests read it back).
  fake('POST /api/events/:id/printables-ticket', ({ params }) => {
    const event = data.events.find((candidate) => candidate.id === params.id);
    if (!event) return apiError(404, messages.eventNotFound);
    return HttpResponse.json({ ticket: 'kit-ticket', url: `/api/events/${event.id}/printables.pdf?ticket=kit-ticket`, expires_at: '2099-01-01T00:00:00.000Z' });
  }),
  fake('GET /api/events/:id/public', ({ params }) => {
    const event = data.events.find((candidate) => candidate.id === params.id);
    if (!event) return apiError(404, messages.eventNotFound);
    return HttpResponse.json({ id: event.id, name: event.name, date: event.date, image: event.image, code: event.code });
  }),
  fake('GET /api/events/:id', ({ params }) => {
    const event = data.events.find((candidate) => candidate.id === params.id);
    return event ? HttpResponse.json([event]) : apiError(404, messages.eventNotFound);
  }),
  fake('PUT /api/events/:id', async ({ params, request }) => {
    const event = data.events.find((candidate) => candidate.id === params.id);
    if (!event) return apiError(404, messages.eventNotFound);
    const form = await request.formData();
    Object.assign(event, { name: text(form, 'name'), date: text(form, 'date'), location: text(form, 'location'), contact: text(form, 'contact') });
    if (form.get('image')) event.image = `/api/files?path=events/${event.id}/image-2.png`;
    return HttpResponse.json(event);
  }),
  fake('DELETE /api/events/:id', ({ params }) => {
    const before = data.events.length;
    data.events = data.events.filter((event) => event.id !== params.id);
    if (data.events.length === before) return apiError(404, messages.eventNotFound);
    delete data.albums[String(params.id)];
    return HttpResponse.json({ status: 200, message: 'O evento foi excluído com sucesso.' });
  }),

  fake('GET /api/events/share/:code', ({ params }) => {
    const event = data.events.find((candidate) => candidate.code === params.code);
    if (!event) return apiError(404, messages.eventNotFound);
    return HttpResponse.json({ qrcode: `/api/files?path=events/${event.id}/qrcode.png`, link: `http://localhost/invite/${event.code}` });
  }),
  fake('GET /api/files', png),
  fake('GET /api/files/download', png),
  fake('GET /api/invite/search', ({ request }) => {
    const code = normaliseCode(new URL(request.url).searchParams.get('code') ?? '');
    const found = data.events.filter((event) => normaliseCode(event.code) === code);
    return HttpResponse.json(found.map(({ id, name }) => ({ id, name })));
  }),

  fake('GET /api/albums/:eventId', ({ params }) => HttpResponse.json(data.albums[String(params.eventId)] ?? [])),
  fake('POST /api/albums/:eventId', async ({ params, request }) => {
    const eventId = String(params.eventId);
    if (!data.events.some((event) => event.id === eventId)) return apiError(404, messages.eventNotFound);
    const album = albumOf(newId('alb'), (await request.json()) as AlbumInput);
    (data.albums[eventId] ??= []).push(album);
    return HttpResponse.json(album, { status: 201 });
  }),
  fake('PUT /api/albums/:albumId', async ({ params, request }) => {
    const found = findAlbum(String(params.albumId));
    if (!found) return apiError(404, messages.albumNotFound);
    found.albums[found.index] = albumOf(found.albums[found.index].id, (await request.json()) as AlbumInput);
    return HttpResponse.json(found.albums[found.index]);
  }),
  fake('DELETE /api/albums/:albumId', ({ params }) => {
    const found = findAlbum(String(params.albumId));
    if (!found) return apiError(404, messages.albumNotFound);
    found.albums.splice(found.index, 1);
    return HttpResponse.json({ status: 200, message: 'O álbum foi excluído com sucesso e agora ele não está mais disponível.' });
  }),

  fake('GET /api/events/photos/updates/:albumId', ({ params, request }) => {
    const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',');
    const photos = (data.photos[String(params.albumId)] ?? []).filter((photo) => ids.includes(photo.id));
    return HttpResponse.json(photos.map(({ id, compressed_photo, error, processing }) => ({ id, compressed_photo, error, processing })));
  }),
  fake('GET /api/events/photos/users/:albumId', ({ params }) => {
    const names = new Set((data.photos[String(params.albumId)] ?? []).map((photo) => photo.user_id));
    return HttpResponse.json([...names].map((user_id) => ({ user_id })));
  }),
  fake('GET /api/events/photos/:albumId', ({ params, request }) => {
    const uploader = new URL(request.url).searchParams.get('user_id');
    // An event id lists every album of the event, newest first (the organiser's photo screen).
    const id = String(params.albumId);
    const photos = id.startsWith('evt_')
      ? (data.albums[id] ?? []).flatMap((album) => data.photos[album.id] ?? []).sort((a, b) => b.created_at.localeCompare(a.created_at))
      : (data.photos[id] ?? []);
    return HttpResponse.json(uploader ? photos.filter((photo) => photo.user_id === uploader) : photos);
  }),
  // A guest removes a photo this device sent with the key its upload answer gave (`key-<id>` here);
  // the organiser (any token here) removes any.
  fake('DELETE /api/events/photos/:photoId', ({ params, request }) => {
    const id = String(params.photoId);
    const albumId = albumOfPhoto(id);
    if (!albumId) return apiError(404, 'Foto não encontrada.');
    const owner = request.headers.get('authentication') !== null;
    if (!owner && request.headers.get('x-delete-key') !== `key-${id}`) return apiError(403, 'Chave de remoção inválida. Só quem enviou a foto pode removê-la.');
    data.photos[albumId] = data.photos[albumId].filter((photo) => photo.id !== id);
    return HttpResponse.json({ status: 200, message: 'Foto excluída.' });
  }),
  // The organiser hides, shows or approves a photo (issue 11).
  fake('PATCH /api/events/photos/:photoId', async ({ params, request }) => {
    const id = String(params.photoId);
    const albumId = albumOfPhoto(id);
    if (!albumId) return apiError(404, 'Foto não encontrada.');
    const change = (await request.json()) as { hidden?: boolean; pending?: false };
    const photos = data.photos[albumId];
    const index = photos.findIndex((photo) => photo.id === id);
    photos[index] = { ...photos[index], ...(change.hidden !== undefined ? { hidden: change.hidden } : {}), ...(change.pending === false ? { pending: false } : {}) };
    return HttpResponse.json(photos[index]);
  }),
  fake('POST /api/events/:id/download-ticket', async ({ params, request }) => {
    const id = String(params.id);
    if (!data.events.some((event) => event.id === id)) return apiError(404, messages.eventNotFound);
    const scope = (await request.json()) as Record<string, string | boolean>;
    const query = new URLSearchParams({ ticket: 'fake-ticket' });
    for (const [key, value] of Object.entries(scope)) query.set(key, String(value));
    return HttpResponse.json({ ticket: 'fake-ticket', url: `/api/events/${id}/download?${query}`, expires_at: new Date(Date.now() + 600_000).toISOString() });
  }),
  // Issue 26: the guestbook: the event's published messages, and a guest's new one (text only here).
  fake('GET /api/events/:id/messages', ({ params }) => {
    const id = String(params.id);
    if (!data.events.some((event) => event.id === id)) return apiError(404, messages.eventNotFound);
    return HttpResponse.json(data.messages[id] ?? []);
  }),
  fake('POST /api/events/:id/messages', async ({ params, request }) => {
    const id = String(params.id);
    if (!data.events.some((event) => event.id === id)) return apiError(404, messages.eventNotFound);
    const form = await request.formData();
    const item: MessageItem = { id: newId('msg'), event_id: id, user_id: text(form, 'user_id').trim(), text: text(form, 'text').trim(), audio: null, created_at: new Date().toISOString() };
    data.messages[id] = [item, ...(data.messages[id] ?? [])];
    return HttpResponse.json({ ...item, delete_key: `key-${item.id}`, message: 'Recado enviado. Obrigado!' }, { status: 201 });
  }),
  // Issue 23: a socket's single-use ticket (the fake issues one for any album).
  fake('POST /api/ws-ticket', () => HttpResponse.json({ ticket: 'fake-socket-ticket', expires_in: 60 }, { status: 201 })),
  fake('POST /api/events/photos', async ({ request }) => {
    const form = await request.formData();
    const albumId = text(form, 'album_id');
    if (!findAlbum(albumId)) return apiError(404, messages.albumNotFound);
    const files = form.getAll('images').filter((file): file is File => typeof file !== 'string');
    if (files.length === 0) return apiError(400, messages.noFiles);
    const photos: PhotoItem[] = files.map((file) => {
      const id = newId('pho');
      return {
        id,
        original_photo: `/api/files?path=albums/${albumId}/${file.name}`,
        compressed_photo: null,
        user_id: text(form, 'user_id'),
        processing: true,
        error: false,
        file_type: file.type.startsWith('video/') ? 'video' : 'image',
        created_at: new Date().toISOString(),
      };
    });
    data.photos[albumId] = [...photos, ...(data.photos[albumId] ?? [])];
    // The sender's part of the answer: the name each file was sent under and its delete key.
    const answered = photos.map((photo, n) => ({ ...photo, file_name: files[n].name, duplicate: false, delete_key: `key-${photo.id}` }));
    return HttpResponse.json({ status: 201, message: 'Arquivos enviados com sucesso.', photos: answered }, { status: 201 });
  }),
];

/** The album holding a photo, by the photo's id. */
function albumOfPhoto(id: string): string | undefined {
  return Object.keys(data.photos).find((album) => data.photos[album].some((photo) => photo.id === id));
}

/** The Mock Service Worker server of the tests; requests nobody answers fail the test. */
export const apiServer = setupServer(...handlers);

apiServer.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  requests.push({ method: request.method, path: url.pathname, query: url.searchParams, request: request.clone() });
});

/** Seeds the fake API's data for this test (it starts empty) and returns it with the request log. */
export function fakeApi(seed: Partial<FakeApiData> = {}): FakeApi {
  data.organiser = seed.organiser !== undefined ? seed.organiser : data.organiser;
  data.events = seed.events ? seed.events.map((event) => ({ ...event })) : data.events;
  data.albums = seed.albums ? Object.fromEntries(Object.entries(seed.albums).map(([id, list]) => [id, list.map((album) => ({ ...album }))])) : data.albums;
  data.photos = seed.photos ? Object.fromEntries(Object.entries(seed.photos).map(([id, list]) => [id, list.map((photo) => ({ ...photo }))])) : data.photos;
  data.setup = seed.setup !== undefined ? seed.setup : data.setup;
  data.teams = seed.teams ? (JSON.parse(JSON.stringify(seed.teams)) as FakeApiData['teams']) : data.teams;
  data.teamInvites = seed.teamInvites ? (JSON.parse(JSON.stringify(seed.teamInvites)) as FakeApiData['teamInvites']) : data.teamInvites;
  data.account = seed.account === undefined ? data.account : seed.account && { ...seed.account };
  data.passwordResets = seed.passwordResets ? { ...seed.passwordResets } : data.passwordResets;
  data.mail = seed.mail ?? data.mail;
  data.notifications = seed.notifications ? { ...seed.notifications } : data.notifications;
  data.digestHour = seed.digestHour ?? data.digestHour;
  data.webhooks = seed.webhooks ? (JSON.parse(JSON.stringify(seed.webhooks)) as FakeApiData['webhooks']) : data.webhooks;
  data.messages = seed.messages ? (JSON.parse(JSON.stringify(seed.messages)) as FakeApiData['messages']) : data.messages;
  return {
    data,
    requests,
    calls: (method, path) => requests.filter((entry) => entry.method === method.toUpperCase() && entry.path === path),
  };
}

/** Back to no data, no recorded request and the default handlers (after each test). */
export function resetFakeApi(): void {
  data = emptyData();
  requests.length = 0;
  apiServer.resetHandlers();
}
