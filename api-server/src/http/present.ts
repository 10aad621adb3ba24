// Database rows as the API answers them (the shapes of @momentos/api-contract).
import { permissionsOf, type EventRole } from '../domain/team/roles';
import type { Album, EventItem, PhotoItem, PhotoUpdate, PublicEvent, UploadedPhoto } from '@momentos/api-contract';
import type { AlbumRow, EventRow, PhotoRow } from '../db/schema';
import { fileUrl } from '../domain/files';
import { plainFileUrls, type FileUrls } from '../domain/file-access';
import { messages } from '../errors';
import { galleryOpen, uploadsClosed } from '../domain/visibility';
import type { StoredUpload } from '../services/ingest';
import type { Storage } from '../infra/storage';
import { welcomeImageSrcset } from '../infra/media/welcome-image';

/** The URL an event's image is shown by where a thumbnail would do: its card, or the original while it has none. */
const cardUrlOf = (row: Pick<EventRow, 'image_path' | 'image_card_path'>) => {
  const key = row.image_card_path ?? row.image_path;
  return key ? fileUrl(key) : null;
};

export const presentEvent = (row: EventRow): EventItem => ({
  id: row.id,
  code: row.code,
  name: row.name,
  date: row.date,
  location: row.location,
  contact: row.contact,
  image: row.image_path ? fileUrl(row.image_path) : null,
  image_card: cardUrlOf(row),
  visibility: (row.visibility ?? 'open') as EventItem['visibility'],
  reveal_at: row.reveal_at ?? null,
  uploads_close_at: row.uploads_close_at ?? null,
  pin: row.pin ?? null,
  messages_require_approval: Number(row.messages_require_approval ?? 0) === 1,
  guest_downloads: Number(row.guest_downloads ?? 1) !== 0,
  video_max_seconds: row.video_max_seconds ?? null,
});

/** The guests' view of an event: no contact, no location; the image as its card (the original while the card is being made). */
export const presentPublicEvent = (row: EventRow, defaultVideoMaxSeconds?: number): PublicEvent => {
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    image: cardUrlOf(row),
    code: row.code,
    gallery_open: galleryOpen(row),
    reveal_at: row.visibility === 'reveal' ? row.reveal_at : null,
    uploads_closed: uploadsClosed(row),
    pin_required: row.pin !== null && row.pin !== undefined,
    guest_downloads: Number(row.guest_downloads ?? 1) !== 0,
    // Issue 25: the upload screen refuses longer videos before sending.
    ...(defaultVideoMaxSeconds !== undefined ? { video_max_seconds: row.video_max_seconds ?? defaultVideoMaxSeconds } : {}),
  };
};

/**
 * The guests' view of an event with the welcome's AVIF copies of its image when they are stored (issue
 * 29): what GET /api/events/{id}/public answers and the painted welcome is filled with.
 */
export async function presentGuestEvent(storage: Storage, row: EventRow, defaultVideoMaxSeconds?: number): Promise<PublicEvent> {
  return withImageCopies(storage, row, presentPublicEvent(row, defaultVideoMaxSeconds));
}

/**
 * Issue 29: an event as presented, with the welcome's AVIF copies of its image when they are stored (the
 * guests' welcome; the organiser's list and form, for their small pictures). The answer is remembered
 * per card: no storage request after the first.
 */
export async function withImageCopies<T extends { image_avif_srcset?: string }>(storage: Storage, row: Pick<EventRow, 'image_card_path'>, event: T): Promise<T> {
  const avif = row.image_card_path ? await welcomeImageSrcset(storage, row.image_card_path) : undefined;
  return avif ? { ...event, image_avif_srcset: avif } : event;
}

export const presentAlbum = (row: AlbumRow): Album => ({
  id: row.id,
  album_name: row.name,
  album_description: row.description,
  is_available: Number(row.is_available) === 1,
  is_public: Number(row.is_public) === 1,
  requires_approval: Number(row.requires_approval) === 1,
});

/** The owner's album tile: its item count and newest photo beside the album (issue 11). */
export const presentOwnedAlbum = (row: AlbumRow, stats: { count: number; cover: string | null } | undefined, urls: FileUrls = plainFileUrls): Album => ({
  ...presentAlbum(row),
  photo_count: stats?.count ?? 0,
  cover_photo: stats?.cover ? urls(stats.cover) : null,
});

/** A photo as a list shows it; `urls` makes its file URLs for the reader (signed for the owner, the wall, a PIN guest: issue 22). */
export const presentPhoto = (row: PhotoRow, urls: FileUrls = plainFileUrls, downloadable = true): PhotoItem => ({
  id: row.id,
  original_photo: urls(row.original_path),
  compressed_photo: row.compressed_path ? urls(row.compressed_path) : null,
  display_photo: row.display_path ? urls(row.display_path) : null,
  thumb_photo: row.thumb_path ? urls(row.thumb_path) : null,
  user_id: row.user_id,
  processing: Number(row.processing) === 1,
  error: row.error ? row.error : false,
  file_type: row.file_type === 'video' ? 'video' : 'image',
  created_at: row.created_at,
  // Issue 26: said only of the organiser's favourites ('Melhores momentos').
  ...(Number(row.favorite ?? 0) === 1 ? { favorite: true } : {}),
  ...(downloadable ? {} : { downloadable: false as const }),
  ...presentVideoFields(row, urls),
});

/** Issue 25: the playback rendition (its URL made like the other renditions'), a video's length and size, and the capture time. */
const presentVideoFields = (row: PhotoRow, urls: FileUrls) => ({
  playback_video: row.playback_path ? urls(row.playback_path) : null,
  playback_error: row.playback_error ? row.playback_error : false,
  duration: row.duration === null || row.duration === undefined ? null : Number(row.duration),
  width: row.width ?? null,
  height: row.height ?? null,
  taken_at: row.taken_at ?? null,
});

/** A photo in its owner's lists: with the organiser's flags (issue 11). */
export const presentOwnedPhoto = (row: PhotoRow, urls: FileUrls = plainFileUrls): PhotoItem => ({
  ...presentPhoto(row, urls),
  hidden: Number(row.hidden) === 1,
  pending: Number(row.pending) === 1,
  favorite: Number(row.favorite ?? 0) === 1,
  place: row.place ?? null,
});

/** The organiser's list row: the event with its counts. */
/** Issue 27: the event as a member of its team reads it, with their role and permissions. */
export const presentEventFor = (row: EventRow, role: EventRole): EventItem => ({ ...presentEvent(row), role, permissions: permissionsOf(role) });

export const presentEventWithStats = (row: EventRow, stats: { photos: number; videos: number; guests: number; bytes: number } | undefined): EventItem => ({
  ...presentEvent(row),
  photo_count: stats?.photos ?? 0,
  video_count: stats?.videos ?? 0,
  guest_count: stats?.guests ?? 0,
  bytes: stats?.bytes ?? 0,
});

export const presentUpdate = (row: PhotoRow, urls: FileUrls = plainFileUrls): PhotoUpdate => {
  const item = presentPhoto(row, urls);
  return {
    id: item.id,
    compressed_photo: item.compressed_photo,
    display_photo: item.display_photo,
    thumb_photo: item.thumb_photo,
    error: item.error,
    processing: item.processing,
    playback_video: item.playback_video,
    playback_error: item.playback_error,
    duration: item.duration,
    width: item.width,
    height: item.height,
  };
};

/** The upload answer's message: says so when the photos wait for the organiser's approval. */
export const uploadMessage = (uploads: StoredUpload[]): string =>
  uploads.some((upload) => Number(upload.row.pending) === 1) ? messages.uploadPending : messages.uploadStored;

/** One file of an upload answer: the photo, the name the client sent, duplicate, and the delete key once. */
export const presentUpload = (upload: StoredUpload, urls: FileUrls = plainFileUrls): UploadedPhoto => ({
  ...presentPhoto(upload.row, urls),
  // The sender learns that the photo waits for the organiser's approval.
  ...(Number(upload.row.pending) === 1 ? { pending: true } : {}),
  file_name: upload.clientName,
  duplicate: upload.duplicate,
  ...(upload.deleteKey ? { delete_key: upload.deleteKey } : {}),
});
