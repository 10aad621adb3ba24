import type { Generated, Selectable } from 'kysely';

/** Booleans are stored as 0/1 integers so the same migrations and queries run on SQLite and PostgreSQL. */
export type Flag = number;

export interface OrganisersTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  /** Issue 27: shown to the team ('' for accounts made before). */
  name: Generated<string>;
}

/** Issue 23 item 2: a login; the token's `sid` names it, and it ends when the row goes. */
export interface OrganiserSessionsTable {
  id: string;
  organiser_id: string;
  created_at: string;
  /** ISO time: the token's own expiry, so expired rows can be swept. */
  expires_at: string;
}

export interface EventsTable {
  id: string;
  organiser_id: string;
  code: string;
  name: string;
  /** 'YYYY-MM-DD HH:mm' */
  date: string;
  location: string;
  contact: string;
  /** Storage key of the event image, relative to the storage root. */
  image_path: string | null;
  /** Its 1200×630 JPEG card (link previews, the guest's welcome); null until made. */
  image_card_path: Generated<string | null>;
  /** SHA-256 (hex) of the live wall link's token (issue 12); null without a link. */
  wall_token_hash: Generated<string | null>;
  /** 'open' | 'upload_only' | 'reveal' (issue 12). */
  visibility: Generated<string>;
  /** 'YYYY-MM-DD HH:mm': when a 'reveal' event opens its galleries. */
  reveal_at: Generated<string | null>;
  /** 'YYYY-MM-DD HH:mm': when sending closes; null: never. */
  uploads_close_at: Generated<string | null>;
  /** The guests' PIN (4 to 8 digits), or null (issue 12). */
  pin: Generated<string | null>;
  /** Issue 26: guests' messages wait for the organiser's approval (0/1). */
  messages_require_approval: Generated<Flag>;
  /** Guests may fetch the originals (0/1, default 1; issue 22). */
  guest_downloads: Generated<Flag>;
  /** Issue 25: the longest video guests may send, in seconds; null: the server's VIDEO_MAX_SECONDS. */
  video_max_seconds: Generated<number | null>;
  created_at: string;
  updated_at: string;
}

export interface AlbumsTable {
  id: string;
  event_id: string;
  name: string;
  description: string;
  is_public: Flag;
  is_available: Flag;
  created_at: string;
  updated_at: string;
  /** Guests' uploads wait for the organiser's approval (0/1). */
  requires_approval: Generated<Flag>;
}

export interface PhotosTable {
  id: string;
  album_id: string;
  /** The uploader's typed name. */
  user_id: string;
  original_path: string;
  /** The grid rendition: WebP, at most 640 px on the long edge. */
  compressed_path: string | null;
  /** The screen rendition: WebP, at most 2048 px (lightbox, presentation, wall); null until made. */
  display_path: Generated<string | null>;
  /** The phone grid's rendition (issue 29): WebP, at most 320 px on the long edge; null until made. */
  thumb_path: Generated<string | null>;
  file_type: string;
  processing: Generated<Flag>;
  error: string | null;
  client_file_name: string | null;
  /** bigint: PostgreSQL returns it as a string, SQLite as a number. */
  client_file_size: number | string | null;
  created_at: string;
  /** SHA-256 (hex) of the original's bytes; null until computed (new uploads, or the backfill). */
  content_sha256: string | null;
  /** SHA-256 (hex) of the guest's delete key (the key is shown once, never stored). */
  delete_key_hash: string | null;
  /** Hidden by the organiser (0/1). */
  hidden: Generated<Flag>;
  /** Waiting for the organiser's approval (0/1). */
  pending: Generated<Flag>;
  /** Issue 26: marked 'Favorita' by the organiser (0/1). */
  favorite: Generated<Flag>;
  /** The guests' copy of the original, without location (issue 22): its key, the original's when it had none; null until made. */
  guest_path: Generated<string | null>;
  /** SHA-256 (hex) of the client key its sender chose for the file (issue 23); null for older uploads. */
  client_key_hash: Generated<string | null>;
  /** Issue 25: a video's browser-safe rendition (H.264/AAC MP4, `<id>-playback.mp4`); null until made. */
  playback_path: Generated<string | null>;
  /** Why the playback rendition could not be made (the original stays); null otherwise. */
  playback_error: Generated<string | null>;
  /** A video's length in seconds (ffprobe); null for photos and until read. */
  duration: Generated<number | null>;
  /** A video's displayed size (rotation applied); null for photos and until read. */
  width: Generated<number | null>;
  height: Generated<number | null>;
  /** The capture time as an ISO UTC instant (EXIF, QuickTime); null when unknown. */
  taken_at: Generated<string | null>;
  /** The capture time was looked for (0/1): rows stored before issue 25 are read by the backfill. */
  metadata_read: Generated<Flag>;
  /** Issue 28: where it was sent from ('Mesa 5': the place of the invite's QR code), or null. */
  place: Generated<string | null>;
}

export interface UploadSessionsTable {
  id: string;
  album_id: string;
  user_id: string;
  file_name: string;
  file_size: number | string;
  /** The client's declared MIME type: metadata only, the bytes decide. */
  file_type: string;
  total_chunks: number | null;
  /** Size of every chunk but the last, learnt from the first full chunk received. */
  chunk_size: number | string | null;
  photo_id: string | null;
  created_at: string;
  updated_at: string;
  /** With S3: the multipart upload of the bucket the chunks go into (key `storageKeys.chunkUpload`); null on local disk. */
  upload_id: string | null;
  /** SHA-256 (hex) of the address that opened the session (issue 23: CHUNK_SESSIONS_PER_IP). */
  client_hash: Generated<string | null>;
  /** SHA-256 (hex) of the client key the sender chose for the file, handed to its photo. */
  client_key_hash: Generated<string | null>;
  /** Issue 28: the place the photo will carry, or null. */
  place: Generated<string | null>;
  /** Issue 24: the id the session's photo will have (its key names it), chosen at init; null for older sessions. */
  planned_photo_id: Generated<string | null>;
  /** Issue 24, S3: the key the multipart upload writes (the photo's own key when the declared type named it); null: `storageKeys.chunkUpload`. */
  upload_key: Generated<string | null>;
}

export interface UploadChunksTable {
  session_id: string;
  chunk_index: number;
  size: number | string;
  /** With S3: the part's entity tag, named again when the upload is completed. */
  etag: string | null;
}

export interface LoginFailuresTable {
  key: string;
  count: number;
  /** Milliseconds since the epoch; bigint: PostgreSQL returns it as a string. */
  reset_at: number | string;
}

export interface RequestCountsTable {
  key: string;
  count: number;
  /** bigint: milliseconds since the epoch. */
  reset_at: number | string;
}

/** Issue 26: a guest's message ('Recado') to the event, written and optionally spoken. */
export interface MessagesTable {
  id: string;
  event_id: string;
  user_id: string;
  text: string;
  /** Storage key of the voice note as sent (events/<id>/messages/…), its MIME type, its AAC rendition. */
  audio_path: string | null;
  audio_type: string | null;
  audio_m4a_path: Generated<string | null>;
  audio_seconds: number | null;
  /** bigint: PostgreSQL returns it as a string. */
  audio_bytes: number | string | null;
  audio_processing: Generated<Flag>;
  hidden: Generated<Flag>;
  pending: Generated<Flag>;
  /** Where it was said: the place cookie of issue 28 ('Mesa 5'), as on uploads. */
  place: Generated<string | null>;
  delete_key_hash: string | null;
  created_at: string;
}

/** Issue 26: one heart per device per photo. */
export interface PhotoReactionsTable {
  photo_id: string;
  device_hash: string;
  created_at: string;
}

/** Issue 23: single-use socket tickets (migration 012). */
export interface SocketTicketsTable {
  ticket_hash: string;
  album_id: string;
  is_owner: number;
  organiser_id: string | null;
  wall: Generated<number>;
  pin: string | null;
  /** bigint: milliseconds since the epoch. */
  expires_at: number | string;
}

/** Issue 27: a setup code an instance printed at start (hashed). */
export interface SetupCodesTable {
  code_hash: string;
  created_at: string;
}

/** Issue 27: a co-host of an event (the owner is `events.organiser_id`). */
export interface EventMembersTable {
  event_id: string;
  organiser_id: string;
  /** 'coorganiser' | 'moderator' */
  role: string;
  created_at: string;
}

/** Issue 27: an invite link to an event's team. */
export interface TeamInvitesTable {
  id: string;
  event_id: string;
  token_hash: string;
  role: string;
  /** Where it was sent, when it was e-mailed. */
  email: string | null;
  invited_by: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: string | null;
  revoked_at: string | null;
}

/** Issue 27 item 6: an event's webhook. */
export interface WebhooksTable {
  id: string;
  event_id: string;
  url: string;
  secret: string;
  created_at: string;
  updated_at: string;
}

/** Issue 27 item 6: one event sent to a webhook, with the exact body every attempt sends. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  event_type: string;
  body: string;
  /** 'pending' | 'delivered' | 'failed' */
  status: string;
  attempts: Generated<number>;
  response_status: number | null;
  error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Issue 27 item 4: a password-reset link; the token is kept as its SHA-256, single use, 1 hour. */
export interface PasswordResetsTable {
  token_hash: string;
  organiser_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Issue 27 item 5: an organiser's alert switches (no row: both off). */
export interface OrganiserNotificationsTable {
  organiser_id: string;
  pending_photos: Flag;
  daily_summary: Flag;
  updated_at: string;
}

/** Issue 27 item 5: when the 'Fotos aguardando aprovação' e-mail last went to an organiser for an event. */
export interface PendingAlertsTable {
  organiser_id: string;
  event_id: string;
  sent_at: string;
}

/** Issue 27 item 5: the period the organiser's last 'Resumo diário' covered (ISO instants, end excluded). */
export interface DailySummariesTable {
  organiser_id: string;
  period_start: string;
  period_end: string;
}

export interface Database {
  organisers: OrganisersTable;
  events: EventsTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  upload_sessions: UploadSessionsTable;
  upload_chunks: UploadChunksTable;
  login_failures: LoginFailuresTable;
  request_counts: RequestCountsTable;
  socket_tickets: SocketTicketsTable;
  organiser_sessions: OrganiserSessionsTable;
  setup_codes: SetupCodesTable;
  event_members: EventMembersTable;
  team_invites: TeamInvitesTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  messages: MessagesTable;
  photo_reactions: PhotoReactionsTable;
  password_resets: PasswordResetsTable;
  organiser_notifications: OrganiserNotificationsTable;
  pending_alerts: PendingAlertsTable;
  daily_summaries: DailySummariesTable;
}

export type OrganiserRow = Selectable<OrganisersTable>;
export type EventRow = Selectable<EventsTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type UploadSessionRow = Selectable<UploadSessionsTable>;
export type MessageRow = Selectable<MessagesTable>;
