import { useEffect, useState } from 'react';
import { listAlbums, type Album } from '@momentos/api-client';

export interface UploadAlbums {
  loading: boolean;
  /** The event's albums open for upload (DESIGN.md §3: the 'Álbum' control chooses among them). */
  albums: Album[];
}

/** The event's albums a guest can send to. */
export function useUploadAlbums(eventId: string): UploadAlbums {
  const [state, setState] = useState<UploadAlbums>({ loading: true, albums: [] });
  useEffect(() => {
    let current = true;
    setState({ loading: true, albums: [] });
    void listAlbums(eventId).then((result) => {
      if (!current) return;
      const albums = result.status === 200 && Array.isArray(result.data) ? result.data.filter((album) => album.is_available) : [];
      setState({ loading: false, albums });
    });
    return () => {
      current = false;
    };
  }, [eventId]);
  return state;
}

/** The album preselected for an upload: the one the guest came from, when it is open for upload. */
export function preselectAlbum(albums: Album[], cameFrom: string | null): string | null {
  if (cameFrom && albums.some((album) => album.id === cameFrom)) return cameFrom;
  return albums[0]?.id ?? null;
}
