import { http } from '../http/http-client';
import { findSharedEventId, getPhotoUpdates, listAlbumPhotos, listAlbumUploaders, photoDownloadUrl, photoFileUrl } from '../calls/photos';

const adapter = jest.fn();
beforeEach(() => {
  http.defaults.adapter = adapter;
  http.defaults.baseURL = '';
  localStorage.clear();
});

const answer = (status: number, data: unknown) => (config: { url?: string; params?: unknown }) =>
  Promise.resolve({ status, data, headers: {}, config, statusText: '' });

describe('photo calls', () => {
  it('lists an album with the optional user_id filter', async () => {
    adapter.mockImplementation(answer(200, [{ id: 'p1' }]));
    const result = await listAlbumPhotos('al 1', 'Ana');
    expect(result).toMatchObject({ status: 200, data: [{ id: 'p1' }] });
    expect(adapter.mock.calls[0][0]).toMatchObject({ url: '/api/events/photos/al%201', params: { user_id: 'Ana' } });
    await listAlbumPhotos('al1');
    expect(adapter.mock.calls[1][0].params).toBeUndefined();
  });

  it('asks for updates with comma-joined ids, and for the uploaders', async () => {
    adapter.mockImplementation(answer(200, []));
    await getPhotoUpdates('al1', ['a', 'b']);
    expect(adapter.mock.calls[0][0]).toMatchObject({ url: '/api/events/photos/updates/al1', params: { ids: 'a,b' } });
    await listAlbumUploaders('al1');
    expect(adapter.mock.calls[1][0]).toMatchObject({ url: '/api/events/photos/users/al1' });
  });

  it('builds file and download URLs against the API origin', () => {
    expect(photoFileUrl('/api/files?path=a/b.jpg')).toBe('/api/files?path=a/b.jpg');
    expect(photoDownloadUrl('/api/files?path=a/b.jpg')).toBe('/api/files/download?path=%2Fapi%2Ffiles%3Fpath%3Da%2Fb.jpg');
    http.defaults.baseURL = 'https://api.example.com/';
    expect(photoFileUrl('/api/files?path=x')).toBe('https://api.example.com/api/files?path=x');
    expect(photoFileUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
  });

  it('finds the shared event from the stored invite code', async () => {
    expect(await findSharedEventId()).toBeNull();
    localStorage.setItem('shared', 'CODE1');
    adapter.mockImplementation(answer(200, [{ id: 'ev1', name: 'Casamento' }]));
    expect(await findSharedEventId()).toBe('ev1');
    expect(adapter.mock.calls[0][0]).toMatchObject({ url: '/api/invite/search', params: { code: 'CODE1' } });
  });
});
