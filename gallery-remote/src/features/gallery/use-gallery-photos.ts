import { useCallback, useEffect, useRef, useState } from 'react';
import { listAlbumPhotos, type PhotoItem, type PhotoUpdate } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';
import { texts } from '../../texts';
import { applyPhotoUpdates } from './live/polling-schedule';

export interface GalleryPhotos {
  photos: PhotoItem[];
  /** True only until the first answer: later reloads are silent. */
  loading: boolean;
  /** The uploader filter (`user_id`), `null` for 'Todos'. */
  uploader: string | null;
  /** Increases each time a load replaces the list (the polling restarts from attempt 1). */
  generation: number;
  reload: () => Promise<void>;
  setUploader: (uploader: string | null) => void;
  applyUpdates: (updates: PhotoUpdate[]) => void;
  /** The latest list, for callbacks that run outside React's render (polling). */
  current: () => PhotoItem[];
}

/**
 * The album's photos (spec §7 GET /api/events/photos/{albumId}?user_id=). A failure without an answer
 * or a server error toasts 'Erro ao carregar as fotos. Tente novamente.'; another non-200 (an unknown
 * album) is only logged (spec §8) and leaves the list empty.
 */
export function useGalleryPhotos(albumId: string): GalleryPhotos {
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [uploader, setUploaderState] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const latest = useRef<PhotoItem[]>([]);
  const uploaderRef = useRef<string | null>(null);
  const sequence = useRef(0);

  const load = useCallback(
    async (filter: string | null) => {
      const call = ++sequence.current;
      const result = await listAlbumPhotos(albumId, filter);
      if (call !== sequence.current) return;
      if (result.status === 200 && Array.isArray(result.data)) {
        latest.current = result.data;
        setPhotos(result.data);
        setGeneration((value) => value + 1);
      } else if (result.status >= 500) {
        console.error('Gallery: loading the photos failed', result.status, result.message);
        notify.error(texts.loadError);
      } else {
        console.warn('Gallery: the photo list answered', result.status, result.message);
      }
      setLoading(false);
    },
    [albumId],
  );

  useEffect(() => {
    latest.current = [];
    setPhotos([]);
    setLoading(true);
    void load(uploaderRef.current);
    return () => {
      sequence.current += 1;
    };
  }, [load]);

  const reload = useCallback(() => load(uploaderRef.current), [load]);
  const setUploader = useCallback(
    (value: string | null) => {
      uploaderRef.current = value;
      setUploaderState(value);
      void load(value);
    },
    [load],
  );
  const applyUpdates = useCallback((updates: PhotoUpdate[]) => {
    const next = applyPhotoUpdates(latest.current, updates);
    if (next === latest.current) return;
    latest.current = next;
    setPhotos(next);
  }, []);
  const current = useCallback(() => latest.current, []);

  return { photos, loading, uploader, generation, reload, setUploader, applyUpdates, current };
}
