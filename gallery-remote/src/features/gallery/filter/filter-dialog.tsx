import { useEffect, useId, useState } from 'react';
import { Button, Dialog } from '@momentos/design-kit';
import { texts } from '../../../texts';
import { useAlbumUploaders } from '../api/use-album-uploaders';

interface FilterDialogProps {
  open: boolean;
  albumId: string;
  /** The current filter, `null` for 'Todos'. */
  uploader: string | null;
  onCancel: () => void;
  onApply: (uploader: string | null) => void;
}

/** 'Filtrar por quem enviou:': 'Todos' plus each uploader of /api/events/photos/users/{albumId}. */
export function FilterDialog({ open, albumId, uploader, onCancel, onApply }: FilterDialogProps) {
  const selectId = useId();
  const names = useAlbumUploaders(albumId, open);
  const [choice, setChoice] = useState(uploader ?? '');

  // Each opening starts from the filter in force.
  useEffect(() => {
    if (open) setChoice(uploader ?? '');
  }, [open, uploader]);

  const none = names !== null && names.length === 0;

  return (
    <Dialog open={open} title={texts.filterBy} closeLabel={texts.close} onClose={onCancel}>
      <form
        className="gallery-filter"
        onSubmit={(event) => {
          event.preventDefault();
          onApply(none || choice === '' ? null : choice);
        }}
      >
        <select
          id={selectId}
          aria-label={texts.filterBy}
          className="mk-input gallery-filter__select"
          value={none ? '' : choice}
          disabled={names === null || none}
          onChange={(event) => setChoice(event.target.value)}
        >
          {none ? (
            <option value="">{texts.filterNoGuests}</option>
          ) : (
            <>
              <option value="">{texts.filterAll}</option>
              {(names ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </>
          )}
        </select>
        <div className="gallery-filter__actions">
          <Button variant="secondary" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button type="submit">{texts.filter}</Button>
        </div>
      </form>
    </Dialog>
  );
}
