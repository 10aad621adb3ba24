import { http as client } from '../http/http-client';
import { getPhotoUpdates, listAlbumPhotos, listAlbumUploaders, photoDownloadUrl, photoFileUrl, type PhotoItem } from '../calls/photos';
import { fakeApi } from '../testing';

const photo = (id: string, user_id: string, processing = false): PhotoItem => ({
  id,
  original_photo: `/api/files?path=albums/al1/${id}.jpg`,
  compressed_photo: processing ? null : `/api/files?path=albums/al1/thumbs/${id}.webp`,
  user_id,
  processing,
  error: false,
  file_type: 'image',
  created_at: '2025-01-01T10:00:00.000Z',
});

afterEach(() => {
  client.defaults.baseURL = '';
});

describe('photo calls', () => {
  it('lists an album with the optional user_id filter', async () => {
    const api = fakeApi({ photos: { 'al 1': [photo('p1', 'Ana'), photo('p2', 'Bia')] } });
    expect(await listAlbumPhotos('al 1', 'Ana')).toMatchObject({ ok: true, status: 200, data: [{ id: 'p1' }] });
    expect(api.requests[0].path).toBe('/api/events/photos/al%201');
    expect(api.requests[0].query.get('user_id')).toBe('Ana');
    expect(await listAlbumPhotos('al 1')).toMatchObject({ ok: true, data: [{ id: 'p1' }, { id: 'p2' }] });
    expect(api.requests[1].query.has('user_id')).toBe(false);
  });

  it('asks for updates with comma-joined ids, and for the uploaders', async () => {
    const api = fakeApi({ photos: { al1: [photo('a', 'Ana', true), photo('b', 'Ana'), photo('c', 'Caio')] } });
    expect(await getPhotoUpdates('al1', ['a', 'b'])).toMatchObject({ ok: true, data: [{ id: 'a', processing: true }, { id: 'b', processing: false }] });
    expect(api.requests[0]).toMatchObject({ path: '/api/events/photos/updates/al1' });
    expect(api.requests[0].query.get('ids')).toBe('a,b');
    expect(await listAlbumUploaders('al1')).toMatchObject({ ok: true, data: [{ user_id: 'Ana' }, { user_id: 'Caio' }] });
    expect(api.requests[1].path).toBe('/api/events/photos/users/al1');
  });

  it('builds file and download URLs against the API origin', () => {
    expect(photoFileUrl('/api/files?path=a/b.jpg')).toBe('/api/files?path=a/b.jpg');
    expect(photoDownloadUrl('/api/files?path=a/b.jpg')).toBe('/api/files/download?path=%2Fapi%2Ffiles%3Fpath%3Da%2Fb.jpg');
    client.defaults.baseURL = 'https://api.example.com/';
    expect(photoFileUrl('/api/files?path=x')).toBe('https://api.example.com/api/files?path=x');
    expect(photoFileUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });
});
