import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, isPinRefusal, listAlbums, type Album, type ApiError } from '@momentos/api-client';

export interface UploadAlbums {
  loading: boolean;
  /** The event's albums open for upload (DESIGN.md §3: the 'Álbum' control chooses among them). */
  albums: Album[];
  /** Issue 22: the event asks for its PIN (none on this device, a wrong or changed one): the server's words. */
  pinRefusal: string | null;
  reload: () => Promise<unknown>;
}

/** The event's albums a guest can send to; a failed load leaves none. */
export function useUploadAlbums(eventId: string): UploadAlbums {
  const { data, error, isLoading, mutate } = useSWR(apiKeys.albums(eventId), () => dataOf(listAlbums(eventId)), { shouldRetryOnError: false });
  const albums = useMemo(() => data?.filter((album) => album.is_available) ?? [], [data]);
  const pinRefusal = isPinRefusal(error as ApiError | undefined) ? (error as ApiError).message : null;
  return { loading: isLoading, albums, pinRefusal, reload: () => mutate() };
}
