import { Dialog } from '@momentos/design-kit';
import type { Album } from '@momentos/api-client';
import { texts } from './texts';

/** The 'Álbum' control's dialog: the destination among the event's upload-available albums. */
export function AlbumPicker({
  open,
  albums,
  selected,
  onSelect,
  onClose,
}: {
  open: boolean;
  albums: Album[];
  selected: string | null;
  onSelect: (albumId: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title={texts.chooseAlbum} closeLabel={texts.close} onClose={onClose}>
      <fieldset className="guest-albums-choice">
        <legend className="mk-visually-hidden">{texts.albumChoiceLabel}</legend>
        {albums.map((album) => (
          <label key={album.id} className="guest-albums-choice__option">
            <input
              type="radio"
              name="upload-album"
              value={album.id}
              checked={album.id === selected}
              onChange={() => {
                onSelect(album.id);
                onClose();
              }}
            />
            <span>{album.album_name}</span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
