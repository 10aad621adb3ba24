import { useEffect, useState } from 'react';
import { readStored, resumePendingUploads, storageKeys, writeStored } from '@momentos/api-client';
import { AlbumIcon, BottomNavigation, Button, CameraIcon, EmptyState, InviteDialog, Link, ShareIcon, Spinner, useNavigate, useParams } from '@momentos/design-kit';
import { texts } from '../../texts';
import { usePublicAlbums } from './api/use-public-albums';
import { useSharedEvent } from './api/use-shared-event';
import './welcome-page.css';

const readInvited = () => readStored(storageKeys.invited) === 'true';

const inviteTexts = {
  title: texts.inviteDialogTitle,
  close: texts.close,
  copy: texts.copyLink,
  copied: texts.linkCopied,
  qrLabel: texts.inviteQrLabel,
  linkLabel: texts.inviteLinkLabel,
  loading: texts.loading,
  note: texts.inviteNote,
};

/** /events/share/{id} (spec §2): the welcome (step 1), then the event's public albums (step 2). */
export default function WelcomePage() {
  const { id: eventId = '' } = useParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(() => (readInvited() ? 2 : 1));
  const [sharing, setSharing] = useState(false);
  const event = useSharedEvent(eventId);
  const albums = usePublicAlbums(eventId, step === 2);

  // Files this device still has to send go on by themselves (the queue loads only when there are some).
  useEffect(resumePendingUploads, []);

  // Exactly one public album: straight to it.
  useEffect(() => {
    if (albums?.length === 1) navigate(`/events/share/albums/${albums[0].id}`, { replace: true });
  }, [albums, navigate]);

  const registerMoment = () => {
    writeStored(storageKeys.invited, 'true');
    setStep(2);
  };

  const inviteDialog = (
    <InviteDialog open={sharing} onClose={() => setSharing(false)} code={event.code} texts={inviteTexts} />
  );

  if (step === 1) {
    return (
      <main className="guest-welcome">
        <h1 className="guest-welcome__title">{event.name ?? texts.welcomeFallbackTitle}</h1>
        <p className="guest-welcome__message">{texts.welcomeMessage}</p>
        <div className="guest-welcome__actions">
          <Button onClick={registerMoment}>{texts.registerMoment}</Button>
          {event.code ? (
            <Button variant="secondary" onClick={() => setSharing(true)}>
              {texts.shareInvite}
            </Button>
          ) : null}
        </div>
        {inviteDialog}
      </main>
    );
  }

  return (
    <main className="guest-albums">
      <h1>{texts.albumsTitle}</h1>
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
      <BottomNavigation
        label={texts.navigationLabel}
        items={[
          { key: 'album', label: texts.navAlbum, icon: <AlbumIcon />, active: true, onSelect: () => setStep(2) },
          { key: 'upload', label: texts.navNewPhoto, icon: <CameraIcon />, onSelect: () => void navigate(`/events/upload/${eventId}`) },
          ...(event.code ? [{ key: 'share', label: texts.navShare, icon: <ShareIcon />, onSelect: () => setSharing(true) }] : []),
        ]}
      />
      {inviteDialog}
    </main>
  );
}
