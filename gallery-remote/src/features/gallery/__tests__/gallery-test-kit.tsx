import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { albumRealtime } from '@momentos/api-client';
import type { ApiResult, PhotoItem, RealtimeListener } from '@momentos/api-client';
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

export const ok = <T,>(data: T): ApiResult<T> => ({ status: 200, data });

/**
 * Test files call this at the top (jest hoists it):
 * jest.mock('@momentos/api-client', () => require('./gallery-test-kit').apiClientMock());
 */
export function apiClientMock() {
  return {
    ...jest.requireActual('@momentos/api-client'),
    listAlbumPhotos: jest.fn(),
    getPhotoUpdates: jest.fn(),
    listAlbumUploaders: jest.fn(),
    findSharedEventId: jest.fn(),
  };
}

export interface ApiMocks {
  list: jest.Mock;
  updates: jest.Mock;
  users: jest.Mock;
  sharedEvent: jest.Mock;
  subscribe: jest.SpyInstance;
  /** Delivers a realtime message to the gallery's subscription. */
  emit: (message: { type: string; payload: unknown }) => void;
}

export function mockApi(photos: PhotoItem[] = []): ApiMocks {
  let listener: RealtimeListener | null = null;
  const api = jest.requireMock<Record<string, jest.Mock>>('@momentos/api-client');
  const mocks = {
    list: api.listAlbumPhotos.mockResolvedValue(ok(photos)),
    updates: api.getPhotoUpdates.mockResolvedValue(ok([])),
    users: api.listAlbumUploaders.mockResolvedValue(ok([])),
    sharedEvent: api.findSharedEventId.mockResolvedValue('ev1'),
    subscribe: jest.spyOn(albumRealtime, 'subscribe').mockImplementation((_albumId, next) => {
      listener = next;
      return () => {
        listener = null;
      };
    }),
    emit: (message: { type: string; payload: unknown }) => listener?.(message),
  };
  return mocks;
}

export function renderGallery(albumId = 'a1') {
  return render(
    <MemoryRouter initialEntries={[`/events/share/albums/${albumId}`]}>
      <Routes>
        <Route path="/events/share/albums/:id" element={<GalleryPage />} />
        <Route path="/events/share/:id" element={<h1>Álbuns de Fotos</h1>} />
        <Route path="/events/upload/:id" element={<h1>Registrar momento</h1>} />
      </Routes>
      <ToastHost />
    </MemoryRouter>,
  );
}
