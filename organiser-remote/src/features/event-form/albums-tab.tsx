import { useCallback, useEffect, useState } from 'react';
import { FeedbackDialog } from '@momentos/design-kit';
import { createAlbum, deleteAlbum, listAlbums, updateAlbum, type Album, type AlbumInput } from '@momentos/api-client';
import { texts } from '../../texts';
import { AlbumModal } from './album-modal';
import { albumFeedback } from './album-rules';

const t = texts.albums;

type Modal = { open: false } | { open: true; album: Album | null };
type Feedback = ReturnType<typeof albumFeedback> | null;

/** The event's albums (spec §2 'Albums tab'): skeleton of three, 100×100 tiles, a dashed 'Novo' tile. */
export function AlbumsTab({ eventId }: { eventId: string }) {
  const [albums, setAlbums] = useState<Album[] | null>(null);
  const [modal, setModal] = useState<Modal>({ open: false });
  const [feedback, setFeedback] = useState<Feedback>(null);

  const reload = useCallback(async () => {
    const result = await listAlbums(eventId);
    setAlbums(result.status === 200 && Array.isArray(result.data) ? result.data : []);
  }, [eventId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const finish = async (action: 'create' | 'update' | 'delete', status: number) => {
    setModal({ open: false });
    await reload();
    setFeedback(albumFeedback(action, status));
  };

  const submit = async (input: AlbumInput) => {
    const album = modal.open ? modal.album : null;
    const result = album ? await updateAlbum(album.id, input) : await createAlbum(eventId, input);
    await finish(album ? 'update' : 'create', result.status);
  };

  const remove = async (album: Album) => {
    const result = await deleteAlbum(album.id);
    await finish('delete', result.status);
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
                <span className="album-tile__image" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.6" focusable="false">
                    <rect x="3" y="5" width="18" height="14" rx="2" />
                    <circle cx="9" cy="10" r="2" />
                    <path d="M21 16l-5-5-8 8" />
                  </svg>
                </span>
                <span className="album-tile__name">{album.album_name}</span>
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
        onDelete={remove}
      />
      <FeedbackDialog
        open={feedback !== null}
        kind={feedback?.kind ?? 'success'}
        title={feedback?.title ?? ''}
        message={feedback?.message ?? ''}
        closeLabel={t.closeDialog}
        onClose={() => setFeedback(null)}
      />
    </div>
  );
}
