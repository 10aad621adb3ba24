// Issue 24 item 4: every endpoint of the server, declared once. Each entry names one route: its
// method, its path (`:name` for a parameter) and the contract's schemas of its parameters, query
// string, JSON body (`body`, validated by Fastify) or multipart form (`form`, read by the route and
// checked against the schema), and answers. The server's routes take method, path and schemas from
// here (api-server/src/http/endpoint-route.ts), a test there fails when a registered route is
// missing here or an entry is not registered, api-client's calls are typed from it (`call('GET
// /api/…')` only compiles for a declared route, its answer is the declared one) and the front end's
// fake API can only answer declared routes. The front end imports types only: no TypeBox reaches the
// browser.
import type { Static, TSchema } from '@sinclair/typebox';
import { Account, AccountInput, ForgotPasswordAnswer, ForgotPasswordInput, NotificationSettings, NotificationSettingsView, PasswordChanged, PasswordChangeInput, ResetLinkState, ResetPasswordInput, ResetTokenParams, AccountCreated, SetupInput, SetupState } from './account';
import { Album, AlbumBody, AlbumList, AlbumParams, EventAlbumsParams } from './albums';
import { LoginAnswer, LoginInput } from './auth';
import { ChunkFinalizeBody, ChunkInitAnswer, ChunkInitFields, ChunkSessionParams, ChunkStatus, ChunkStatusQuery, ChunkUploadAnswer, ChunkUploadFields } from './chunks';
import { answers, StatusMessage } from './common';
import { DownloadQuery, DownloadTicket, DownloadTicketBody, EventFields, EventItem, EventList, EventParams, PublicEvent, QrCodeResponse, ShareParams, WallEvent, WallLink, WallParams } from './events';
import { FileQuery, Health, HealthDown, Ready } from './files';
import { InviteSearchAnswer, InviteSearchQuery } from './invite';
import { BookQuery, MessageFields, MessageItem, MessageList, MessageModeration, MessageParams, PostedMessage, ReactionState, SignedAudioQuery } from './messages';
import { PhotoItem, PhotoList, PhotoListQuery, PhotoModeration, PhotoParams, PhotoUpdateList, PreviewFields, PhotoUpdatesQuery, StoredLookupAnswer, StoredLookupBody, UploadAnswer, UploaderList, UploadFields } from './photos';
import { PrintablesQuery, PrintablesTicket } from './printables';
import { AlbumSocketQuery, WsTicketAnswer, WsTicketInput } from './realtime';
import { InviteAccountInput, InviteTokenParams, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInviteParams, TeamInvitePreview, TeamMemberParams } from './team';
import { WebhookInput, WebhookSaved, WebhookState } from './webhooks';

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One route. `answer` says what comes back when it is not JSON: a file or PDF streamed (`file`), a
 * websocket (`socket`), a page or redirect of the web layer (`page`). `head: true`: HEAD is routed
 * by the handler itself (Fastify's automatic HEAD would answer an empty length).
 */
export interface Endpoint {
  method: EndpointMethod;
  path: string;
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  form?: TSchema;
  response?: Record<string | number, TSchema>;
  answer?: 'file' | 'socket' | 'page';
  head?: boolean;
}

const event = { params: EventParams } as const;

export const endpoints = {
  // Health and first start.
  health: { method: 'GET', path: '/api/health', response: { 200: Health, 503: HealthDown } },
  ready: { method: 'GET', path: '/api/health/ready', response: { 200: Ready, 503: HealthDown } },
  setupState: { method: 'GET', path: '/api/setup', response: answers({ 200: SetupState }) },
  createFirstAccount: { method: 'POST', path: '/api/setup', body: SetupInput, response: answers({ 201: AccountCreated }) },

  // Sessions and the account.
  login: { method: 'POST', path: '/api/auth', body: LoginInput, response: answers({ 200: LoginAnswer }) },
  logout: { method: 'POST', path: '/api/auth/logout', response: answers({ 200: StatusMessage }) },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot', body: ForgotPasswordInput, response: answers({ 200: ForgotPasswordAnswer }) },
  resetLink: { method: 'GET', path: '/api/auth/reset/:token', params: ResetTokenParams, response: answers({ 200: ResetLinkState }) },
  resetPassword: { method: 'POST', path: '/api/auth/reset/:token', params: ResetTokenParams, body: ResetPasswordInput, response: answers({ 200: StatusMessage }) },
  account: { method: 'GET', path: '/api/account', response: answers({ 200: Account }) },
  updateAccount: { method: 'PUT', path: '/api/account', body: AccountInput, response: answers({ 200: Account }) },
  notificationSettings: { method: 'GET', path: '/api/account/notifications', response: answers({ 200: NotificationSettingsView }) },
  saveNotificationSettings: { method: 'PUT', path: '/api/account/notifications', body: NotificationSettings, response: answers({ 200: NotificationSettingsView }) },
  changePassword: { method: 'PUT', path: '/api/account/password', body: PasswordChangeInput, response: answers({ 200: PasswordChanged }) },

  // Events (the event form is multipart: its fields are checked against EventFields by the route).
  listEvents: { method: 'GET', path: '/api/events', response: answers({ 200: EventList }) },
  createEvent: { method: 'POST', path: '/api/events', form: EventFields, response: answers({ 201: EventItem }) },
  getEvent: { method: 'GET', path: '/api/events/:id', ...event, response: answers({ 200: EventList }) },
  updateEvent: { method: 'PUT', path: '/api/events/:id', ...event, form: EventFields, response: answers({ 200: EventItem }) },
  deleteEvent: { method: 'DELETE', path: '/api/events/:id', ...event, response: answers({ 200: StatusMessage }) },
  publicEvent: { method: 'GET', path: '/api/events/:id/public', ...event, response: answers({ 200: PublicEvent }) },
  shareQrCode: { method: 'GET', path: '/api/events/share/:code', params: ShareParams, response: answers({ 200: QrCodeResponse }) },
  inviteSearch: { method: 'GET', path: '/api/invite/search', querystring: InviteSearchQuery, response: answers({ 200: InviteSearchAnswer }) },
  createWallLink: { method: 'POST', path: '/api/events/:id/wall-link', ...event, response: answers({ 201: WallLink }) },
  revokeWallLink: { method: 'DELETE', path: '/api/events/:id/wall-link', ...event, response: answers({ 200: StatusMessage }) },
  wallEvent: { method: 'GET', path: '/api/wall/:token', params: WallParams, response: answers({ 200: WallEvent }) },
  downloadTicket: { method: 'POST', path: '/api/events/:id/download-ticket', ...event, body: DownloadTicketBody, response: answers({ 200: DownloadTicket }) },
  download: { method: 'GET', path: '/api/events/:id/download', ...event, querystring: DownloadQuery, answer: 'file' },
  printablesTicket: { method: 'POST', path: '/api/events/:id/printables-ticket', ...event, response: answers({ 200: PrintablesTicket }) },
  printables: { method: 'GET', path: '/api/events/:id/printables.pdf', ...event, querystring: PrintablesQuery, answer: 'file' },

  // The team and the webhook (issue 27).
  team: { method: 'GET', path: '/api/events/:id/team', ...event, response: answers({ 200: Team }) },
  createTeamInvite: { method: 'POST', path: '/api/events/:id/team/invites', ...event, body: TeamInviteInput, response: answers({ 201: TeamInviteCreated }) },
  revokeTeamInvite: { method: 'DELETE', path: '/api/events/:id/team/invites/:inviteId', params: TeamInviteParams, response: answers({ 200: StatusMessage }) },
  removeTeamMember: { method: 'DELETE', path: '/api/events/:id/team/members/:organiserId', params: TeamMemberParams, response: answers({ 200: StatusMessage }) },
  teamInvite: { method: 'GET', path: '/api/team-invites/:token', params: InviteTokenParams, response: answers({ 200: TeamInvitePreview }) },
  acceptTeamInvite: { method: 'POST', path: '/api/team-invites/:token/accept', params: InviteTokenParams, response: answers({ 200: TeamInviteAccepted }) },
  accountFromInvite: { method: 'POST', path: '/api/team-invites/:token/account', params: InviteTokenParams, body: InviteAccountInput, response: answers({ 201: TeamInviteAccepted }) },
  webhook: { method: 'GET', path: '/api/events/:id/webhook', ...event, response: answers({ 200: WebhookState }) },
  saveWebhook: { method: 'PUT', path: '/api/events/:id/webhook', ...event, body: WebhookInput, response: answers({ 200: WebhookSaved, 201: WebhookSaved }) },
  newWebhookSecret: { method: 'POST', path: '/api/events/:id/webhook/secret', ...event, response: answers({ 200: WebhookSaved }) },
  deleteWebhook: { method: 'DELETE', path: '/api/events/:id/webhook', ...event, response: answers({ 200: StatusMessage }) },

  // Albums.
  listAlbums: { method: 'GET', path: '/api/albums/:eventId', params: EventAlbumsParams, response: answers({ 200: AlbumList }) },
  createAlbum: { method: 'POST', path: '/api/albums/:eventId', params: EventAlbumsParams, body: AlbumBody, response: answers({ 201: Album }) },
  updateAlbum: { method: 'PUT', path: '/api/albums/:albumId', params: AlbumParams, body: AlbumBody, response: answers({ 200: Album }) },
  deleteAlbum: { method: 'DELETE', path: '/api/albums/:albumId', params: AlbumParams, response: answers({ 200: StatusMessage }) },

  // Photos: uploads (one request, or in chunks), lists, moderation, hearts, files.
  uploadPhotos: { method: 'POST', path: '/api/events/photos', form: UploadFields, response: answers({ 201: UploadAnswer }) },
  storedPhotos: { method: 'POST', path: '/api/events/photos/stored', body: StoredLookupBody, response: answers({ 200: StoredLookupAnswer }) },
  chunkStatus: { method: 'GET', path: '/api/events/photos/chunk/:sessionId', params: ChunkSessionParams, querystring: ChunkStatusQuery, response: answers({ 200: ChunkStatus }) },
  chunkInit: { method: 'POST', path: '/api/events/photos/chunk/init', form: ChunkInitFields, response: answers({ 200: ChunkInitAnswer }) },
  chunkUpload: { method: 'POST', path: '/api/events/photos/chunk/upload', form: ChunkUploadFields, response: answers({ 200: ChunkUploadAnswer }) },
  chunkFinalize: { method: 'POST', path: '/api/events/photos/chunk/finalize', body: ChunkFinalizeBody, response: answers({ 201: UploadAnswer }) },
  listPhotos: { method: 'GET', path: '/api/events/photos/:albumId', params: AlbumParams, querystring: PhotoListQuery, response: answers({ 200: PhotoList }) },
  photoUpdates: { method: 'GET', path: '/api/events/photos/updates/:albumId', params: AlbumParams, querystring: PhotoUpdatesQuery, response: answers({ 200: PhotoUpdateList }) },
  uploaders: { method: 'GET', path: '/api/events/photos/users/:albumId', params: AlbumParams, response: answers({ 200: UploaderList }) },
  moderatePhoto: { method: 'PATCH', path: '/api/events/photos/:photoId', params: PhotoParams, body: PhotoModeration, response: answers({ 200: PhotoItem }) },
  removePhoto: { method: 'DELETE', path: '/api/events/photos/:photoId', params: PhotoParams, response: answers({ 200: StatusMessage }) },
  photoPreview: { method: 'PUT', path: '/api/events/photos/:photoId/preview', params: PhotoParams, form: PreviewFields, response: answers({ 200: StatusMessage }) },
  addHeart: { method: 'POST', path: '/api/events/photos/:photoId/reactions', params: PhotoParams, response: answers({ 200: ReactionState }) },
  removeHeart: { method: 'DELETE', path: '/api/events/photos/:photoId/reactions', params: PhotoParams, response: answers({ 200: ReactionState }) },
  file: { method: 'GET', path: '/api/files', head: true, querystring: FileQuery, response: answers({}), answer: 'file' },
  fileDownload: { method: 'GET', path: '/api/files/download', head: true, querystring: FileQuery, response: answers({}), answer: 'file' },

  // The guestbook (issue 26; a message is a multipart form, with its audio).
  listMessages: { method: 'GET', path: '/api/events/:id/messages', ...event, response: answers({ 200: MessageList }) },
  postMessage: { method: 'POST', path: '/api/events/:id/messages', ...event, form: MessageFields, response: answers({ 201: PostedMessage }) },
  moderateMessage: { method: 'PATCH', path: '/api/events/messages/:messageId', params: MessageParams, body: MessageModeration, response: answers({ 200: MessageItem }) },
  removeMessage: { method: 'DELETE', path: '/api/events/messages/:messageId', params: MessageParams, response: answers({ 200: StatusMessage }) },
  messageAudio: { method: 'GET', path: '/api/events/messages/:messageId/audio', params: MessageParams, querystring: SignedAudioQuery, response: answers({}), answer: 'file' },
  guestbookPdf: { method: 'GET', path: '/api/events/:id/messages/book.pdf', ...event, querystring: BookQuery, answer: 'file' },

  // Live updates: a socket's single-use ticket, and the album's socket.
  wsTicket: { method: 'POST', path: '/api/ws-ticket', body: WsTicketInput, response: answers({ 201: WsTicketAnswer }) },
  albumSocket: { method: 'GET', path: '/ws/albums/:albumId', params: AlbumParams, querystring: AlbumSocketQuery, answer: 'socket' },

  // The web layer: the federation's remotes list and the installed app's share target.
  remotes: { method: 'GET', path: '/remotes.json', answer: 'page' },
  shareTarget: { method: 'POST', path: '/share-target', answer: 'page' },
} as const satisfies Record<string, Endpoint>;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

/** `'GET /api/albums/:eventId'`: how a call names its route. */
export type RouteOf<N extends EndpointName> = `${Endpoints[N]['method']} ${Endpoints[N]['path']}`;
/** Every route of the table, as `'METHOD /path'`. */
export type Route = { [N in EndpointName]: RouteOf<N> }[EndpointName];
/** The JSON routes a client calls (not files, sockets or pages). */
export type ApiRoute = { [N in EndpointName]: Endpoints[N] extends { answer: string } ? never : RouteOf<N> }[EndpointName];
/** The name of the endpoint at a route. */
export type EndpointAt<R extends Route> = { [N in EndpointName]: RouteOf<N> extends R ? N : never }[EndpointName];

type Part<E, K extends string> = E extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;
type Success = 200 | 201 | 202 | 204 | 206;
type AnswerOfEndpoint<E> = E extends { response: infer R } ? { [S in Extract<keyof R, Success>]: R[S] extends TSchema ? Static<R[S]> : never }[Extract<keyof R, Success>] : unknown;

/** What a route answers on success (the union of its 2xx schemas). */
export type AnswerOf<R extends Route> = AnswerOfEndpoint<Endpoints[EndpointAt<R>]>;
/** Its parameters, query string, JSON body and multipart form fields (`undefined` where it has none). */
export type ParamsOf<R extends Route> = Part<Endpoints[EndpointAt<R>], 'params'>;
export type QueryOf<R extends Route> = Part<Endpoints[EndpointAt<R>], 'querystring'>;
export type BodyOf<R extends Route> = Part<Endpoints[EndpointAt<R>], 'body'>;
export type FormOf<R extends Route> = Part<Endpoints[EndpointAt<R>], 'form'>;
