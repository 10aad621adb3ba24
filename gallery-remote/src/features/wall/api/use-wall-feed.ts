import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { AlbumRealtimeClient, applyPhotoUpdates, listMessages, listPublicPhotos, useAlbumLive, withNewPhotos, withoutPhotos, type LiveTarget, type MessageItem, type PhotoItem, type RealtimeMessage } from '@momentos/api-client';
import {
  advancePhoto,
  advanceWall,
  backWall,
  initialWallState,
  withAnnouncedMessages,
  withMessages,
  withOptions,
  withoutMessages,
  withoutWallPhotos,
  withWallPhotos,
  type WallOptions,
  type WallState,
} from '../wall-sequence';

type Action =
  | { type: 'loaded'; photos: PhotoItem[]; first: boolean }
  | { type: 'removed'; ids: string[] }
  | { type: 'messages'; messages: MessageItem[]; first: boolean }
  | { type: 'announced'; messages: MessageItem[] }
  | { type: 'messagesRemoved'; ids: string[] }
  | { type: 'options'; options: WallOptions }
  | { type: 'next' }
  | { type: 'previous' };

/** Whether something is on screen (a photo, or a message between photos). */
const showing = (state: WallState) => state.message !== null || state.playlist.current !== null;

function reduce(state: WallState, action: Action): WallState {
  switch (action.type) {
    case 'loaded': {
      const next = withWallPhotos(state, action.photos, action.first);
      // A new photo goes on screen now (within 2 s of being stored), not after the current slide.
      const arrived = next.playlist.arrivals.some((id) => !state.playlist.arrivals.includes(id));
      if (arrived) return advancePhoto(next);
      return showing(next) ? next : advanceWall(next);
    }
    case 'removed': {
      const next = withoutWallPhotos(state, action.ids);
      return showing(next) ? next : advanceWall(next);
    }
    case 'messages': {
      const next = withMessages(state, action.messages, action.first);
      return showing(next) ? next : advanceWall(next);
    }
    case 'announced': {
      const next = withAnnouncedMessages(state, action.messages);
      return showing(next) ? next : advanceWall(next);
    }
    case 'messagesRemoved': {
      // A hidden or deleted message leaves the wall at once, even on screen.
      const next = withoutMessages(state, action.ids);
      return showing(next) ? next : advanceWall(next);
    }
    case 'options':
      return withOptions(state, action.options);
    case 'next':
      return advanceWall(state);
    case 'previous':
      return backWall(state);
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

export interface WallFeed {
  state: WallState;
  loaded: boolean;
  connected: boolean;
  /** Why guests (and so the wall) may not see the photos now, or null. */
  closed: string | null;
  next: () => void;
  previous: () => void;
}

/**
 * A list asked again while a removal (`photos_removed`, `messages_removed`) arrived during the request:
 * an item hidden while the list was on its way would come back with it.
 */
async function askedAfterRemovals<T>(list: () => Promise<T>, removals: { readonly current: number }): Promise<T> {
  for (;;) {
    const before = removals.current;
    const answer = await list();
    if (removals.current === before) return answer;
  }
}

/**
 * The event's public photos for the wall, kept current by the one live feed (issue 24): an announced
 * photo is put ahead of the ring as soon as it can be shown (`photos_updated`; `/updates` only while
 * the socket is down; issue 29: with its grid copy first, the screen copy swapped in when announced), a hidden or deleted one leaves at once, and every reconnection
 * reloads the list to catch up on what was missed.
 */
export function useWallFeed(eventId: string, options: WallOptions): WallFeed {
  const [state, dispatch] = useReducer(reduce, options, initialWallState);
  const [loaded, setLoaded] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  /** Every public photo, those still awaiting renditions too (the playlist keeps the showable ones). */
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const photosRef = useRef<PhotoItem[]>([]);
  const loadedOnce = useRef(false);
  /** Counts `photos_removed` messages: a list asked for before one may still hold the removed photo. */
  const removals = useRef(0);
  /** Issue 26: the same for `messages_removed`, and whether the messages were loaded once. */
  const messageRemovals = useRef(0);
  const messagesOnce = useRef(false);

  /**
   * Issue 26: the event's published messages (the guest list; the organiser's list is filtered to the
   * published ones). A gallery closed to guests answers 403: the wall then shows no messages either.
   */
  const reloadMessages = useCallback(async () => {
    const answer = await askedAfterRemovals(() => listMessages(eventId), messageRemovals);
    if (!answer.ok) return;
    dispatch({ type: 'messages', messages: answer.data, first: !messagesOnce.current });
    messagesOnce.current = true;
  }, [eventId]);

  const reload = useCallback(async () => {
    const answer = await askedAfterRemovals(() => listPublicPhotos(eventId), removals);
    // A gallery closed to guests (issue 12) is closed on the wall too: it says why.
    setClosed(!answer.ok && answer.status === 403 ? answer.message : null);
    if (!answer.ok) return;
    photosRef.current = answer.data;
    setPhotos(answer.data);
    dispatch({ type: 'loaded', photos: answer.data, first: !loadedOnce.current });
    loadedOnce.current = true;
    setLoaded(true);
  }, [eventId]);

  /** What the live feed hears changes the wall's list in place: no list is asked for again. */
  const target = useMemo<LiveTarget>(() => {
    const change = (next: PhotoItem[]) => {
      if (next === photosRef.current) return;
      photosRef.current = next;
      setPhotos(next);
      dispatch({ type: 'loaded', photos: next, first: false });
    };
    return {
      merge: (heard) => change(withNewPhotos(photosRef.current, heard)),
      patch: (updates) => change(applyPhotoUpdates(photosRef.current, updates)),
      remove: (ids) => {
        removals.current++;
        photosRef.current = withoutPhotos(photosRef.current, ids);
        setPhotos(photosRef.current);
        dispatch({ type: 'removed', ids });
      },
    };
  }, []);

  /** Issue 26: the guestbook's messages come on the same socket. */
  const onMessage = useCallback((message: RealtimeMessage) => {
    if (message.type === 'messages_removed') {
      const ids = (message.payload as { ids?: unknown } | null)?.ids;
      messageRemovals.current++;
      if (Array.isArray(ids)) dispatch({ type: 'messagesRemoved', ids: ids.map(String) });
      return;
    }
    if (message.type === 'new_messages') {
      const messages = (message.payload as { messages?: MessageItem[] } | null)?.messages;
      if (Array.isArray(messages)) dispatch({ type: 'announced', messages });
    }
  }, []);

  const { connected } = useAlbumLive(eventId, {
    client: wallRealtime,
    channel: 'event',
    target,
    photos,
    onMessage,
    onAnnounced: () => void reload(),
    onOpen: () => {
      void reload();
      void reloadMessages();
    },
  });

  // New options ('Recados no telão', 'Só favoritas'): a new set of photos starts as a first load.
  const { everyN, favoritesOnly } = options;
  const applied = useRef(options);
  useEffect(() => {
    const before = applied.current;
    if (before.everyN === everyN && before.favoritesOnly === favoritesOnly) return;
    applied.current = { everyN, favoritesOnly };
    dispatch({ type: 'options', options: { everyN, favoritesOnly } });
    if (before.favoritesOnly !== favoritesOnly) {
      loadedOnce.current = false;
      void reload();
    }
  }, [everyN, favoritesOnly, reload]);

  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const previous = useCallback(() => dispatch({ type: 'previous' }), []);
  return { state, loaded, connected, closed, next, previous };
}
