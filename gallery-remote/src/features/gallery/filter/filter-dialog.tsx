import { useEffect, useId, useState } from 'react';
import { listAlbumUploaders } from '@momentos/api-client';
import { Dialog } from '@momentos/design-kit';
import { texts } from '../../../texts';

interface FilterDialogProps {
  open: boolean;
  albumId: string;
  /** The current filter, `null` for 'Todos'. */
  uploader: string | null;
  onCancel: () => void;
  onApply: (uploader: string | null) => void;
}

type Uploaders = { state: 'loading' } | { state: 'ready'; names: string[] };

/** 'Filtrar por quem enviou:': 'Todos' plus each uploader of /api/events/photos/users/{albumId}. */
export function FilterDialog({ open, albumId, uploader, onCancel, onApply }: FilterDialogProps) {
  const selectId = useId();
  const [uploaders, setUploaders] = useState<Uploaders>({ state: 'loading' });
  const [choice, setChoice] = useState(uploader ?? '');

  useEffect(() => {
    if (!open) return undefined;
    let active = true;
    setChoice(uploader ?? '');
    setUploaders({ state: 'loading' });
    void listAlbumUploaders(albumId).then((result) => {
      if (!active) return;
      const names =
        result.status === 200 && Array.isArray(result.data)
          ? Array.from(new Set(result.data.map((item) => item.user_id).filter(Boolean)))
          : [];
      if (result.status !== 200) console.warn('Gallery: the uploader list answered', result.status, result.message);
      setUploaders({ state: 'ready', names });
    });
    return () => {
      active = false;
    };
  }, [open, albumId, uploader]);

  const none = uploaders.state === 'ready' && uploaders.names.length === 0;

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
          className="gallery-filter__select"
          value={none ? '' : choice}
          disabled={uploaders.state === 'loading' || none}
          onChange={(event) => setChoice(event.target.value)}
        >
          {none ? (
            <option value="">{texts.filterNoGuests}</option>
          ) : (
            <>
              <option value="">{texts.filterAll}</option>
              {uploaders.state === 'ready'
                ? uploaders.names.map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))
                : null}
            </>
          )}
        </select>
        <div className="gallery-filter__actions">
          <button type="button" className="mk-button mk-button--secondary" onClick={onCancel}>
            {texts.cancel}
          </button>
          <button type="submit" className="mk-button">
            {texts.filter}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
