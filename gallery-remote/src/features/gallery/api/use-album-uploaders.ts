import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, listAlbumUploaders, type ApiError } from '@momentos/api-client';

/** Who sent photos to the album, asked while the filter is open; `null` until known, none on a failure. */
export function useAlbumUploaders(albumId: string, open: boolean): string[] | null {
  const { data, error } = useSWR(open ? apiKeys.albumUploaders(albumId) : null, () => dataOf(listAlbumUploaders(albumId)), {
    shouldRetryOnError: false,
    onError: (failure: ApiError) => console.warn('Gallery: the uploader list answered', failure.status, failure.message),
  });
  return useMemo(() => {
    if (data) return Array.from(new Set(data.map((item) => item.user_id).filter(Boolean)));
    return error ? [] : null;
  }, [data, error]);
}
