import { Type, type Static } from '@sinclair/typebox';
import { CLIENT_KEY_PATTERN, extend, IdParam, NullableString, statusWith, StringEnum } from './common';
import { NullableNumber, PhotoOrder, VideoFields } from './videos';

/** Longest uploader name kept (trimmed); longer ones are refused. */
export const MAX_USER_ID = 100;

/** A photo or video of an album (spec §3, plus created_at). URLs are relative to the API origin. */
export const PhotoItem = Type.Object({
  id: Type.String(),
  /** Full file URL: `/api/files?path=…`. */
  original_photo: Type.String(),
  /**
   * The grid rendition's URL (WebP, at most 640 px on the long edge; a video's poster frame), null
   * while it is being made (or when the pipeline could not make one).
   */
  compressed_photo: NullableString,
  /**
   * The screen rendition's URL (WebP, at most 2048 px) for the lightbox, the presentation and the
   * wall. This server always sends it (null while being made); spec §3 items do without it, so
   * clients fall back to compressed_photo.
   */
  display_photo: Type.Optional(NullableString),
  /**
   * The phone grid's rendition (issue 29): WebP, at most 320 px (app-manifest's THUMB_PHOTO_EDGE) on the long edge,
   * offered beside compressed_photo in the tiles' srcset. Null while being made, absent from spec §3
   * items and older servers: clients then show compressed_photo alone.
   */
  thumb_photo: Type.Optional(NullableString),
  /** The uploader's typed name. */
  user_id: Type.String(),
  processing: Type.Boolean(),
  /** false, or a short message when the pipeline failed. */
  error: Type.Union([Type.Boolean(), Type.String()]),
  file_type: StringEnum(['image', 'video']),
  created_at: Type.String(),
  /** Issue 11, in the owner's lists only: hidden by the organiser, and waiting for approval. */
  hidden: Type.Optional(Type.Boolean()),
  pending: Type.Optional(Type.Boolean()),
  /** Issue 26: marked 'Favorita' by the organiser (guests' lists too: 'Melhores momentos'), and its hearts. */
  favorite: Type.Optional(Type.Boolean()),
  hearts: Type.Optional(Type.Integer()),
  /**
   * Issue 22: `false` when the organiser keeps the originals from this reader ('Convidados podem
   * baixar as fotos' off): `original_photo` then answers 403 to them (a video still plays inline) and
   * screens offer no 'Baixar'. Absent otherwise.
   */
  downloadable: Type.Optional(Type.Literal(false)),
  ...VideoFields.properties,
  /** Issue 28, in the owner's lists only: where it was sent from ('Mesa 5', a place's QR code), or null. */
  place: Type.Optional(NullableString),
});
export type PhotoItem = Static<typeof PhotoItem>;

export const PhotoList = Type.Array(PhotoItem);
export type PhotoList = Static<typeof PhotoList>;

/** `GET /api/events/photos/{albumId}?user_id=`: only that uploader's photos. */
export const PhotoListQuery = Type.Object({
  user_id: Type.Optional(Type.String({ maxLength: MAX_USER_ID + 50 })),
  /** Issue 25: 'recent' (newest sent first, the default) or 'taken' (capture time, oldest first, unknown last). */
  order: Type.Optional(PhotoOrder),
  /** The guests' view even for the owner (issue 12: the wall shows only what guests may see). */
  public_only: Type.Optional(Type.Boolean()),
  /** Issue 28, the owner's lists: only the photos sent from this place ('Filtrar por local'). */
  place: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PhotoListQuery = Static<typeof PhotoListQuery>;

/**
 * One item of `/updates`: spec §3's id, compressed_photo and error, plus processing (DESIGN §6).
 * This server always sends processing; spec §3 items do without it, so clients must too.
 */
export const PhotoUpdate = Type.Object({
  id: Type.String(),
  compressed_photo: NullableString,
  /** As in PhotoItem (always sent by this server). */
  display_photo: Type.Optional(NullableString),
  /** As in PhotoItem (always sent by this server). */
  thumb_photo: Type.Optional(NullableString),
  error: Type.Union([Type.Boolean(), Type.String()]),
  processing: Type.Optional(Type.Boolean()),
  /** Issue 25, as in PhotoItem: a video's rendition arrives after its poster. */
  playback_video: Type.Optional(NullableString),
  playback_error: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  duration: Type.Optional(NullableNumber),
  width: Type.Optional(NullableNumber),
  height: Type.Optional(NullableNumber),
});
export type PhotoUpdate = Static<typeof PhotoUpdate>;

export const PhotoUpdateList = Type.Array(PhotoUpdate);
export type PhotoUpdateList = Static<typeof PhotoUpdateList>;

/** `GET /api/events/photos/updates/{albumId}?ids=a,b`: without ids, every photo of the album. */
export const PhotoUpdatesQuery = Type.Object({
  ids: Type.Optional(Type.String({ maxLength: 64 * 1024 })),
});
export type PhotoUpdatesQuery = Static<typeof PhotoUpdatesQuery>;

/**
 * What the server painted a public album's gallery with (issue 13: the first paint of
 * /events/share/albums/{id}, never an API answer): the album's event, for 'Listar álbuns', and the
 * first photos of its list as GET /api/events/photos/{albumId} answers it to a guest.
 */
export interface PaintedGallery {
  album_id: string;
  event_id: string;
  photos: PhotoItem[];
}

/** Guest list item (spec §3): who sent photos to the album. */
export const Uploader = Type.Object({ user_id: Type.String() });
export type Uploader = Static<typeof Uploader>;

export const UploaderList = Type.Array(Uploader);
export type UploaderList = Static<typeof UploaderList>;

/**
 * The text fields of `POST /api/events/photos` (multipart, beside the `images` file parts). Checked
 * by hand as they arrive, so the album is refused before any file is read.
 */
export const UploadFields = Type.Object({
  /** An album id, or an event id meaning the event's first album open for uploads. */
  album_id: Type.String(),
  user_id: Type.String(),
  /**
   * Issue 23: the client key (CLIENT_KEY_PATTERN) of the file part that follows it; sent before each
   * file, once per file. A file without one can never be answered by the stored-files lookup.
   */
  client_key: Type.Optional(Type.String()),
  /** Issue 28: the place of the invite the guest opened ('Mesa 5'); optional. */
  place: Type.Optional(Type.String()),
});
export type UploadFields = Static<typeof UploadFields>;

/**
 * One file of an upload answer: the photo item plus what only its sender learns. `file_name` is the
 * name this request sent for the file (the random unique name the guest's queue keys it by), so the
 * client can match answers to its entries; `duplicate` says the album already held these bytes
 * (the existing photo is answered, nothing new was stored or announced). `delete_key` lets the
 * sender remove the photo (`x-delete-key`): shown only here, for stored (not duplicate) photos.
 */
export const UploadedPhoto = extend(PhotoItem, {
  file_name: NullableString,
  duplicate: Type.Boolean(),
  delete_key: Type.Optional(Type.String()),
});
export type UploadedPhoto = Static<typeof UploadedPhoto>;

/** The answer of a stored upload (one request or a finalized chunk session), one item per file in order. */
export const UploadAnswer = statusWith({ photos: Type.Array(UploadedPhoto) });
export type UploadAnswer = Static<typeof UploadAnswer>;

/**
 * `POST /api/events/photos/stored` (JSON): which of these files (the random unique name and size a
 * client sent them under) the album holds. A batch whose request failed part-way asks this before
 * sending again, and sends only the files not answered. Issue 23: only the sender's client key
 * (`client_key`, sent with the file) proves the sender: a file is answered, with a new delete key,
 * only when its key matches; a hidden or pending photo is answered as stored without its data
 * (`id` and `file_name` only, no URLs, no key). Rate-limited like uploads.
 */
export const StoredLookupBody = Type.Object({
  album_id: Type.String({ minLength: 1, maxLength: 64 }),
  files: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 255 }),
      size: Type.Integer({ minimum: 1 }),
      client_key: Type.String({ pattern: CLIENT_KEY_PATTERN }),
    }),
    { maxItems: 100 },
  ),
});
export type StoredLookupBody = Static<typeof StoredLookupBody>;

export const StoredLookupAnswer = Type.Object({
  photos: Type.Array(UploadedPhoto),
  /** Files stored but hidden by the organiser or waiting for approval: stored, nothing more (issue 23). */
  withheld: Type.Optional(Type.Array(Type.Object({ file_name: Type.String(), pending: Type.Boolean() }))),
});
export type StoredLookupAnswer = Static<typeof StoredLookupAnswer>;

/** The header of a guest's removal of their own upload (`DELETE /api/events/photos/{photoId}`). */
export const DELETE_KEY_HEADER = 'x-delete-key';

/** `/api/events/photos/{photoId}`: one photo (removal, moderation). */
export const PhotoParams = Type.Object({ photoId: IdParam });
export type PhotoParams = Static<typeof PhotoParams>;

/**
 * `PUT /api/events/photos/{photoId}/preview` (issue 29): the guest's preview of a photo still being
 * processed, as one multipart file part `preview` (WebP or JPEG, app-manifest's photo-preview limits),
 * with the upload's delete key in `x-delete-key`. No fields.
 */
export const PreviewFields = Type.Object({}, { additionalProperties: false });
export type PreviewFields = Static<typeof PreviewFields>;

/** `PATCH /api/events/photos/{photoId}` (owner): hide or show a photo, or approve a pending one. */
export const PhotoModeration = Type.Object(
  {
    hidden: Type.Optional(Type.Boolean()),
    pending: Type.Optional(Type.Literal(false)),
    /** Issue 26: 'Favoritar' (a star). */
    favorite: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type PhotoModeration = Static<typeof PhotoModeration>;
