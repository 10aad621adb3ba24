import { call, request } from '../http/api-result';
import { http } from '../http/http-client';
import type { QrCodeResponse } from './types';

/** GET /api/invite/search?code=: a list whose first item is the event (id, name), empty when unknown. */
export function searchEventByCode(code: string) {
  return call('GET /api/invite/search', { query: { code } });
}

/** GET /api/events/share/{code} (organiser): the invite's QR image URL. */
export function getShareQrCode(code: string) {
  return call('GET /api/events/share/:code', { params: { code } });
}

/** Whether a file URL lives on another host (a cloud storage bucket) than the API. */
export function isCloudStorageUrl(url: string, apiOrigin: string = window.location.origin): boolean {
  if (!/^https?:/i.test(url)) return false;
  const base = http.defaults.baseURL && /^https?:/i.test(http.defaults.baseURL) ? new URL(http.defaults.baseURL).origin : apiOrigin;
  return new URL(url).origin !== base;
}

/**
 * The bytes of a QR image (spec §4 share dialog): through the file-download call when the QR lives on
 * a cloud storage host, otherwise fetched directly.
 */
export function fetchQrCodeImage(qrcodeUrl: string) {
  if (isCloudStorageUrl(qrcodeUrl)) {
    const path = new URL(qrcodeUrl).pathname;
    return request<Blob>({ method: 'GET', url: '/api/files/download', params: { path }, responseType: 'blob' });
  }
  return request<Blob>({ method: 'GET', url: qrcodeUrl, responseType: 'blob' });
}

export type { QrCodeResponse };
