import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { apiKeys, askAgainIfNotLoaded, dataOf, isPinRefusal, listAlbumPhotos, useRevalidateAfterLoad, type ApiError, type PhotoItem, type PhotoOrder } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';
import { texts } from '../../../texts';

export interface GalleryPhotos {
  photos: PhotoItem[];
  /** True only until the first answer: later loads (a filter, a refresh) keep the list shown. */
  loading: boolean;
  /** The uploader filter (`user_id`), `null` for 'Todos'. */
  uploader: string | null;
  /** Counts the loads that replaced the list (each starts the live feed's polling schedule again, while its socket is down). */
  loads: number;
  reload: () => Promise<void>;
  setUploader: (uploader: string | null) => void;
  /** Takes photos out of the list at once (deleted or hidden: `photos_removed`). */
  dropPhotos: (ids: string[]) => void;
  /** Issue 12: why the gallery is closed to this guest ('Só envio', or before 'Revelar em'), or null. */
  closed: string | null;
  /** Issue 22: the event asks for its PIN (none on this device, a wrong or changed one): the server's words. */
  pinRefusal: string | null;
  /** Issue 25: 'Mais recentes' (recent) or 'Ordem das fotos' (taken). */
  order: PhotoOrder;
  setOrder: (order: PhotoOrder) => void;
}

const noPhotos: PhotoItem[] = [];

/** Spec §8: no answer or a server error toasts; another failure (an unknown album) is only logged. */
function reportLoadError(error: ApiError) {
  if (error.status === 403 || isPinRefusal(error)) return; // a closed gallery or a PIN to type: the page says so
  if (error.status >= 500) {
    console.error('Gallery: loading the photos failed', error.status, error.message);
    notify.error(texts.loadError);
  } else {
    console.warn('Gallery: the photo list answered', error.status, error.message);
  }
}

/**
 * The album's photos (spec §7 GET /api/events/photos/{albumId}?user_id=), newest first. `painted`: the
 * first photos the server painted the page with (issue 13), shown until the whole list has arrived.
 */
export function useGalleryPhotos(albumId: string, painted?: PhotoItem[]): GalleryPhotos {
  const [uploader, setUploader] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const [order, setOrder] = useState<PhotoOrder>('recent');
  const { data, error, isLoading, mutate } = useSWR(apiKeys.albumPhotos(albumId, uploader, order), () => dataOf(listAlbumPhotos(albumId, uploader, order)), {
    fallbackData: uploader === null && order === 'recent' ? painted : undefined,
    keepPreviousData: true,
    shouldRetryOnError: false,
    onSuccess: () => setLoads((count) => count + 1),
    onError: reportLoadError,
  });

  // The live socket's first open asks for the list again: after the first answer, not instead of it.
  const reload = useRevalidateAfterLoad(isLoading, mutate);

  const dropPhotos = useCallback(
    (ids: string[]) => {
      const gone = new Set(ids);
      void mutate((current) => current?.filter((photo) => !gone.has(photo.id)), askAgainIfNotLoaded);
    },
    [mutate],
  );

  const failure = error as ApiError | undefined;
  const pinRefusal = isPinRefusal(failure) ? failure!.message : null;
  const closed = failure?.status === 403 && !pinRefusal ? failure.message : null;
  return { photos: data ?? noPhotos, loading: data === undefined && error === undefined, uploader, loads, reload, setUploader, dropPhotos, closed, pinRefusal, order, setOrder };
}
