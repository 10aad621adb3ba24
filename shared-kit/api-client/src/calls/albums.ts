import type { StatusMessage } from '@momentos/api-contract';
import { request } from '../http/api-result';
import type { Album, AlbumInput } from './types';

/** GET /api/albums/{eventId}: the event's albums (all of them for the owner, public ones for guests). */
export function listAlbums(eventId: string) {
  return request<Album[]>({ method: 'GET', url: `/api/albums/${encodeURIComponent(eventId)}` });
}

/** POST /api/albums/{eventId}. 201 is success. */
export function createAlbum(eventId: string, input: AlbumInput) {
  return request<Album>({ method: 'POST', url: `/api/albums/${encodeURIComponent(eventId)}`, data: input });
}

/** PUT /api/albums/{albumId}. 200 is success. */
export function updateAlbum(albumId: string, input: AlbumInput) {
  return request<Album>({ method: 'PUT', url: `/api/albums/${encodeURIComponent(albumId)}`, data: input });
}

/** DELETE /api/albums/{albumId}. 200 is success. */
export function deleteAlbum(albumId: string) {
  return request<StatusMessage>({ method: 'DELETE', url: `/api/albums/${encodeURIComponent(albumId)}` });
}
