import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { readStored, rememberEventPin, resumePendingUploads, storageKeys, useAlbumLive, useAuthStore } from '@momentos/api-client';
import type { PaintedGallery, PhotoItem } from '@momentos/api-client';
import {
  AlbumIcon,
  BottomNavigation,
  Button,
  CameraIcon,
  EmptyState,
  FilterIcon,
  InviteDialog,
  notify,
  PinPrompt,
  readFirstPaint,
  ShareIcon,
  useNavigate,
  useParams,
} from '@momentos/design-kit';
import { texts } from '../../texts';
import { useGalleryPhotos } from './api/use-gallery-photos';
import { useSharedEventId } from './api/use-shared-event-id';
import { ClosedGallery } from './closed-gallery';
import { PhotoPage, usePhotoViewers } from './layout/photo-page';
import { HeartButton, useHearts } from '../reactions';
import { OrderToggle } from './order-toggle';
import './gallery.css';


const inviteTexts = {
  title: texts.inviteTitle,
  close: texts.close,
  copy: texts.inviteCopy,
  copied: texts.inviteCopied,
  qrLabel: texts.inviteQr,
  linkLabel: texts.inviteLink,
  loading: texts.loading,
};

const storedInviteCode = () => readStored(storageKeys.shared);

/** The first screen the server painted (first-paint/gallery.html), when it is this album's. */
function paintedGallery(albumId: string): PaintedGallery | null {
  const painted = readFirstPaint<PaintedGallery>('gallery_remote', 'gallery');
  return painted?.album_id === albumId ? painted : null;
}

/** Spec §2 'Gallery' (/events/share/albums/{id}): another album is another gallery, from its first load. */
export default function GalleryPage() {
  const { id: albumId = '' } = useParams();
  return <AlbumGallery key={albumId} albumId={albumId} />;
}

function AlbumGallery({ albumId }: { albumId: string }) {
  const navigate = useNavigate();
  // On a first visit the server has painted the first screen: rendered at once from the same photos,
  // so React takes the page over without a visible change, and the whole list follows.
  const [painted] = useState(() => paintedGallery(albumId));
  const gallery = useGalleryPhotos(albumId, painted?.photos);
  // Issue 26: 'Melhores momentos', the organiser's favourites, once there are any.
  const hasFavorites = gallery.photos.some((photo) => photo.favorite);
  const [bestOnly, setBestOnly] = useState(false);
  const photos = useMemo(() => (bestOnly && hasFavorites ? gallery.photos.filter((photo) => photo.favorite) : gallery.photos), [bestOnly, hasFavorites, gallery.photos]);
  // Issue 22: a PIN typed here (a gallery link opened on a new device) reloads the list and reopens the socket with it.
  const [pinsTyped, setPinsTyped] = useState(0);
  const hearts = useHearts(albumId, undefined, pinsTyped);
  const heartOf = (photo: PhotoItem) => <HeartButton count={hearts.countOf(photo)} pressed={hearts.mine(photo.id)} onToggle={() => hearts.toggle(photo)} />;
  const eventId = useSharedEventId() ?? painted?.event_id ?? null;

  const viewers = usePhotoViewers(photos);
  const [inviteOpen, setInviteOpen] = useState(false);

  // Files this device still has to send go on by themselves (the queue loads only when there are some).
  useEffect(resumePendingUploads, []);
  // Issue 24, spec §4 'Realtime refresh in the gallery': new photos and renditions go into the list as
  // they are announced, with the info toast; while the lightbox or the presentation is open only the
  // button shows. A removed photo leaves at once. `/updates` is polled only while the socket is down.
  const { reload } = gallery;
  const live = useAlbumLive(albumId, {
    token: useAuthStore.getState().token,
    holding: viewers.lightboxIndex >= 0 || viewers.presenting,
    onNewPhotos: () => notify.info(texts.newPhotosToast),
    onAnnounced: ({ released }) => void reload().then(() => (released ? undefined : notify.info(texts.newPhotosToast))),
    // Catch up on what happened while the socket was not open: between the list's load (or the painted
    // page) and the first open, and while a locked phone was away. Announcements are not replayed.
    onOpen: () => void reload(),
    photos: gallery.photos,
    run: gallery.loads,
    generation: pinsTyped,
  });
  const revoked = live.revoked === null ? null : live.revoked || texts.albumNoLongerAvailable;

  const albumListPath = eventId ? `/events/share/${eventId}` : null;

  if (gallery.pinRefusal) {
    return (
      <PinPrompt
        className="gallery-page"
        // The first ask needs no error line: the title says it. After a try, the server's words.
        error={pinsTyped > 0 ? gallery.pinRefusal : null}
        onPin={(pin) => {
          // No call tells a guest an album's event: the PIN is kept under the event when known, else the album.
          rememberEventPin(eventId ?? albumId, pin);
          setPinsTyped((count) => count + 1);
          void gallery.reload();
        }}
      />
    );
  }

  return (
    <PhotoPage
      viewers={viewers}
      gallery={gallery}
      photos={photos}
      data={{ 'data-album-id': albumId }}
      back={{
        to: albumListPath ?? '/',
        label: texts.backToAlbums,
        onClick: (event) => {
          if (albumListPath) return;
          event.preventDefault();
          navigate(-1);
        },
      }}
      title={texts.galleryTitle}
      viewable={!revoked}
      header={
        hasFavorites ? (
          <div className="gallery-header__filters">
            <Button variant={bestOnly ? 'primary' : 'secondary'} aria-pressed={bestOnly} onClick={() => setBestOnly((current) => !current)}>
              {texts.bestMoments}
            </Button>
          </div>
        ) : null
      }
      beforeContent={
        <>
          {/* Issue 25: outside the header, which the server paints the same (first-paint template). */}
          {photos.length > 0 ? (
            <div className="gallery-toolbar">
              <OrderToggle order={gallery.order} onChange={gallery.setOrder} />
            </div>
          ) : null}
          {live.held
            ? createPortal(
                <button type="button" className="gallery-new-photos" onClick={live.release}>
                  {texts.newPhotosAvailable}
                </button>,
                document.body,
              )
            : null}
        </>
      }
      notice={revoked ? <EmptyState>{revoked}</EmptyState> : gallery.closed ? <ClosedGallery message={gallery.closed} eventId={eventId} onOpen={gallery.reload} /> : null}
      actions={heartOf}
      filterScope={albumId}
      afterContent={
        <BottomNavigation
          label={texts.navigation}
          items={[
            {
              key: 'album',
              label: texts.navAlbum,
              icon: <AlbumIcon />,
              active: true,
              onSelect: () => void (albumListPath ? navigate(albumListPath) : navigate(-1)),
            },
            {
              key: 'new-photo',
              label: texts.navNewPhoto,
              icon: <CameraIcon />,
              onSelect: () => void navigate(`/events/upload/${eventId ?? albumId}`, { state: { albumId } }),
            },
            { key: 'filter', label: texts.navFilter, icon: <FilterIcon />, active: gallery.uploader !== null, onSelect: () => viewers.setFilterOpen(true) },
            { key: 'share', label: texts.navShare, icon: <ShareIcon />, onSelect: () => setInviteOpen(true) },
          ]}
        />
      }
      dialogs={<InviteDialog open={inviteOpen} code={inviteOpen ? storedInviteCode() : null} texts={inviteTexts} onClose={() => setInviteOpen(false)} />}
    />
  );
}
