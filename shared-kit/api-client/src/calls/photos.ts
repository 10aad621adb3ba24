import type { DownloadTicketBody, PhotoItem, PhotoModeration, PhotoOrder } from '@momentos/api-contract';
import { call, routeUrl } from '../http/api-result';
import { earlyList } from '../http/early-answers';
import { http } from '../http/http-client';

export type { DownloadTicket, DownloadTicketBody, PaintedGallery, PhotoItem, PhotoModeration, PhotoUpdate, Uploader, UploadedPhoto } from '@momentos/api-contract';

/**
 * GET /api/events/photos/{albumId}?user_id=&order=: the album's photos, newest first, or in the order
 * they were taken (`order: 'taken'`, issue 25; unknown capture times last).
 */
export function listAlbumPhotos(albumId: string, userId?: string | null, order: PhotoOrder = 'recent') {
  const query = { ...(userId ? { user_id: userId } : {}), ...(order === 'taken' ? { order } : {}) };
  return call('GET /api/events/photos/:albumId', { params: { albumId }, query: Object.keys(query).length > 0 ? query : undefined });
}

/**
 * The event's (or album's) list as the page's early-requests script read it before the app ran (issue
 * 29, the organiser's photo screen), or undefined: what listAlbumPhotos(albumId) will answer first.
 */
export function earlyAlbumPhotos(albumId: string): PhotoItem[] | undefined {
  return earlyList(routeUrl('GET /api/events/photos/:albumId', { albumId })) as PhotoItem[] | undefined;
}

/** The photos guests see of an album or event, even when the organiser asks (the live wall, issue 12). */
export function listPublicPhotos(albumId: string) {
  return call('GET /api/events/photos/:albumId', { params: { albumId }, query: { public_only: true } });
}

/** GET /api/events/photos/updates/{albumId}?ids=a,b: the current state of photos still processing. */
export function getPhotoUpdates(albumId: string, ids: readonly string[]) {
  return call('GET /api/events/photos/updates/:albumId', { params: { albumId }, query: ids.length > 0 ? { ids: ids.join(',') } : undefined });
}

/** GET /api/events/photos/users/{albumId}: who sent photos to the album. */
export function listAlbumUploaders(albumId: string) {
  return call('GET /api/events/photos/users/:albumId', { params: { albumId } });
}

/**
 * DELETE /api/events/photos/{photoId}: removes the photo, its original and every rendition, and tells
 * the album's open galleries (`photos_removed`). The event's owner may remove any of its photos.
 */
export function removePhoto(photoId: string) {
  return call('DELETE /api/events/photos/:photoId', { params: { photoId } });
}

/**
 * DELETE /api/events/photos/{photoId} with `x-delete-key`: a guest removes a photo this device sent,
 * with the key its upload answer gave (issue 10). A wrong key is a 403 and removes nothing.
 */
export function removeOwnPhoto(photoId: string, deleteKey: string) {
  return call('DELETE /api/events/photos/:photoId', { params: { photoId } }, { headers: { 'x-delete-key': deleteKey } });
}

/**
 * PUT /api/events/photos/{photoId}/preview with `x-delete-key` (issue 29): the guest's small copy of a
 * photo they just sent, shown until the server's copies are made. 409 when they were made first.
 */
export function sendPhotoPreview(photoId: string, deleteKey: string, preview: Blob) {
  const form = new FormData();
  form.append('preview', preview, preview.type === 'image/webp' ? 'preview.webp' : 'preview.jpg');
  return call('PUT /api/events/photos/:photoId/preview', { params: { photoId }, body: form }, { headers: { 'x-delete-key': deleteKey } });
}

/**
 * PATCH /api/events/photos/{photoId} (the event's owner, issue 11): `{hidden}` hides or shows the
 * photo, `{pending: false}` approves it. Answers the photo as the owner's list shows it.
 */
export function moderatePhoto(photoId: string, change: PhotoModeration) {
  return call('PATCH /api/events/photos/:photoId', { params: { photoId }, body: change });
}

/**
 * POST /api/events/{id}/download-ticket: a short-lived ticket for one ZIP of the event (the album or
 * uploader in view), and its URL. A browser download cannot send the auth header; the URL carries
 * the ticket instead (resolve it with `apiUrl`).
 */
export function requestDownload(eventId: string, scope: DownloadTicketBody) {
  return call('POST /api/events/:id/download-ticket', { params: { id: eventId }, body: scope });
}

/** A same-origin API path (`/api/…`) as the browser reaches it (the API may live on another origin). */
export function apiUrl(path: string): string {
  return `${apiOrigin()}${path}`;
}

/** The API origin the calls go to ('' when it is the page's origin). */
function apiOrigin(): string {
  return (http.defaults.baseURL ?? '').replace(/\/+$/, '');
}

/** A file URL of a photo item (relative to the API origin) as the browser can load it. */
export function photoFileUrl(fileUrl: string): string {
  if (/^(https?:)?\/\//i.test(fileUrl) || fileUrl.startsWith('blob:') || fileUrl.startsWith('data:')) return fileUrl;
  return `${apiOrigin()}${fileUrl.startsWith('/') ? '' : '/'}${fileUrl}`;
}

/** GET /api/files/download?path=…: the original file as an attachment (the lightbox download). */
export function photoDownloadUrl(fileUrl: string): string {
  return `${apiOrigin()}/api/files/download?path=${encodeURIComponent(fileUrl)}`;
}

