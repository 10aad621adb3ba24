import { useCallback, useEffect, useRef, useState } from 'react';
import { albumRealtime, heartedPhotos, setHeart, type PhotoItem, type ReactionsMessage } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';

export interface Hearts {
  /** The photo's heart count as last known (its list, then the socket and this device's taps). */
  countOf: (photo: PhotoItem) => number;
  /** Whether this device gave the photo a heart. */
  mine: (photoId: string) => boolean;
  toggle: (photo: PhotoItem) => void;
}

/**
 * Issue 26: hearts ('Curtir') on the photos of an album or event: one per device, tapped again to
 * take it back; counts update live from the channel's `reactions` messages. `generation` is the
 * gallery's (a PIN typed): the socket is shared with the live refresh, so both let go of it together
 * and it opens again with what the device now holds (a socket refused before the PIN never reopens
 * while a subscriber holds it).
 */
export function useHearts(channelId: string, token?: string | null, generation = 0): Hearts {
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  const [own, setOwn] = useState<ReadonlySet<string>>(() => heartedPhotos());
  const busy = useRef(new Set<string>());

  useEffect(
    () =>
      albumRealtime.subscribe(
        channelId,
        (message) => {
          if (message.type !== 'reactions') return;
          const { photoId, hearts } = (message as ReactionsMessage).payload;
          setCounts((current) => new Map(current).set(photoId, hearts));
        },
        { token },
      ),
    [channelId, token, generation],
  );

  const toggle = useCallback(
    (photo: PhotoItem) => {
      if (busy.current.has(photo.id)) return;
      busy.current.add(photo.id);
      const on = !own.has(photo.id);
      void setHeart(photo.id, on).then((result) => {
        busy.current.delete(photo.id);
        if (!result.ok) {
          notify.error(result.message);
          return;
        }
        setOwn((current) => {
          const next = new Set(current);
          if (on) next.add(photo.id);
          else next.delete(photo.id);
          return next;
        });
        setCounts((current) => new Map(current).set(photo.id, result.data.hearts));
      });
    },
    [own],
  );

  const countOf = useCallback((photo: PhotoItem) => counts.get(photo.id) ?? photo.hearts ?? 0, [counts]);
  const mine = useCallback((photoId: string) => own.has(photoId), [own]);
  return { countOf, mine, toggle };
}
