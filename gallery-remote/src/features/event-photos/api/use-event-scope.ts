import useSWR from 'swr';
import { apiKeys, dataOf, getEvent, listAlbums, type Album, type ApiError } from '@momentos/api-client';

export interface EventScope {
  eventName: string | null;
  albums: Album[];
}

const warn = (what: string) => (failure: ApiError) => console.warn(`Event photos: ${what} answered`, failure.status, failure.message);

/** The event's name and all its albums, private ones included (the owner's view). */
export function useEventScope(eventId: string): EventScope {
  const event = useSWR(apiKeys.event(eventId), () => dataOf(getEvent(eventId)), { shouldRetryOnError: false, onError: warn('the event') });
  const albums = useSWR(apiKeys.albums(eventId), () => dataOf(listAlbums(eventId)), { shouldRetryOnError: false, onError: warn('the album list') });
  return { eventName: event.data?.[0]?.name ?? null, albums: albums.data ?? [] };
}
