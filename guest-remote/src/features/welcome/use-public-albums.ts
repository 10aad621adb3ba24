import { useEffect, useState } from 'react';
import { listAlbums, type Album } from '@momentos/api-client';

/** Waits before asking again after an answer that is not 200 (the list stays loading meanwhile). */
export const RETRY_DELAYS_MS = [2000, 4000, 8000, 15000];

/**
 * The event's public albums (spec §2 step 2). The list needs a 200: until one arrives the screen stays
 * loading, asking again with growing pauses (a guest on a weak network never sees a false 'empty').
 */
export function usePublicAlbums(eventId: string, enabled: boolean): Album[] | null {
  const [albums, setAlbums] = useState<Album[] | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (attempt: number) => {
      void listAlbums(eventId).then((result) => {
        if (!current) return;
        if (result.status === 200 && Array.isArray(result.data)) setAlbums(result.data.filter((album) => album.is_public));
        else timer = setTimeout(() => load(attempt + 1), RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]);
      });
    };
    setAlbums(null);
    load(0);
    return () => {
      current = false;
      if (timer) clearTimeout(timer);
    };
  }, [eventId, enabled]);
  return albums;
}
