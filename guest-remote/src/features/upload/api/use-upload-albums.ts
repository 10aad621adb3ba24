import { useMemo } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, listAlbums, type Album } from '@momentos/api-client';

export interface UploadAlbums {
  loading: boolean;
  /** The event's albums open for upload (DESIGN.md §3: the 'Álbum' control chooses among them). */
  albums: Album[];
}

/** The event's albums a guest can send to; a failed load leaves none. */
export function useUploadAlbums(eventId: string): UploadAlbums {
  const { data, isLoading } = useSWR(apiKeys.albums(eventId), () => dataOf(listAlbums(eventId)), { shouldRetryOnError: false });
  const albums = useMemo(() => data?.filter((album) => album.is_available) ?? [], [data]);
  return { loading: isLoading, albums };
}
