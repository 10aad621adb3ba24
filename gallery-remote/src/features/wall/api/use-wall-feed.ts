import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { AlbumRealtimeClient, awaitingRenditions, dataOf, getPhotoUpdates, listPublicPhotos, type PhotoItem } from '@momentos/api-client';
import { advance, back, emptyPlaylist, withoutPhotos, withPhotos, type Playlist } from '../wall-playlist';

type Action =
  | { type: 'loaded'; photos: PhotoItem[]; first: boolean }
  | { type: 'removed'; ids: string[] }
  | { type: 'next' }
  | { type: 'previous' };

function reduce(playlist: Playlist, action: Action): Playlist {
  switch (action.type) {
    case 'loaded': {
      const next = withPhotos(playlist, action.photos, action.first);
      // A new photo goes on screen now (within 2 s of being stored), not after the current slide.
      const arrived = next.arrivals.some((id) => !playlist.arrivals.includes(id));
      return next.current && !arrived ? next : advance(next);
    }
    case 'removed': {
      const next = withoutPhotos(playlist, action.ids);
      return next.current ? next : advance(next);
    }
    case 'next':
      return advance(playlist);
    case 'previous':
      return back(playlist);
  }
}

/**
 * The wall's own socket client: it runs for hours, so it never gives up reconnecting (the gallery's
 * 5 tries are the spec's, for the gallery), backing off up to 30 s between tries.
 */
const wallRealtime = new AlbumRealtimeClient({
  maxReconnectAttempts: Number.POSITIVE_INFINITY,
  reconnectDelayMs: (attempt) => Math.min(30_000, 1000 * 2 ** Math.min(attempt - 1, 5)),
});

/** How often photos announced while still being processed are asked about, until their renditions exist. */
const PROCESSING_CHECK_MS = 500;

export interface WallFeed {
  playlist: Playlist;
  loaded: boolean;
  connected: boolean;
  /** Why guests (and so the wall) may not see the photos now, or null. */
  closed: string | null;
  next: () => void;
  previous: () => void;
}

/**
 * The event's public photos for the wall, kept current by the websocket: an announced photo is put
 * ahead of the ring as soon as its screen rendition exists (asked about every half second while it is
 * being made, and only then), a hidden or deleted one leaves at once, and every reconnection reloads
 * the list to catch up on what was missed.
 */
export function useWallFeed(eventId: string): WallFeed {
  const [playlist, dispatch] = useReducer(reduce, emptyPlaylist);
  const [loaded, setLoaded] = useState(false);
  const [connected, setConnected] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const processing = useRef(new Set<string>());
  /** Which of them are videos: those are done when their rendition exists (or failed), not with their poster. */
  const videos = useRef(new Set<string>());
  const loadedOnce = useRef(false);
  /** Counts `photos_removed` messages: a list asked for before one may still hold the removed photo. */
  const removals = useRef(0);

  const reload = useCallback(async () => {
    let answer: Awaited<ReturnType<typeof listPublicPhotos>>;
    for (;;) {
      const before = removals.current;
      answer = await listPublicPhotos(eventId);
      // A photo hidden while this list was on its way would come back with it: ask again.
      if (removals.current === before) break;
    }
    // A gallery closed to guests (issue 12) is closed on the wall too: it says why.
    setClosed(!answer.ok && answer.status === 403 ? answer.message : null);
    if (!answer.ok) return;
    const photos = answer.data;
    dispatch({ type: 'loaded', photos, first: !loadedOnce.current });
    loadedOnce.current = true;
    setLoaded(true);
    // Issue 25: a video goes on the wall once its playback rendition exists (asked about like a thumbnail).
    for (const photo of photos) {
      if (photo.file_type === 'video') videos.current.add(photo.id);
      if (awaitingRenditions(photo)) processing.current.add(photo.id);
    }
  }, [eventId]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async () => {
      const ids = [...processing.current];
      if (ids.length > 0) {
        const updates = await dataOf(getPhotoUpdates(eventId, ids)).catch(() => null);
        const done =
          updates?.filter((update) => !update.processing && (!videos.current.has(update.id) || update.playback_video !== null || Boolean(update.playback_error))) ?? [];
        // Gone from the answer (hidden, deleted) or finished: stop asking.
        const answered = new Set(updates?.map((update) => update.id) ?? ids);
        for (const id of ids) if (!answered.has(id)) processing.current.delete(id);
        if (done.length > 0) {
          done.forEach((update) => processing.current.delete(update.id));
          await reload();
        }
      }
      if (!stopped) timer = setTimeout(() => void check(), PROCESSING_CHECK_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [eventId, reload]);

  useEffect(() => {
    const unsubscribe = wallRealtime.subscribe(
      eventId,
      (message) => {
        if (message.type === 'photos_removed') {
          const ids = (message.payload as { ids?: unknown } | null)?.ids;
          removals.current++;
          if (Array.isArray(ids)) dispatch({ type: 'removed', ids: ids.map(String) });
          return;
        }
        if (message.type === 'new_photos') {
          const photos = (message.payload as { photos?: PhotoItem[] } | null)?.photos ?? [];
          photos.forEach((photo) => {
            processing.current.add(photo.id);
            if (photo.file_type === 'video') videos.current.add(photo.id);
          });
          void reload();
        }
      },
      {
        onOpen: () => {
          setConnected(true);
          void reload();
        },
      },
    );
    const watchClose = setInterval(() => setConnected(wallRealtime.isOpen(eventId)), 2000);
    return () => {
      clearInterval(watchClose);
      unsubscribe();
    };
  }, [eventId, reload]);

  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const previous = useCallback(() => dispatch({ type: 'previous' }), []);
  return { playlist, loaded, connected, closed, next, previous };
}
