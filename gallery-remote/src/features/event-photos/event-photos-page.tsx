import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiUrl, earlyAlbumPhotos, moderatePhoto, requestDownload, useAlbumLive, useAuthStore, type PhotoItem } from '@momentos/api-client';
import { Button, ConfirmDialog, formatText, Link, notify, useLocation, useNavigate, useParams } from '@momentos/design-kit';
import { texts } from '../../texts';
import { OrderToggle, PhotoPage, useGalleryPhotos, usePhotoViewers } from '../gallery';
import { HeartButton, StarButton, useHearts } from '../reactions';
import { MessagesTab } from '../messages';
import { applyChanges, deletePhotos } from './api/moderate';
import { useEventScope } from './api/use-event-scope';
import { changesFor, markOf, photosInView, photosOfPlace, placeOf, placesOf, type ModerationAction, type PhotoView } from './event-photos-rules';
import { SelectionBar } from './selection-bar';
import './event-photos.css';

/**
 * The organiser's photos (issue 11, /events/{id}/photos): every album of the event, private ones
 * included, with the gallery's grid, lightbox, uploader filter and presentation; hidden and pending
 * photos marked; hide, show, approve and delete, one photo or a selection; download all as a ZIP.
 */
export default function EventPhotosPage() {
  const { id: eventId = '' } = useParams();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const albumId = query.get('album');
  // Issue 26: the event's 'Recados' are a tab of this screen.
  const tab = query.get('tab') === 'recados' ? 'messages' : 'photos';
  return (
    <>
      <EventTabs eventId={eventId} tab={tab} />
      {tab === 'messages' ? <MessagesTab eventId={eventId} /> : <EventPhotos key={`${eventId}/${albumId ?? ''}`} eventId={eventId} albumId={albumId} />}
    </>
  );
}

function EventTabs({ eventId, tab }: { eventId: string; tab: 'photos' | 'messages' }) {
  const base = `/events/${encodeURIComponent(eventId)}/photos`;
  return (
    <nav className="event-tabs" aria-label={texts.tabsLabel}>
      <Link className="event-tabs__tab" to={base} aria-current={tab === 'photos' ? 'page' : undefined}>
        {texts.tabPhotos}
      </Link>
      <Link className="event-tabs__tab" to={`${base}?tab=recados`} aria-current={tab === 'messages' ? 'page' : undefined}>
        {texts.tabMessages}
      </Link>
    </nav>
  );
}

function EventPhotos({ eventId, albumId }: { eventId: string; albumId: string | null }) {
  const navigate = useNavigate();
  const scopeId = albumId ?? eventId;
  const { eventName, albums } = useEventScope(eventId);
  // Issue 29: the list the page's early script read (and drew the painted frame's first tiles from):
  // the first render shows the same tiles, so the frame gives way to them rather than to a spinner.
  const [early] = useState(() => earlyAlbumPhotos(scopeId));
  const gallery = useGalleryPhotos(scopeId, early);
  // Issue 28: 'Filtrar por local' narrows what the screen shows, selects and downloads.
  const [place, setPlace] = useState<string | null>(null);
  const [byPlace, setByPlace] = useState(false);
  const places = useMemo(() => placesOf(gallery.photos), [gallery.photos]);
  // Issue 24: the one live feed, as the owner hears it: new photos, renditions, flags (a hidden photo
  // stays, marked: the owner hears it as updated after it left the guests' view) and removals, merged
  // in place; `/updates` only while the socket is down.
  useAlbumLive(scopeId, {
    token: useAuthStore.getState().token,
    channel: albumId ? 'album' : 'event',
    onAnnounced: () => void gallery.reload(),
    // What happened while the socket was not open (before its first open, or a dropped connection).
    onOpen: () => void gallery.reload(),
    photos: gallery.photos,
    run: gallery.loads,
  });
  // Issue 26: the organiser's stars and the guests' hearts; 'Favoritas' and 'Mais curtidas'.
  const hearts = useHearts(scopeId, useAuthStore.getState().token);
  const [view, setView] = useState<PhotoView>('all');
  const [favorites, setFavorites] = useState<ReadonlyMap<string, boolean>>(new Map());
  const isFavorite = useCallback((photo: PhotoItem) => favorites.get(photo.id) ?? Boolean(photo.favorite), [favorites]);
  const photos = useMemo(
    () =>
      photosInView(
        photosOfPlace(gallery.photos, place).map((photo) => (favorites.has(photo.id) ? { ...photo, favorite: favorites.get(photo.id) } : photo)),
        view,
        hearts.countOf,
      ),
    [gallery.photos, place, favorites, view, hearts.countOf],
  );
  const toggleFavorite = useCallback(
    (photo: PhotoItem) => {
      const next = !isFavorite(photo);
      setFavorites((current) => new Map(current).set(photo.id, next));
      void moderatePhoto(photo.id, { favorite: next }).then((result) => {
        if (result.ok) return;
        setFavorites((current) => new Map(current).set(photo.id, !next));
        notify.error(texts.favoriteError);
      });
    },
    [isFavorite],
  );
  const reactionsOf = (photo: PhotoItem) => (
    <>
      <HeartButton count={hearts.countOf(photo)} pressed={hearts.mine(photo.id)} onToggle={() => hearts.toggle(photo)} />
      <StarButton pressed={isFavorite(photo)} onToggle={() => toggleFavorite(photo)} />
    </>
  );

  const viewers = usePhotoViewers(photos);
  const [selected, setSelected] = useState<ReadonlySet<string> | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [working, setWorking] = useState<ModerationAction | 'delete' | 'download' | null>(null);

  // Photos that left the list (deleted elsewhere) leave the selection too.
  useEffect(() => {
    setSelected((current) => {
      if (!current) return current;
      const present = new Set(photos.map((photo) => photo.id));
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [photos]);

  const selectedPhotos = useMemo(() => (selected ? photos.filter((photo) => selected.has(photo.id)) : []), [photos, selected]);
  const toggle = useCallback((photo: { id: string }) => {
    setSelected((current) => {
      const next = new Set(current ?? []);
      if (next.has(photo.id)) next.delete(photo.id);
      else next.add(photo.id);
      return next;
    });
  }, []);

  const moderate = async (action: ModerationAction) => {
    const changes = changesFor(action, selectedPhotos);
    setWorking(action);
    const failed = await applyChanges(changes);
    await gallery.reload();
    setWorking(null);
    if (failed > 0) notify.error(formatText(texts.moderationError, { n: failed }));
    else notify.success(formatText(texts.moderationDone, { n: changes.length }));
  };

  const remove = async () => {
    const ids = selectedPhotos.map((photo) => photo.id);
    setWorking('delete');
    const failed = await deletePhotos(ids);
    gallery.dropPhotos(ids);
    await gallery.reload();
    setWorking(null);
    setConfirmDelete(false);
    setSelected(new Set());
    if (failed > 0) notify.error(formatText(texts.moderationError, { n: failed }));
    else notify.success(formatText(texts.deleted, { n: ids.length }));
  };

  // A browser download cannot send the auth header: a short-lived ticket goes in the URL instead.
  const downloadAll = async () => {
    setWorking('download');
    // Issue 26: with 'Favoritas' in view, 'Baixar tudo' is the favourites only ('Só favoritas').
    const ticket = await requestDownload(eventId, {
      ...(albumId ? { album_id: albumId } : {}),
      ...(gallery.uploader ? { user_id: gallery.uploader } : {}),
      ...(view === 'favorites' ? { favorites_only: true } : {}),
      ...(place ? { place } : {}),
      ...(byPlace ? { by_place: true } : {}),
    });
    setWorking(null);
    if (!ticket.ok) {
      notify.error(texts.downloadError);
      return;
    }
    const link = document.createElement('a');
    link.href = apiUrl(ticket.data.url);
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
  };

  const chooseAlbum = (next: string) =>
    navigate(`/events/${encodeURIComponent(eventId)}/photos${next ? `?album=${encodeURIComponent(next)}` : ''}`, { replace: true });

  return (
    <PhotoPage
      viewers={viewers}
      gallery={gallery}
      photos={photos}
      className="event-photos"
      data={{ 'data-event-id': eventId }}
      back={{ to: '/events', label: texts.backToEvents }}
      title={texts.eventPhotosTitle}
      // The event's name arrives with its own request: its line is kept from the start, so the grid
      // below does not move down when it comes (a layout shift Lighthouse counted, 0.059).
      subtitle={<p className="event-photos__event">{eventName || <span aria-hidden="true">{'\u00a0'}</span>}</p>}
      header={
        <>
          <div className="event-photos__toolbar">
            <label className="event-photos__scope">
              <span>{texts.albumScope}</span>
              <select value={albumId ?? ''} onChange={(change) => chooseAlbum(change.target.value)}>
                <option value="">{texts.allAlbums}</option>
                {albums.map((album) => (
                  <option key={album.id} value={album.id}>
                    {album.is_public ? album.album_name : formatText(texts.privateAlbum, { name: album.album_name })}
                  </option>
                ))}
              </select>
            </label>
            {places.length > 0 ? (
              <label className="event-photos__scope">
                <span>{texts.filterPlace}</span>
                <select value={place ?? ''} onChange={(change) => setPlace(change.target.value || null)}>
                  <option value="">{texts.allPlaces}</option>
                  {places.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <Button variant="secondary" onClick={() => viewers.setFilterOpen(true)} aria-pressed={gallery.uploader !== null}>
              {gallery.uploader ? formatText(texts.filterGuest, { name: gallery.uploader }) : texts.filterGuests}
            </Button>
            <Button variant="secondary" onClick={() => void downloadAll()} busy={working === 'download'} busyLabel={texts.preparingDownload} disabled={photos.length === 0}>
              {view === 'favorites' ? texts.downloadFavorites : texts.downloadAll}
            </Button>
            <label className="event-photos__scope">
              <span>{texts.showLabel}</span>
              <select value={view} onChange={(change) => setView(change.target.value as PhotoView)}>
                <option value="all">{texts.showAll}</option>
                <option value="favorites">{texts.showFavorites}</option>
                <option value="most-liked">{texts.showMostLiked}</option>
              </select>
            </label>
            {places.length > 0 ? (
              <label className="event-photos__by-place">
                <input type="checkbox" checked={byPlace} onChange={(change) => setByPlace(change.target.checked)} />
                {texts.byPlace}
              </label>
            ) : null}
            <Button variant="secondary" onClick={() => setSelected((current) => (current ? null : new Set()))} aria-pressed={selected !== null} disabled={photos.length === 0}>
              {selected ? texts.cancelSelection : texts.select}
            </Button>
          </div>
          <OrderToggle order={gallery.order} onChange={gallery.setOrder} />
          {selected ? (
            <SelectionBar
              selected={selectedPhotos}
              total={photos.length}
              working={working}
              onSelectAll={() => setSelected(new Set(photos.map((photo) => photo.id)))}
              onModerate={(action) => void moderate(action)}
              onDelete={() => setConfirmDelete(true)}
            />
          ) : null}
        </>
      }
      grid={{ markOf, captionOf: placeOf, selectedIds: selected ?? undefined, onToggle: selected ? toggle : undefined }}
      actions={reactionsOf}
      filterScope={scopeId}
      // 'Excluir foto' asks first: the original and its renditions are gone for good.
      dialogs={
        <ConfirmDialog
          open={confirmDelete}
          title={texts.deleteTitle}
          confirmLabel={texts.deletePhoto}
          cancelLabel={texts.cancel}
          closeLabel={texts.close}
          busy={working === 'delete'}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => void remove()}
        >
          {formatText(texts.deleteQuestion, { n: selectedPhotos.length })}
        </ConfirmDialog>
      }
    />
  );
}
