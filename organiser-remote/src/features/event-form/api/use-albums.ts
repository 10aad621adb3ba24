import { useCallback } from 'react';
import useSWR from 'swr';
import { apiKeys, createAlbum, dataOf, deleteAlbum, listAlbums, updateAlbum, type Album, type AlbumInput } from '@momentos/api-client';

/** The event's albums: `null` while the first answer is awaited; a failure shows an empty list. */
export function useAlbums(eventId: string) {
  const { data, error, mutate } = useSWR(apiKeys.albums(eventId), () => dataOf(listAlbums(eventId)), { shouldRetryOnError: false });
  const albums: Album[] | null = data ?? (error ? [] : null);

  /** Create (no album), update or delete; once answered, the list is asked again before resolving. */
  const save = useCallback(
    async (album: Album | null, input: AlbumInput) => {
      const result = album ? await updateAlbum(album.id, input) : await createAlbum(eventId, input);
      await mutate();
      return result;
    },
    [eventId, mutate],
  );
  const remove = useCallback(
    async (album: Album) => {
      const result = await deleteAlbum(album.id);
      await mutate();
      return result;
    },
    [mutate],
  );

  return { albums, save, remove };
}
