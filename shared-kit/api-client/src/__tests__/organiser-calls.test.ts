import { http as client } from '../http/http-client';
import { login, logout } from '../calls/auth';
import { createEvent, deleteEvent, getEvent, listEvents, resolveApiUrl, updateEvent } from '../calls/events';
import { createAlbum, deleteAlbum, listAlbums, updateAlbum } from '../calls/albums';
import { fetchQrCodeImage, getShareQrCode, isCloudStorageUrl, searchEventByCode } from '../calls/invite';
import { apiServer, fakeApi, http, HttpResponse } from '../testing';
import type { EventItem } from '../calls/types';

const event: EventItem = { id: 'e1', code: 'ABC', name: 'Festa', date: '2030-01-02 10:00', location: 'L', contact: 'c@d.e', image: null };
const organiser = { email: 'a@b.c', password: 'x', token: 'tok.en.x' };
const form = { name: 'N', date: '2030-01-02 10:00', location: 'L', contact: 'c@d.e' };

afterEach(() => {
  client.defaults.baseURL = '';
});

describe('organiser calls (spec §7)', () => {
  it('login reads the token from the authentication response header', async () => {
    const api = fakeApi({ organiser });
    const result = await login({ email: 'a@b.c', password: 'x' });
    expect(result).toMatchObject({ ok: true, status: 200, data: { token: 'tok.en.x' } });
    expect(api.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /api/auth']);
    expect(await api.requests[0].request.json()).toEqual({ email: 'a@b.c', password: 'x' });
  });

  it('login fails with the server message on 401', async () => {
    fakeApi({ organiser });
    const result = await login({ email: 'a@b.c', password: 'errada' });
    expect(result).toEqual({ ok: false, status: 401, message: 'Por favor, verifique se o e-mail e/ou senha estão corretos.' });
  });

  it('login fails when a 200 carries no credential', async () => {
    apiServer.use(http.post('/api/auth', () => HttpResponse.json({ status: 200, message: 'ok' })));
    await expect(login({ email: 'a@b.c', password: 'x' })).resolves.toMatchObject({ ok: false, status: 200 });
  });

  it('event calls use the spec paths and multipart for the form', async () => {
    const api = fakeApi({ events: [event] });
    expect(await listEvents()).toMatchObject({ ok: true, data: [event] });
    expect(await getEvent('e 1')).toMatchObject({ ok: false, status: 404 });
    const image = new Blob(['x'], { type: 'image/png' });
    const created = await createEvent({ ...form, image });
    expect(created).toMatchObject({ ok: true, status: 201, data: { name: 'N' } });
    await updateEvent('e1', form);
    await deleteEvent('e1');
    expect(api.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'GET /api/events',
      'GET /api/events/e%201',
      'POST /api/events',
      'PUT /api/events/e1',
      'DELETE /api/events/e1',
    ]);
    const sent = await api.requests[2].request.formData();
    expect(sent.get('date')).toBe('2030-01-02 10:00');
    expect(sent.get('image')).toBeInstanceOf(Blob);
    expect((await api.requests[3].request.formData()).get('image')).toBeNull();
    expect(api.data.events.map((item) => item.id)).toEqual([created.ok ? created.data.id : '']);
  });

  it('update answers empty data on success', async () => {
    fakeApi({ events: [event] });
    await expect(updateEvent('e1', form)).resolves.toMatchObject({ ok: true, status: 200, data: null });
  });

  it('album calls send name, description and both flags', async () => {
    const api = fakeApi({ events: [event] });
    const body = { name: 'A', description: 'D', is_public: true, is_available: false, requires_approval: false };
    await listAlbums('e1');
    const created = await createAlbum('e1', body);
    const albumId = created.ok ? created.data.id : '';
    await updateAlbum(albumId, { ...body, name: 'B' });
    expect(await listAlbums('e1')).toMatchObject({ ok: true, data: [{ id: albumId, album_name: 'B', album_description: 'D', is_public: true, is_available: false }] });
    await deleteAlbum(albumId);
    expect(api.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
      'GET /api/albums/e1',
      'POST /api/albums/e1',
      `PUT /api/albums/${albumId}`,
      'GET /api/albums/e1',
      `DELETE /api/albums/${albumId}`,
    ]);
    expect(await api.requests[1].request.json()).toEqual(body);
  });

  it('invite calls: search by code, QR of the share dialog', async () => {
    const api = fakeApi({ events: [event] });
    expect(await searchEventByCode('abc')).toMatchObject({ ok: true, data: [{ id: 'e1', name: 'Festa' }] });
    expect(await getShareQrCode('ABC')).toMatchObject({ ok: true, data: { qrcode: '/api/files?path=events/e1/qrcode.png' } });
    expect(api.requests[0].query.get('code')).toBe('abc');
    expect(api.requests[1].path).toBe('/api/events/share/ABC');
  });

  it('fetches a local QR directly and a cloud-hosted one through the download call', async () => {
    const api = fakeApi();
    const local = await fetchQrCodeImage('/api/files?path=events/e1/qr.png');
    expect(local.ok && local.data).toBeInstanceOf(Blob);
    await fetchQrCodeImage('https://bucket.example.com/events/e1/qr.png');
    expect(api.requests.map((entry) => `${entry.path}?${entry.query}`)).toEqual([
      '/api/files?path=events%2Fe1%2Fqr.png',
      '/api/files/download?path=%2Fevents%2Fe1%2Fqr.png',
    ]);
    expect(isCloudStorageUrl('/api/files?path=x')).toBe(false);
  });

  it('resolves file URLs against the API host', () => {
    expect(resolveApiUrl('/api/files?path=a.png')).toBe('/api/files?path=a.png');
    client.defaults.baseURL = 'https://api.example.com/';
    expect(resolveApiUrl('/api/files?path=a.png')).toBe('https://api.example.com/api/files?path=a.png');
    expect(resolveApiUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
  });
});

describe('logout (issue 23 item 2)', () => {
  it('posts to /api/auth/logout with the session it ends', async () => {
    const api = fakeApi({ organiser });
    expect(await logout('tok.en.x')).toMatchObject({ ok: true, status: 200 });
    expect(api.requests.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /api/auth/logout']);
    expect(api.requests[0].request.headers.get('authentication')).toBe('tok.en.x');
    expect(await logout(null)).toMatchObject({ ok: false, status: 401 });
  });
});
