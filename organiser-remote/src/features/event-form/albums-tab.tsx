import { useState } from 'react';
import { paths } from '@momentos/app-manifest';
import { FeedbackDialog, formatText, ImagePlaceholder, type Feedback } from '@momentos/design-kit';
import { resolveApiUrl, type Album, type AlbumInput } from '@momentos/api-client';
import { texts } from '../../texts';
import { useAlbums } from './api/use-albums';
import { AlbumModal } from './album-modal';
import { albumFeedback, type AlbumAction } from './album-rules';

const t = texts.albums;

type Modal = { open: false } | { open: true; album: Album | null };

/** The event's albums (spec §2 'Albums tab'): skeleton of three, 100×100 tiles, a dashed 'Novo' tile. */
export function AlbumsTab({ eventId }: { eventId: string }) {
  const { albums, save, remove } = useAlbums(eventId);
  const [modal, setModal] = useState<Modal>({ open: false });
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const finish = (action: AlbumAction, succeeded: boolean) => {
    setModal({ open: false });
    setFeedback(albumFeedback(action, succeeded));
  };

  const submit = async (input: AlbumInput) => {
    const album = modal.open ? modal.album : null;
    const result = await save(album, input);
    finish(album ? 'update' : 'create', result.ok);
  };

  const removeAlbum = async (album: Album) => {
    const result = await remove(album);
    finish('delete', result.ok);
  };

  return (
    <div className="albums">
      {albums === null ? (
        <div className="albums__grid" role="status" aria-busy="true" aria-label={t.loading}>
          {Array.from({ length: 3 }, (_, index) => (
            <span key={index} className="org-skeleton album-tile album-tile--skeleton" data-testid="album-skeleton" />
          ))}
        </div>
      ) : (
        <ul className="albums__grid" aria-label={t.listLabel}>
          {albums.map((album) => (
            <li key={album.id}>
              <button type="button" className="album-tile" onClick={() => setModal({ open: true, album })}>
                {album.cover_photo ? (
                  <img
                    className="album-tile__cover"
                    src={resolveApiUrl(album.cover_photo)}
                    alt={formatText(t.coverOf, { name: album.album_name })}
                    width={56}
                    height={48}
                    loading="lazy"
                    decoding="async"
                  />
                ) : (
                  <span className="album-tile__image" aria-hidden="true">
                    <ImagePlaceholder size={32} />
                  </span>
                )}
                <span className="album-tile__name">{album.album_name}</span>
                {album.photo_count !== undefined ? (
                  <span className="album-tile__count">{album.photo_count === 1 ? t.onePhoto : formatText(t.photoCount, { n: album.photo_count })}</span>
                ) : null}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="album-tile album-tile--new" onClick={() => setModal({ open: true, album: null })}>
              <span aria-hidden="true" className="album-tile__plus">
                +
              </span>
              <span className="album-tile__name">{t.create}</span>
            </button>
          </li>
        </ul>
      )}
      <AlbumModal
        open={modal.open}
        album={modal.open ? modal.album : null}
        onClose={() => setModal({ open: false })}
        onSubmit={submit}
        onDelete={removeAlbum}
        photosPath={modal.open && modal.album ? paths.eventPhotos(eventId, modal.album.id) : undefined}
      />
      <FeedbackDialog feedback={feedback} closeLabel={t.closeDialog} onClose={() => setFeedback(null)} />
    </div>
  );
}
