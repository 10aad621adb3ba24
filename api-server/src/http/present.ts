// Database rows as the API answers them (the shapes of @momentos/api-contract).
import type { Album, EventItem, PhotoItem, PhotoUpdate, PublicEvent, UploadedPhoto } from '@momentos/api-contract';
import type { AlbumRow, EventRow, PhotoRow } from '../db/schema';
import { fileUrl } from '../domain/files';
import type { StoredUpload } from '../domain/ingest';

export const presentEvent = (row: EventRow): EventItem => ({
  id: row.id,
  code: row.code,
  name: row.name,
  date: row.date,
  location: row.location,
  contact: row.contact,
  image: row.image_path ? fileUrl(row.image_path) : null,
});

/** The guests' view of an event: no contact, no location; the image as its card (the original while the card is being made). */
export const presentPublicEvent = (row: EventRow): PublicEvent => {
  const image = row.image_card_path ?? row.image_path;
  return { id: row.id, name: row.name, date: row.date, image: image ? fileUrl(image) : null, code: row.code };
};

export const presentAlbum = (row: AlbumRow): Album => ({
  id: row.id,
  album_name: row.name,
  album_description: row.description,
  is_available: Number(row.is_available) === 1,
  is_public: Number(row.is_public) === 1,
});

export const presentPhoto = (row: PhotoRow): PhotoItem => ({
  id: row.id,
  original_photo: fileUrl(row.original_path),
  compressed_photo: row.compressed_path ? fileUrl(row.compressed_path) : null,
  display_photo: row.display_path ? fileUrl(row.display_path) : null,
  user_id: row.user_id,
  processing: Number(row.processing) === 1,
  error: row.error ? row.error : false,
  file_type: row.file_type === 'video' ? 'video' : 'image',
  created_at: row.created_at,
});

export const presentUpdate = (row: PhotoRow): PhotoUpdate => {
  const item = presentPhoto(row);
  return { id: item.id, compressed_photo: item.compressed_photo, display_photo: item.display_photo, error: item.error, processing: item.processing };
};

/** One file of an upload answer: the photo, the name the client sent, duplicate, and the delete key once. */
export const presentUpload = (upload: StoredUpload): UploadedPhoto => ({
  ...presentPhoto(upload.row),
  file_name: upload.clientName,
  duplicate: upload.duplicate,
  ...(upload.deleteKey ? { delete_key: upload.deleteKey } : {}),
});
