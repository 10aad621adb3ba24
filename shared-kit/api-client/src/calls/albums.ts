import { call } from '../http/api-result';
import type { AlbumInput } from './types';

/** GET /api/albums/{eventId}: the event's albums (all of them for the owner, public ones for guests). */
export function listAlbums(eventId: string) {
  return call('GET /api/albums/:eventId', { params: { eventId } });
}

/** POST /api/albums/{eventId}. 201 is success. */
export function createAlbum(eventId: string, input: AlbumInput) {
  return call('POST /api/albums/:eventId', { params: { eventId }, body: input });
}

/** PUT /api/albums/{albumId}. 200 is success. */
export function updateAlbum(albumId: string, input: AlbumInput) {
  return call('PUT /api/albums/:albumId', { params: { albumId }, body: input });
}

/** DELETE /api/albums/{albumId}. 200 is success. */
export function deleteAlbum(albumId: string) {
  return call('DELETE /api/albums/:albumId', { params: { albumId } });
}
