/** File URLs the API hands out: relative to the API origin, the storage key in `path`. */
export const fileUrl = (key: string) => `/api/files?path=${key}`;

/** Storage layout: everything of an event lives under its folder, so deleting the event removes it all. */
export const storageKeys = {
  eventFolder: (eventId: string) => `events/${eventId}`,
  albumFolder: (eventId: string, albumId: string) => `events/${eventId}/albums/${albumId}`,
  /** With S3, where a chunk session's multipart upload assembles the file before it becomes a photo. */
  chunkUpload: (sessionId: string) => `uploads/${sessionId}`,
};

/** Only an event's files are served: anything else in the store (assembling uploads) is not a file of the API. */
export const isServedKey = (key: string) => key.startsWith('events/');

/**
 * Names the server gives files whose content never changes under that name: a photo's original and
 * renditions (`pho_<uuid>.jpg`, `pho_<uuid>-grid.webp`, `-display.webp`, the older `-thumb.webp`), an
 * event image and its card (`image-<random>.png`, `image-<random>-card.jpg`, a new name for every new
 * image) and a QR code (`qrcode-<digest of the link>.png`). These may be cached for a year without
 * asking again; anything else is revalidated.
 */
const IMMUTABLE_NAME = /^(pho_[0-9a-f-]{36}(-thumb|-grid|-display)?|image-[0-9a-f]{16}(-card)?|qrcode-[0-9a-f]{16})\.[a-z0-9]{2,5}$/;

export const isImmutableKey = (key: string) => key.startsWith('events/') && IMMUTABLE_NAME.test(key.slice(key.lastIndexOf('/') + 1));

/**
 * The columns of a photo row that name a stored file: the original and every rendition made from it.
 * Whatever removes photos (one, an album's, an event's) removes the files of all of them.
 */
export const photoFileColumns = ['original_path', 'compressed_path', 'display_path', 'thumb_path', 'guest_path', 'playback_path'] as const;
