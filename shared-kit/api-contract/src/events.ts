import { Type, type Static } from '@sinclair/typebox';
import { extend, ID_PATTERN, IdParam, NullableString, StringEnum, TicketParam } from './common';
import { VideoMaxSecondsField } from './videos';

/** An event (spec §3). `date` is 'YYYY-MM-DD HH:mm'; `image` a file URL relative to the API origin, or null. */
/** 'Aberto' (guests see the public albums), 'Só envio' (guests only send), 'Revelar em' (closed until `reveal_at`). */
export const Visibility = StringEnum(['open', 'upload_only', 'reveal']);
export type Visibility = Static<typeof Visibility>;

const LocalDateTime = Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?)?$' });

export const EventItem = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  date: Type.String(),
  location: Type.String(),
  contact: Type.String(),
  image: NullableString,
  /**
   * Issue 29: what the organiser's screens show the image by, at 64–120 px: its 1200×630 JPEG card
   * (about 75 KB for a phone photo; the original while the card is being made) and, once stored, the
   * welcome's AVIF copies of the same crop as a `srcset` (about 10 KB). `image` stays the original.
   */
  image_card: Type.Optional(NullableString),
  image_avif_srcset: Type.Optional(Type.String()),
  /** Issue 11, in the organiser's list: the event's images, videos, distinct uploaders and the originals' bytes. */
  photo_count: Type.Optional(Type.Integer()),
  video_count: Type.Optional(Type.Integer()),
  guest_count: Type.Optional(Type.Integer()),
  bytes: Type.Optional(Type.Integer()),
  /** Issue 12: who sees the photos and when; when sending closes. */
  visibility: Type.Optional(Visibility),
  reveal_at: Type.Optional(NullableString),
  uploads_close_at: Type.Optional(NullableString),
  /** The guests' PIN (the owner's reads only), or null. */
  pin: Type.Optional(NullableString),
  /** Issue 26: 'Aprovar recados antes de publicar?'. */
  messages_require_approval: Type.Optional(Type.Boolean()),
  /** Issue 22: 'Convidados podem baixar as fotos' (default true): guests may fetch the originals. */
  guest_downloads: Type.Optional(Type.Boolean()),
  /** Issue 25: 'Duração máxima dos vídeos' in seconds; null: the server's VIDEO_MAX_SECONDS. */
  video_max_seconds: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  /** Issue 25, in `GET /api/events/{id}` (the organiser's wall): how long the wall plays a video. */
  wall_video_seconds: Type.Optional(Type.Integer()),
  /** Issue 27, in the organiser's reads: the caller's role on the event and what it lets them do. */
  role: Type.Optional(StringEnum(['owner', 'coorganiser', 'moderator'] as const)),
  permissions: Type.Optional(Type.Array(Type.String())),
});
export type EventItem = Static<typeof EventItem>;

/**
 * `GET /api/events/{id}/public`: what any guest may know of an event, from any entry point (the
 * welcome's title, image and date, the invite code to share). Never the contact e-mail or the
 * location. `image` is the event image's 1200×630 card (JPEG), null without an image.
 */
export const PublicEvent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  date: Type.String(),
  image: NullableString,
  code: Type.String(),
  /** Issue 12: whether guests may see the galleries now, when a closed one opens, and whether sending has closed. */
  gallery_open: Type.Optional(Type.Boolean()),
  reveal_at: Type.Optional(NullableString),
  uploads_closed: Type.Optional(Type.Boolean()),
  /** Guests must type the event's PIN (sent as `x-event-pin`) before its albums, photos and uploads. */
  pin_required: Type.Optional(Type.Boolean()),
  /** Issue 22: guests may download the originals ('Baixar'); false: the screen renditions only. */
  guest_downloads: Type.Optional(Type.Boolean()),
  /** Issue 25: the longest video this event takes, in seconds (its own limit, else the server's). */
  video_max_seconds: Type.Optional(Type.Integer()),
  /**
   * Issue 29: the welcome's AVIF copies of the image (the card's crop, 720 and 1080 px wide) as a
   * `srcset`, offered beside `image` (the JPEG card) to browsers that take AVIF; absent while there are none.
   */
  image_avif_srcset: Type.Optional(Type.String()),
});
export type PublicEvent = Static<typeof PublicEvent>;

/** `GET /api/events` and `GET /api/events/{id}` (a list whose one item is the event). */
export const EventList = Type.Array(EventItem);
export type EventList = Static<typeof EventList>;

/**
 * The fields of the event form (`POST /api/events`, `PUT /api/events/{id}`), sent as multipart with
 * an optional `image` file part, or as JSON without it.
 */
export const EventFields = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** 'YYYY-MM-DD HH:mm' (seconds and a 'T' separator are accepted). */
  date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?$' }),
  location: Type.String({ minLength: 1, maxLength: 300 }),
  contact: Type.String({ format: 'email', maxLength: 320 }),
  /** Issue 12 (optional; kept as they are when absent): visibility, its reveal date, the end of sending ('' for none). */
  visibility: Type.Optional(Visibility),
  reveal_at: Type.Optional(LocalDateTime),
  uploads_close_at: Type.Optional(LocalDateTime),
  /** 4 to 8 digits; '' removes it. */
  pin: Type.Optional(Type.String({ maxLength: 16 })),
  /** Issue 26: guests' messages wait for approval ('true' / 'false' in a form); absent keeps it. */
  messages_require_approval: Type.Optional(Type.Boolean()),
  /** Issue 22 (optional; kept when absent): guests may download the originals. */
  guest_downloads: Type.Optional(Type.Boolean()),
  /** Issue 25: seconds (1 to 86400); '' or null: the server's default; absent: kept. */
  video_max_seconds: Type.Optional(VideoMaxSecondsField),
});
export type EventFields = Static<typeof EventFields>;

/** `/api/events/{id}`. */
export const EventParams = Type.Object({ id: IdParam });
export type EventParams = Static<typeof EventParams>;

/** `/api/events/share/{code}`: the invite code or the event id. */
export const ShareParams = Type.Object({ code: Type.String({ pattern: ID_PATTERN }) });
export type ShareParams = Static<typeof ShareParams>;

/**
 * The share call's answer: the QR image's file URL and the invite link it encodes. This server always
 * sends the link; spec §3's QR response is the image URL alone, so clients do without it.
 */
export const QrCodeResponse = Type.Object({
  qrcode: Type.String(),
  link: Type.Optional(Type.String()),
});
export type QrCodeResponse = Static<typeof QrCodeResponse>;

/**
 * `GET /api/events/{id}/download` (issue 11): one ZIP of the event's originals, owner only; the album
 * or uploader in view narrows it. A browser download cannot send the auth header, so the URL may
 * carry a `ticket` from `POST /api/events/{id}/download-ticket` instead.
 */
/** A download's scope, asked in the ticket's body and carried in the download's query. */
export const DownloadScopeFields = Type.Object({
  album_id: Type.Optional(Type.String({ pattern: ID_PATTERN })),
  user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  /** Hidden and pending photos are left out unless asked for. */
  include_hidden: Type.Optional(Type.Boolean()),
  /** Issue 26: the organiser's favourites only ('Só favoritas'). */
  favorites_only: Type.Optional(Type.Boolean()),
  /** Issue 28: only the photos sent from this place; and a folder per place (`<album>/<place>/<guest>/`). */
  place: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  by_place: Type.Optional(Type.Boolean()),
});
export type DownloadScopeFields = Static<typeof DownloadScopeFields>;

export const DownloadQuery = extend(DownloadScopeFields, {
  ticket: TicketParam,
});
export type DownloadQuery = Static<typeof DownloadQuery>;

/** The body of `POST /api/events/{id}/download-ticket`: the scope the download will have. */
export const DownloadTicketBody = Type.Object({
  /** Issue 26: a ticket for the 'Livro de recados' PDF instead of the ZIP. */
  book: Type.Optional(Type.Boolean()),
  ...DownloadScopeFields.properties,
});
export type DownloadTicketBody = Static<typeof DownloadTicketBody>;

/** A short-lived ticket bound to one event and scope, and the download URL that carries it. */
export const DownloadTicket = Type.Object({
  ticket: Type.String(),
  /** Same-origin path of the ZIP, ticket and scope in its query. */
  url: Type.String(),
  expires_at: Type.String(),
});
export type DownloadTicket = Static<typeof DownloadTicket>;

/** `POST /api/events/{id}/wall-link` (issue 12): the live wall's link, shown once (a new one revokes the old). */
export const WallLink = Type.Object({ url: Type.String() });
export type WallLink = Static<typeof WallLink>;

/** `/api/wall/{token}`, `/wall/{token}`: a wall link's token. */
export const WallParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{16,128}$' }) });
export type WallParams = Static<typeof WallParams>;

/** `GET /api/wall/{token}`: the event a wall link shows (and nothing else it grants). */
export const WallEvent = Type.Object({
  event_id: Type.String(),
  name: Type.String(),
  code: Type.String(),
  /** Issue 25: how long the wall plays a video (WALL_VIDEO_SECONDS). */
  video_seconds: Type.Optional(Type.Integer()),
});
export type WallEvent = Static<typeof WallEvent>;
