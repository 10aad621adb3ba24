import { render } from '@testing-library/react';
import { createMemoryAppRouter } from '@momentos/design-kit/router';
import { albumRealtime } from '@momentos/api-client';
import type { EventItem, PhotoItem, RealtimeListener } from '@momentos/api-client';
import { fakeApi, FreshDataCache, type FakeApi, type RecordedRequest } from '@momentos/api-client/testing';
import { ToastHost } from '@momentos/design-kit';
import GalleryPage from '../gallery-page';

export function photo(id: string, overrides: Partial<PhotoItem> = {}): PhotoItem {
  return {
    id,
    original_photo: `/api/files?path=albums/a1/${id}.jpg`,
    compressed_photo: `/api/files?path=albums/a1/thumbs/${id}.webp`,
    user_id: 'Ana',
    processing: false,
    error: false,
    file_type: 'image',
    created_at: '2025-01-01T10:00:00Z',
    ...overrides,
  };
}

/** The event of album a1, found again through the invite code the guest came with. */
const party: EventItem = { id: 'ev1', code: 'CODE42', name: 'Festa', date: '2030-01-01 20:00', location: 'Recife', contact: 'a@b.c', image: null };

export interface GalleryApi {
  /** The fake API: change `api.data.photos.a1` to change what the server answers next. */
  api: FakeApi;
  /** The photo-list requests of album a1, in order. */
  list: () => RecordedRequest[];
  /** The /updates requests of album a1, in order. */
  updates: () => RecordedRequest[];
  subscribe: jest.SpyInstance;
  /** Delivers a realtime message to the gallery's subscription. */
  emit: (message: { type: string; payload: unknown }) => void;
}

/** Album a1 holds `photos` on the fake API; the realtime connection is replaced by `emit`. */
export function galleryApi(photos: PhotoItem[] = []): GalleryApi {
  localStorage.setItem('shared', party.code);
  const api = fakeApi({ events: [party], photos: { a1: photos } });
  let listener: RealtimeListener | null = null;
  return {
    api,
    list: () => api.calls('GET', '/api/events/photos/a1'),
    updates: () => api.calls('GET', '/api/events/photos/updates/a1'),
    subscribe: jest.spyOn(albumRealtime, 'subscribe').mockImplementation((_albumId, next) => {
      listener = next;
      return () => {
        listener = null;
      };
    }),
    emit: (message) => listener?.(message),
  };
}

export function renderGallery(albumId = 'a1') {
  return render(
    <FreshDataCache>
      {
        createMemoryAppRouter(
          [
            { path: '/events/share/albums/:id', element: <GalleryPage /> },
            { path: '/events/share/:id', element: <h1>Álbuns de Fotos</h1> },
            { path: '/events/upload/:id', element: <h1>Registrar momento</h1> },
          ],
          `/events/share/albums/${albumId}`,
        ).element
      }
      <ToastHost />
    </FreshDataCache>,
  );
}
