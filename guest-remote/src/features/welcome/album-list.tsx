import { useEffect, useState } from 'react';
import { hasEventPin, rememberEventPin } from '@momentos/api-client';
import { AlbumIcon, BottomNavigation, CameraIcon, EmptyState, Link, PinPrompt, ShareIcon, Spinner, useNavigate } from '@momentos/design-kit';
import { texts } from './texts';
import { usePublicAlbums } from './api/use-public-albums';
import { scheduleServiceWorker } from '../install/schedule-service-worker';

// Issue 28: this chunk loads once the welcome is interactive; the installable app's worker follows when the browser is idle.
scheduleServiceWorker();

interface AlbumListProps {
  eventId: string;
  /** The event asks its guests for a PIN (issue 12). */
  pinRequired?: boolean;
  /** Opens the invite dialog; absent while the invite code is unknown. */
  onShare?: () => void;
}

/** Step 2 of /events/share/{id} (spec §2): the event's public albums, loaded with their own chunk. */
export default function AlbumList({ eventId, pinRequired = false, onShare }: AlbumListProps) {
  const navigate = useNavigate();
  const [asking, setAsking] = useState(() => pinRequired && !hasEventPin(eventId));
  // The list is asked for once the device may have what it needs; afterwards it stays asked for.
  const [started, setStarted] = useState(!asking);
  const { albums, refused, reload } = usePublicAlbums(eventId, started);
  // The server refused (no PIN, a wrong or changed one): ask for it, with the server's words (kept:
  // while the prompt shows, the list is not asked for, so its error is gone).
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (!refused) return;
    setRefusal(refused.message);
    setAsking(true);
  }, [refused]);

  // Exactly one public album: straight to it.
  useEffect(() => {
    if (albums?.length === 1) navigate(`/events/share/albums/${albums[0].id}`, { replace: true });
  }, [albums, navigate]);

  if (asking) {
    return (
      <PinPrompt
        className="guest-albums"
        error={refusal}
        onPin={(pin) => {
          rememberEventPin(eventId, pin);
          setAsking(false);
          if (started) reload();
          else setStarted(true);
        }}
      />
    );
  }

  return (
    <main className="guest-albums mk-column">
      <h1 className="mk-page-title">{texts.albumsTitle}</h1>
      {albums === null ? (
        <div className="guest-albums__loading">
          <Spinner label={texts.loading} />
        </div>
      ) : albums.length === 0 ? (
        <EmptyState>{texts.noAlbums}</EmptyState>
      ) : (
        <ul className="guest-albums__list">
          {albums.map((album) => (
            <li key={album.id}>
              <Link className="guest-albums__tile" to={`/events/share/albums/${album.id}`}>
                <span className="guest-albums__icon" aria-hidden="true" />
                <span className="guest-albums__name">{album.album_name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link className="mk-button mk-button--secondary guest-albums__messages" to={`/events/share/${encodeURIComponent(eventId)}/recados`}>
        {texts.leaveMessage}
      </Link>
      <BottomNavigation
        label={texts.navigationLabel}
        items={[
          { key: 'album', label: texts.navAlbum, icon: <AlbumIcon />, active: true, onSelect: () => undefined },
          { key: 'upload', label: texts.navNewPhoto, icon: <CameraIcon />, onSelect: () => navigate(`/events/upload/${eventId}`) },
          ...(onShare ? [{ key: 'share', label: texts.navShare, icon: <ShareIcon />, onSelect: onShare }] : []),
        ]}
      />
    </main>
  );
}
