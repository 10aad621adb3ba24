import { useCallback, useEffect, useRef, useState } from 'react';
import { albumRealtime, isNewPhotosFor, isPhotosRemovedFor, useAuthStore } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';
import { texts } from '../../../texts';

export interface LiveRefresh {
  /** New photos arrived while a viewer was open: show 'Novas fotos disponíveis! Clique para atualizar'. */
  pending: boolean;
  /** The click on that button: reloads and hides it. */
  refreshNow: () => void;
  /** Issue 22: the server closed the album to this guest (made private, the gallery closed, a new PIN): its words. */
  revoked: string | null;
}

/**
 * Spec §4 'Realtime refresh in the gallery': a `new_photos` message of this album reloads the gallery
 * silently with the info toast; while the lightbox or the presentation is open only the button shows.
 * A `photos_removed` message (deleted or hidden photos) takes them out at once, viewer open or not.
 */
export function useLiveRefresh(
  albumId: string,
  viewerOpen: boolean,
  reload: () => Promise<void>,
  drop: (ids: string[]) => void,
  /** A change (a PIN typed) that opens the socket again with what the device now holds. */
  generation = 0,
): LiveRefresh {
  const [pending, setPending] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);
  const viewerOpenRef = useRef(viewerOpen);
  viewerOpenRef.current = viewerOpen;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const dropRef = useRef(drop);
  dropRef.current = drop;

  useEffect(() => {
    setRevoked(null);
    const token = useAuthStore.getState().token;
    return albumRealtime.subscribe(
      albumId,
      (message) => {
        if (isPhotosRemovedFor(message, albumId)) {
          dropRef.current(message.payload.ids);
          return;
        }
        if (!isNewPhotosFor(message, albumId)) return;
        if (viewerOpenRef.current) {
          setPending(true);
          return;
        }
        void reloadRef.current().then(() => notify.info(texts.newPhotosToast));
      },
      { token, onRefused: (reason) => setRevoked(reason || texts.albumNoLongerAvailable) },
    );
  }, [albumId, generation]);

  const refreshNow = useCallback(() => {
    setPending(false);
    void reloadRef.current();
  }, []);

  return { pending, refreshNow, revoked };
}
