import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
  Link,
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
import { FilterDialog } from './filter/filter-dialog';
import { PhotoGrid } from './grid/photo-grid';
import { LazyPhotoLightbox } from './lightbox/lazy-photo-lightbox';
import { PresentationMode } from './presentation/presentation-mode';
import { HeartButton } from '../reactions/reaction-buttons';
import { useHearts } from '../reactions/use-hearts';
import { OrderToggle } from './order-toggle';
import './gallery.css';
import '../reactions/reactions.css';


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
  const { loading } = gallery;
  // Issue 26: 'Melhores momentos', the organiser's favourites, once there are any.
  const hasFavorites = gallery.photos.some((photo) => photo.favorite);
  const [bestOnly, setBestOnly] = useState(false);
  const photos = useMemo(() => (bestOnly && hasFavorites ? gallery.photos.filter((photo) => photo.favorite) : gallery.photos), [bestOnly, hasFavorites, gallery.photos]);
  // Issue 22: a PIN typed here (a gallery link opened on a new device) reloads the list and reopens the socket with it.
  const [pinsTyped, setPinsTyped] = useState(0);
  const hearts = useHearts(albumId, undefined, pinsTyped);
  const heartOf = (photo: PhotoItem) => <HeartButton count={hearts.countOf(photo)} pressed={hearts.mine(photo.id)} onToggle={() => hearts.toggle(photo)} />;
  const eventId = useSharedEventId() ?? painted?.event_id ?? null;

  const [lightboxIndex, setLightboxIndex] = useState(-1);
  const [presenting, setPresenting] = useState(false);
  const [filterOpen, setFilterOpen] = useState(false);
  const [inviteOpen, setInviteOpen] = useState(false);

  // Files this device still has to send go on by themselves (the queue loads only when there are some).
  useEffect(resumePendingUploads, []);
  // Issue 24, spec §4 'Realtime refresh in the gallery': new photos and renditions go into the list as
  // they are announced, with the info toast; while the lightbox or the presentation is open only the
  // button shows. A removed photo leaves at once. `/updates` is polled only while the socket is down.
  const { reload } = gallery;
  const live = useAlbumLive(albumId, {
    token: useAuthStore.getState().token,
    holding: lightboxIndex >= 0 || presenting,
    onNewPhotos: () => notify.info(texts.newPhotosToast),
    onAnnounced: ({ released }) => void reload().then(() => (released ? undefined : notify.info(texts.newPhotosToast))),
    photos: gallery.photos,
    run: gallery.loads,
    generation: pinsTyped,
  });
  const revoked = live.revoked === null ? null : live.revoked || texts.albumNoLongerAvailable;

  // The lightbox stays on the photo it shows when the list is refreshed under it.
  const viewedId = useRef<string | null>(null);
  useEffect(() => {
    if (lightboxIndex < 0 || !viewedId.current) return;
    const moved = photos.findIndex((photo) => photo.id === viewedId.current);
    if (moved >= 0 && moved !== lightboxIndex) setLightboxIndex(moved);
  }, [photos, lightboxIndex]);

  const openLightbox = useCallback(
    (index: number) => {
      viewedId.current = photos[index]?.id ?? null;
      setLightboxIndex(index);
    },
    [photos],
  );
  const onView = useCallback(
    (index: number) => {
      viewedId.current = photos[index]?.id ?? null;
      setLightboxIndex((open) => (open < 0 ? open : index));
    },
    [photos],
  );
  const closeLightbox = useCallback(() => setLightboxIndex(-1), []);

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
    <main className="gallery-page" data-album-id={albumId}>
      <header className="gallery-header">
        <Link
          className="gallery-header__back"
          to={albumListPath ?? '/'}
          onClick={(event) => {
            if (albumListPath) return;
            event.preventDefault();
            navigate(-1);
          }}
        >
          <span aria-hidden="true">‹</span>
          {texts.backToAlbums}
        </Link>
        <div className="gallery-header__row">
          <h1 className="gallery-header__title">{texts.galleryTitle}</h1>
          {photos.length > 0 && !revoked ? (
            <Button className="gallery-header__present" onClick={() => setPresenting(true)}>
              {texts.presentationMode}
            </Button>
          ) : null}
        </div>
        {hasFavorites ? (
          <div className="gallery-header__filters">
            <Button variant={bestOnly ? 'primary' : 'secondary'} aria-pressed={bestOnly} onClick={() => setBestOnly((current) => !current)}>
              {texts.bestMoments}
            </Button>
          </div>
        ) : null}
      </header>
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

      <section className="gallery-content">
        {revoked ? (
          <EmptyState>{revoked}</EmptyState>
        ) : gallery.closed ? (
          <ClosedGallery message={gallery.closed} eventId={eventId} onOpen={gallery.reload} />
        ) : loading ? (
          <div className="gallery-loading" role="status" aria-label={texts.loading}>
            <span className="mk-spinner" aria-hidden="true" />
          </div>
        ) : photos.length === 0 ? (
          <EmptyState>{texts.empty}</EmptyState>
        ) : (
          <PhotoGrid photos={photos} onOpen={openLightbox} overlay={heartOf} />
        )}
      </section>

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
          { key: 'filter', label: texts.navFilter, icon: <FilterIcon />, active: gallery.uploader !== null, onSelect: () => setFilterOpen(true) },
          { key: 'share', label: texts.navShare, icon: <ShareIcon />, onSelect: () => setInviteOpen(true) },
        ]}
      />

      <FilterDialog
        open={filterOpen}
        albumId={albumId}
        uploader={gallery.uploader}
        onCancel={() => setFilterOpen(false)}
        onApply={(uploader) => {
          setFilterOpen(false);
          gallery.setUploader(uploader);
        }}
      />
      <InviteDialog open={inviteOpen} code={inviteOpen ? storedInviteCode() : null} texts={inviteTexts} onClose={() => setInviteOpen(false)} />

      {presenting && !revoked ? <PresentationMode photos={photos} onClose={() => setPresenting(false)} /> : null}
      {lightboxIndex >= 0 && !revoked ? (
        <LazyPhotoLightbox photos={photos} index={lightboxIndex} onClose={closeLightbox} onView={onView} actions={heartOf} />
      ) : null}
    </main>
  );
}
