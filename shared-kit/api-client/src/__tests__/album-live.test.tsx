import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR from 'swr';
import type { PhotoItem } from '@momentos/api-contract';
import { listAlbumPhotos } from '../calls/photos';
import { dataOf } from '../fetching/api-error';
import { apiKeys } from '../fetching/api-keys';
import { compareIn, withNewPhotos, withoutPhotos, withUpdatedPhotos } from '../live/live-merge';
import { useAlbumLive, type AlbumLiveOptions } from '../live/use-album-live';
import { AlbumRealtimeClient, type SocketLike } from '../realtime/album-realtime';
import { fakeApi, FreshDataCache } from '../testing';

// Issue 24: the one live feed merges what the socket says into the cached lists, without asking for them again.

const photo = (id: string, overrides: Partial<PhotoItem> = {}): PhotoItem => ({
  id,
  original_photo: `/api/files?path=a1/${id}.jpg`,
  compressed_photo: `/api/files?path=a1/${id}-grid.webp`,
  display_photo: `/api/files?path=a1/${id}-display.webp`,
  user_id: 'Ana',
  processing: false,
  error: false,
  file_type: 'image',
  created_at: '2030-01-01T10:00:00Z',
  ...overrides,
});
const busy = (id: string, overrides: Partial<PhotoItem> = {}) => photo(id, { compressed_photo: null, display_photo: null, processing: true, ...overrides });
const ids = (list: readonly PhotoItem[] | undefined) => list?.map((item) => item.id);

describe('merging into a list', () => {
  const p1 = photo('p1', { created_at: '2030-01-01T10:00:00Z', taken_at: '2030-01-01T09:00:00Z' });
  const p2 = photo('p2', { created_at: '2030-01-01T11:00:00Z', user_id: 'Bia', taken_at: null });
  const list = [p2, p1];

  it('puts new photos in the order of the list, newest sent first or by capture time with unknown times last', () => {
    const p3 = photo('p3', { created_at: '2030-01-01T12:00:00Z', taken_at: '2030-01-01T08:00:00Z' });
    expect(ids(withNewPhotos(list, [p3]))).toEqual(['p3', 'p2', 'p1']);
    expect(ids(withNewPhotos([p1, p2], [p3], { uploader: null, order: 'taken' }))).toEqual(['p3', 'p1', 'p2']);
    expect([p2, p1, p3].sort(compareIn('taken')).map((item) => item.id)).toEqual(['p3', 'p1', 'p2']);
  });

  it("keeps a filtered list to its uploader's photos, replaces the ones it holds, and answers the same list when nothing changes", () => {
    const fromBia = photo('p4', { user_id: 'Bia', created_at: '2030-01-02T00:00:00Z' });
    expect(ids(withNewPhotos([p1], [fromBia], { uploader: 'Ana', order: 'recent' }))).toEqual(['p1']);
    expect(withNewPhotos([p1], [fromBia], { uploader: 'Ana', order: 'recent' })).toEqual([p1]);
    const renamed = { ...p1, compressed_photo: '/api/files?path=a1/p1-new.webp' };
    expect(withNewPhotos(list, [renamed])).toEqual([p2, renamed]);
    expect(withUpdatedPhotos(list, [photo('elsewhere')])).toBe(list);
    expect(withoutPhotos(list, ['nope'])).toBe(list);
    expect(ids(withoutPhotos(list, ['p2']))).toEqual(['p1']);
  });

  it('replaces an updated photo whole: a flag the server no longer says is gone', () => {
    const starred = { ...p1, favorite: true as const };
    const plain = { ...p1 };
    expect(withUpdatedPhotos([starred], [plain])[0]).not.toHaveProperty('favorite');
  });
});

class FakeSocket implements SocketLike {
  static created: FakeSocket[] = [];
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(public url: string) {
    FakeSocket.created.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  opens() {
    this.readyState = 1;
    act(() => this.onopen?.({}));
  }
  says(type: string, payload: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify({ type, payload }) }));
  }
  drops() {
    this.readyState = 3;
    act(() => this.onclose?.({ wasClean: false, code: 1006 }));
  }
}

const wrapper = ({ children }: { children: ReactNode }) => <FreshDataCache>{children}</FreshDataCache>;

/** The gallery's two lists of album a1 (everyone's, and Ana's) and the live feed over them. */
function renderFeed(options: Omit<AlbumLiveOptions, 'client' | 'photos'> = {}) {
  const client = new AlbumRealtimeClient({ createSocket: (url) => new FakeSocket(url), urlFor: (id) => `ws://test/${id}`, ticketFor: () => null, reconnectDelayMs: 60_000 });
  const view = renderHook(
    (props: Omit<AlbumLiveOptions, 'client' | 'photos'>) => {
      const all = useSWR(apiKeys.albumPhotos('a1', null), () => dataOf(listAlbumPhotos('a1')));
      const ana = useSWR(apiKeys.albumPhotos('a1', 'Ana'), () => dataOf(listAlbumPhotos('a1', 'Ana')));
      const live = useAlbumLive('a1', { ...props, client, photos: all.data ?? [] });
      return { all: all.data, ana: ana.data, live };
    },
    { wrapper, initialProps: options },
  );
  return { ...view, socket: () => FakeSocket.created.at(-1)! };
}

describe('useAlbumLive', () => {
  beforeEach(() => {
    FakeSocket.created = [];
  });

  it('merges new_photos, photos_updated and photos_removed into every cached list of the album, asking for no list and no /updates', async () => {
    const api = fakeApi({ photos: { a1: [photo('p2', { user_id: 'Bia', created_at: '2030-01-01T11:00:00Z' }), photo('p1')] } });
    const onNewPhotos = jest.fn();
    const { result, socket } = renderFeed({ onNewPhotos });
    await waitFor(() => expect(ids(result.current.ana)).toEqual(['p1']));
    socket().opens();
    expect(result.current.live.connected).toBe(true);
    const listed = api.calls('GET', '/api/events/photos/a1').length;

    const p3 = busy('p3', { created_at: '2030-01-01T12:00:00Z' });
    const p4 = busy('p4', { user_id: 'Bia', created_at: '2030-01-01T12:30:00Z' });
    socket().says('new_photos', { albumId: 'a1', photos: [p3, p4] });
    await waitFor(() => expect(ids(result.current.all)).toEqual(['p4', 'p3', 'p2', 'p1']));
    expect(ids(result.current.ana)).toEqual(['p3', 'p1']);
    expect(onNewPhotos).toHaveBeenCalledWith([p3, p4]);

    const made = photo('p3', { created_at: '2030-01-01T12:00:00Z' });
    socket().says('photos_updated', { albumId: 'a1', photos: [made] });
    await waitFor(() => expect(result.current.all?.[1]).toEqual(made));
    expect(result.current.ana?.[0]).toEqual(made);

    socket().says('photos_removed', { albumId: 'a1', ids: ['p1', 'p4'] });
    await waitFor(() => expect(ids(result.current.all)).toEqual(['p3', 'p2']));
    expect(ids(result.current.ana)).toEqual(['p3']);
    // Another album's messages are not this list's.
    socket().says('photos_removed', { albumId: 'a2', ids: ['p3'] });
    socket().says('new_photos', { albumId: 'a2', photos: [photo('x9', { created_at: '2031-01-01T00:00:00Z' })] });

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids(result.current.all)).toEqual(['p3', 'p2']);
    expect(api.calls('GET', '/api/events/photos/a1')).toHaveLength(listed);
    expect(api.calls('GET', '/api/events/photos/updates/a1')).toHaveLength(0);
  });

  it('what is heard while the list is still loading is not lost: the list is asked again and shows it', async () => {
    // SWR drops an answer when its cache entry was changed after the request left; a change to a list
    // not yet loaded used to stamp it so and leave the screen on no list (or on its painted one) for good.
    const client = new AlbumRealtimeClient({ createSocket: (url) => new FakeSocket(url), urlFor: (id) => `ws://test/${id}`, ticketFor: () => null, reconnectDelayMs: 60_000 });
    const made = photo('p1');
    const answers: Array<(list: PhotoItem[]) => void> = [];
    const { result } = renderHook(
      () => {
        const all = useSWR(apiKeys.albumPhotos('a1', null), () => new Promise<PhotoItem[]>((resolve) => answers.push(resolve)));
        const live = useAlbumLive('a1', { client, photos: all.data ?? [] });
        return { all: all.data, live };
      },
      { wrapper },
    );
    await waitFor(() => expect(answers).toHaveLength(1));
    FakeSocket.created.at(-1)!.opens();
    FakeSocket.created.at(-1)!.says('photos_updated', { albumId: 'a1', photos: [made] });
    // The first load read the list before the photo's copies were made.
    await act(async () => answers[0]([busy('p1')]));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]([made]));
    await waitFor(() => expect(result.current.all).toEqual([made]));
  });

  it('an update of a photo it did not list joins it: the owner hears a photo hidden from the guests leave, then come back marked', async () => {
    fakeApi({ photos: { a1: [photo('p1'), photo('p0', { created_at: '2029-01-01T00:00:00Z' })] } });
    const { result, socket } = renderFeed();
    await waitFor(() => expect(ids(result.current.all)).toEqual(['p1', 'p0']));
    socket().opens();
    socket().says('photos_removed', { albumId: 'a1', ids: ['p1'] });
    await waitFor(() => expect(ids(result.current.all)).toEqual(['p0']));
    socket().says('photos_updated', { albumId: 'a1', photos: [photo('p1', { hidden: true })] });
    await waitFor(() => expect(result.current.all).toEqual([photo('p1', { hidden: true }), photo('p0', { created_at: '2029-01-01T00:00:00Z' })]));
  });

  it('while a viewer is open new photos wait, kept current by their updates, until release', async () => {
    const api = fakeApi({ photos: { a1: [photo('p1')] } });
    const onNewPhotos = jest.fn();
    const { result, socket, rerender } = renderFeed({ holding: true, onNewPhotos });
    await waitFor(() => expect(ids(result.current.all)).toEqual(['p1']));
    socket().opens();
    socket().says('new_photos', { albumId: 'a1', photos: [busy('p2', { created_at: '2030-01-02T00:00:00Z' })] });
    expect(result.current.live.held).toBe(true);
    const made = photo('p2', { created_at: '2030-01-02T00:00:00Z' });
    socket().says('photos_updated', { albumId: 'a1', photos: [made] });
    expect(ids(result.current.all)).toEqual(['p1']);

    rerender({ holding: false, onNewPhotos });
    act(() => result.current.live.release());
    await waitFor(() => expect(result.current.all).toEqual([made, photo('p1')]));
    expect(result.current.live.held).toBe(false);
    expect(onNewPhotos).not.toHaveBeenCalled();
    expect(api.calls('GET', '/api/events/photos/a1')).toHaveLength(2);
  });

  it("an announcement without photos (a client's own, spec §3) asks the screen to load its list", async () => {
    fakeApi({ photos: { a1: [photo('p1')] } });
    const onAnnounced = jest.fn();
    const { result, socket } = renderFeed({ onAnnounced });
    await waitFor(() => expect(result.current.all).toBeDefined());
    socket().opens();
    socket().says('new_photos', { albumId: 'a1', photos: [] });
    expect(onAnnounced).toHaveBeenCalledWith({ released: false });
  });

  it('polls /updates only while the socket is down, and applies what it answers', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const api = fakeApi({ photos: { a1: [busy('p1')] } });
      const { result, socket } = renderFeed();
      await waitFor(() => expect(ids(result.current.all)).toEqual(['p1']));
      socket().opens();
      await act(async () => jest.advanceTimersByTime(10_000));
      expect(api.calls('GET', '/api/events/photos/updates/a1')).toHaveLength(0);

      socket().drops();
      expect(result.current.live.connected).toBe(false);
      api.data.photos.a1 = [photo('p1')];
      await act(async () => jest.advanceTimersByTime(2000));
      await waitFor(() => expect(api.calls('GET', '/api/events/photos/updates/a1')).toHaveLength(1));
      expect(api.calls('GET', '/api/events/photos/updates/a1')[0].query.get('ids')).toBe('p1');
      await waitFor(() => expect(result.current.all?.[0]).toMatchObject({ id: 'p1', processing: false, compressed_photo: '/api/files?path=a1/p1-grid.webp' }));
      await act(async () => jest.advanceTimersByTime(10_000));
      expect(api.calls('GET', '/api/events/photos/updates/a1')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
