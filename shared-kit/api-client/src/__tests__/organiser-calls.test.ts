import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '../http/http-client';
import { login } from '../calls/auth';
import { createEvent, deleteEvent, getEvent, listEvents, resolveApiUrl, updateEvent } from '../calls/events';
import { createAlbum, deleteAlbum, listAlbums, updateAlbum } from '../calls/albums';
import { fetchQrCodeImage, getShareQrCode, isCloudStorageUrl, searchEventByCode } from '../calls/invite';

let sent: InternalAxiosRequestConfig[] = [];
function respond(status: number, data: unknown, headers: Record<string, string> = {}): AxiosAdapter {
  return async (config) => {
    sent.push(config);
    const response = { status, statusText: String(status), data, headers, config };
    if (status >= 200 && status < 300) return response;
    const { AxiosError } = await import('axios');
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
  };
}

describe('organiser calls (spec §7)', () => {
  const original = http.defaults.adapter;
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    http.defaults.adapter = original;
    http.defaults.baseURL = '';
  });

  it('login reads the token from the authentication response header', async () => {
    http.defaults.adapter = respond(200, { status: 200, message: 'ok' }, { authentication: 'tok.en.x' });
    const result = await login({ email: 'a@b.c', password: 'x' });
    expect(result.token).toBe('tok.en.x');
    expect(sent[0].method).toBe('post');
    expect(sent[0].url).toBe('/api/auth');
    expect(JSON.parse(sent[0].data as string)).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('login gives no token on 401', async () => {
    http.defaults.adapter = respond(401, { status: 401, message: 'Credenciais inválidas' });
    const result = await login({ email: 'a@b.c', password: 'x' });
    expect(result).toMatchObject({ status: 401, token: null });
  });

  it('event calls use the spec paths and multipart for the form', async () => {
    http.defaults.adapter = respond(200, []);
    await listEvents();
    await getEvent('e 1');
    const image = new Blob(['x'], { type: 'image/png' });
    await createEvent({ name: 'N', date: '2030-01-02 10:00', location: 'L', contact: 'c@d.e', image });
    await updateEvent('e1', { name: 'N', date: '2030-01-02 10:00', location: 'L', contact: 'c@d.e' });
    await deleteEvent('e1');
    expect(sent.map((c) => `${c.method} ${c.url}`)).toEqual([
      'get /api/events',
      'get /api/events/e%201',
      'post /api/events',
      'put /api/events/e1',
      'delete /api/events/e1',
    ]);
    const created = sent[2].data as FormData;
    expect(created).toBeInstanceOf(FormData);
    expect(created.get('date')).toBe('2030-01-02 10:00');
    expect(created.get('image')).toBeTruthy();
    expect((sent[3].data as FormData).get('image')).toBeNull();
  });

  it('update answers empty data on success', async () => {
    http.defaults.adapter = respond(200, { id: 'e1' });
    const result = await updateEvent('e1', { name: 'N', date: '2030-01-02 10:00', location: 'L', contact: 'c@d.e' });
    expect(result).toMatchObject({ status: 200, data: null });
  });

  it('album calls send name, description and both flags', async () => {
    http.defaults.adapter = respond(201, {});
    const body = { name: 'A', description: 'D', is_public: true, is_available: false };
    await listAlbums('e1');
    await createAlbum('e1', body);
    await updateAlbum('a1', body);
    await deleteAlbum('a1');
    expect(sent.map((c) => `${c.method} ${c.url}`)).toEqual([
      'get /api/albums/e1',
      'post /api/albums/e1',
      'put /api/albums/a1',
      'delete /api/albums/a1',
    ]);
    expect(JSON.parse(sent[1].data as string)).toEqual(body);
  });

  it('invite calls: search by code, QR of the share dialog', async () => {
    http.defaults.adapter = respond(200, []);
    await searchEventByCode('ABC');
    await getShareQrCode('ABC');
    expect(sent[0]).toMatchObject({ url: '/api/invite/search', params: { code: 'ABC' } });
    expect(sent[1].url).toBe('/api/events/share/ABC');
  });

  it('fetches a local QR directly and a cloud-hosted one through the download call', async () => {
    http.defaults.adapter = respond(200, new Blob(['png']));
    await fetchQrCodeImage('/api/files?path=events/e1/qr.png');
    await fetchQrCodeImage('https://bucket.example.com/events/e1/qr.png');
    expect(sent[0]).toMatchObject({ url: '/api/files?path=events/e1/qr.png', responseType: 'blob' });
    expect(sent[1]).toMatchObject({ url: '/api/files/download', params: { path: '/events/e1/qr.png' } });
    expect(isCloudStorageUrl('/api/files?path=x')).toBe(false);
  });

  it('resolves file URLs against the API host', () => {
    expect(resolveApiUrl('/api/files?path=a.png')).toBe('/api/files?path=a.png');
    http.defaults.baseURL = 'https://api.example.com/';
    expect(resolveApiUrl('/api/files?path=a.png')).toBe('https://api.example.com/api/files?path=a.png');
    expect(resolveApiUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});
