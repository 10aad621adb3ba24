import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import useSWR, { useSWRConfig, type Arguments } from 'swr';
import type { PhotoItem, PhotoUpdate } from '@momentos/api-contract';
import { getPhotoUpdates } from '../calls/photos';
import { dataOf, type ApiError } from '../fetching/api-error';
import { albumPhotosRoute, apiKeys } from '../fetching/api-keys';
import { askAgainIfNotLoaded } from '../fetching/live-change';
import { albumRealtime, isPhotosUpdated, type AlbumRealtimeClient, type RealtimeMessage } from '../realtime/album-realtime';
import { applyPhotoUpdates, pollDelayMs, processingIds, withNewPhotos, withoutPhotos, type ListScope } from './live-merge';

/** Where the feed puts what it hears: SWR's cached lists of the channel (the default), or a screen's own state (the wall). */
export interface LiveTarget {
  /** Photos announced as new, or as they are now (`photos_updated`): replaced in place, or joined when missing. */
  merge(photos: PhotoItem[]): void;
  /** Photos that left (deleted, hidden from guests). */
  remove(ids: string[]): void;
  /** What `/updates` answered while the socket was down (partial items). */
  patch(updates: PhotoUpdate[]): void;
}

export interface AlbumLiveOptions {
  /** The organiser's token (private albums, the owner's view); guests leave it out. */
  token?: string | null;
  /** The socket client (default: the page's; the wall has its own that never gives up). */
  client?: AlbumRealtimeClient;
  /** 'album' (default): messages of other albums are ignored; 'event': every album of the event is heard. */
  channel?: 'album' | 'event';
  /** Default: every cached list of the channel (`apiKeys.albumPhotos(channelId, …)`), in place. */
  target?: LiveTarget;
  /** A viewer is open (lightbox, presentation): new photos wait, `held` says so, `release()` shows them. */
  holding?: boolean;
  /** New photos went into the lists (the grid's toast). */
  onNewPhotos?: (photos: PhotoItem[]) => void;
  /**
   * A `new_photos` that carries no photo (spec §3: a client's own announcement): the screen asks for
   * its list; `released` when it had waited for `release()` (a viewer was open).
   */
  onAnnounced?: (how: { released: boolean }) => void;
  /** The channel's other messages (the wall's guestbook), on the same subscription. */
  onMessage?: (message: RealtimeMessage) => void;
  /** The socket opened (again): a screen may catch up on what it missed meanwhile. */
  onOpen?: () => void;
  /** The photos shown: those still awaiting renditions are asked about on `/updates`, only while the socket is down. */
  photos?: readonly PhotoItem[];
  /** Counts the loads of the list: each starts the polling schedule again from attempt 1 (spec §4). */
  run?: number;
  /** A change (a PIN typed) that opens the socket again with what the device now holds. */
  generation?: number;
}

export interface AlbumLive {
  /** Whether the socket is open (no polling then). */
  connected: boolean;
  /** New photos arrived while a viewer was open: 'Novas fotos disponíveis! Clique para atualizar'. */
  held: boolean;
  /** Shows what was held (the button's click). */
  release: () => void;
  /** Issue 22: the server closed the channel to this guest: its words ('' when it gave none), or null. */
  revoked: string | null;
}

/** The list keys of a channel: `[albumPhotosRoute, channelId, uploader, order]`. */
const listKeyOf = (key: unknown, channelId: string): ListScope | null => {
  if (!Array.isArray(key) || key[0] !== albumPhotosRoute || key[1] !== channelId) return null;
  return { uploader: key[2] ? String(key[2]) : null, order: (key[3] === 'taken' ? 'taken' : 'recent') };
};

/** The default target: every list of the channel in SWR's cache (each uploader filter, each order), changed in place, asked again only while it has not loaded yet. */
export function useCachedLists(channelId: string): LiveTarget {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const edit = (change: (list: PhotoItem[], scope: ListScope) => PhotoItem[]) => {
      const keys: Array<[Arguments, ListScope]> = [];
      void mutate(
        (key) => {
          const scope = listKeyOf(key, channelId);
          if (scope) keys.push([key, scope]);
          return false;
        },
        undefined,
        { revalidate: false },
      );
      for (const [key, scope] of keys) void mutate(key, (list?: PhotoItem[]) => (list ? change(list, scope) : list), askAgainIfNotLoaded);
    };
    return {
      merge: (photos) => edit((list, scope) => withNewPhotos(list, photos, scope)),
      remove: (ids) => edit((list) => withoutPhotos(list, ids)),
      patch: (updates) => edit((list) => applyPhotoUpdates(list, updates)),
    };
  }, [mutate, channelId]);
}

interface PollAnswer {
  /** Which attempt of this run answered (1-based; 0 before the first). */
  attempt: number;
  updates: PhotoUpdate[];
}

/** What a run starts from: as if answered, so that SWR does not ask at once but after attempt 1's delay. */
const notAskedYet: PollAnswer = { attempt: 0, updates: [] };

const photosOf = (message: RealtimeMessage): PhotoItem[] | null => {
  const photos = (message.payload as { photos?: unknown } | null | undefined)?.photos;
  return Array.isArray(photos) ? (photos as PhotoItem[]) : null;
};

/**
 * Issue 24: the one live feed of an album's (or an event's) photos. `new_photos` and `photos_updated`
 * are merged into the lists in place and `photos_removed` takes photos out, without asking for the
 * list again; `/updates` is polled (spec §4's schedule) only while the socket is down and a photo
 * still awaits its renditions. While a viewer is open, new photos wait for `release()`.
 */
export function useAlbumLive(channelId: string, options: AlbumLiveOptions = {}): AlbumLive {
  const { client = albumRealtime, channel = 'album', token, generation = 0, run = 0 } = options;
  const cached = useCachedLists(channelId);
  const latest = useRef(options);
  latest.current = options;
  const target = options.target ?? cached;
  const targetRef = useRef(target);
  targetRef.current = target;

  const [connected, setConnected] = useState(() => client.isOpen(channelId));
  const [held, setHeld] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);
  /** New photos heard while holding, by id (kept current by their updates), and whether one announcement carried none. */
  const waiting = useRef(new Map<string, PhotoItem>());
  const waitingReload = useRef(false);

  useEffect(() => {
    setRevoked(null);
    const ours = (message: RealtimeMessage) => {
      if (channel === 'event') return true;
      const albumId = (message.payload as { albumId?: unknown } | null | undefined)?.albumId;
      return albumId === undefined || String(albumId) === channelId;
    };
    return client.subscribe(
      channelId,
      (message) => {
        if (!ours(message)) return;
        if (message.type === 'photos_removed') {
          const ids = (message.payload as { ids?: unknown } | null)?.ids;
          if (!Array.isArray(ids)) return;
          const gone = ids.map(String);
          gone.forEach((id) => waiting.current.delete(id));
          targetRef.current.remove(gone);
          return;
        }
        if (isPhotosUpdated(message)) {
          const photos = message.payload.photos;
          const later = photos.filter((photo) => waiting.current.has(photo.id));
          later.forEach((photo) => waiting.current.set(photo.id, photo));
          const now = photos.filter((photo) => !waiting.current.has(photo.id));
          if (now.length > 0) targetRef.current.merge(now);
          return;
        }
        if (message.type !== 'new_photos') {
          latest.current.onMessage?.(message);
          return;
        }
        const photos = photosOf(message);
        const fresh = photos ?? [];
        if (latest.current.holding) {
          if (fresh.length === 0) waitingReload.current = true;
          fresh.forEach((photo) => waiting.current.set(photo.id, photo));
          setHeld(true);
          return;
        }
        if (fresh.length === 0) {
          latest.current.onAnnounced?.({ released: false });
          return;
        }
        targetRef.current.merge(fresh);
        latest.current.onNewPhotos?.(fresh);
      },
      {
        token,
        onOpen: () => {
          setConnected(true);
          latest.current.onOpen?.();
        },
        onClose: () => setConnected(false),
        onRefused: (reason) => {
          setConnected(false);
          setRevoked(reason);
        },
      },
    );
  }, [client, channelId, channel, token, generation]);

  const release = useCallback(() => {
    setHeld(false);
    const photos = [...waiting.current.values()];
    waiting.current.clear();
    if (photos.length > 0) targetRef.current.merge(photos);
    if (waitingReload.current) {
      waitingReload.current = false;
      latest.current.onAnnounced?.({ released: true });
    }
  }, []);

  // Spec §4 'Gallery polling', only while the socket is down: /updates on a refresh interval that
  // follows the attempt number, never at once; off after attempt 10 or when nothing awaits renditions.
  const awaiting = processingIds(options.photos ?? []);
  const awaitingRef = useRef(awaiting);
  awaitingRef.current = awaiting;
  const attempts = useRef(new Map<number, number>());
  useSWR(
    !connected && awaiting.length > 0 ? apiKeys.photoUpdates(channelId, run) : null,
    async ([, album, pollRun]): Promise<PollAnswer> => {
      const attempt = (attempts.current.get(pollRun) ?? 0) + 1;
      attempts.current.set(pollRun, attempt);
      return { attempt, updates: await dataOf(getPhotoUpdates(album, awaitingRef.current)) };
    },
    {
      fallbackData: notAskedYet,
      revalidateIfStale: false,
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      refreshWhenHidden: true,
      dedupingInterval: 0,
      shouldRetryOnError: false,
      refreshInterval: (answer?: PollAnswer) => pollDelayMs((answer?.attempt ?? 0) + 1) ?? 0,
      onSuccess: (answer) => {
        if (answer.updates.length > 0) targetRef.current.patch(answer.updates);
      },
      onError: (error: ApiError) => console.warn('Live feed: photo updates answered', error.status, error.message),
    },
  );

  return { connected, held, release, revoked };
}
