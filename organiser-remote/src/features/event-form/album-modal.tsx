import { useEffect, useState, type FormEvent } from 'react';
import { Dialog, Spinner } from '@momentos/design-kit';
import type { Album, AlbumInput } from '@momentos/api-client';
import { texts } from '../../texts';
import { albumToInput, validateAlbum } from './album-rules';

export interface AlbumModalProps {
  open: boolean;
  /** null: create mode; an album: edit mode. */
  album: Album | null;
  onClose: () => void;
  onSubmit: (input: AlbumInput) => Promise<void>;
  onDelete: (album: Album) => Promise<void>;
}

const t = texts.albums;

function Toggle({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <div className="album-toggle">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="album-toggle__switch"
        checked={checked}
        aria-checked={checked}
        onChange={(change) => onChange(change.target.checked)}
      />
    </div>
  );
}

/** The album modal (spec §2): name, description, two toggles; Adicionar, or Editar and Excluir. */
export function AlbumModal({ open, album, onClose, onSubmit, onDelete }: AlbumModalProps) {
  const [input, setInput] = useState<AlbumInput>(() => albumToInput(album));
  const [errors, setErrors] = useState<ReturnType<typeof validateAlbum>>({});
  const [working, setWorking] = useState<'save' | 'delete' | null>(null);

  useEffect(() => {
    if (!open) return;
    setInput(albumToInput(album));
    setErrors({});
    setWorking(null);
  }, [open, album]);

  const submit = async (form: FormEvent) => {
    form.preventDefault();
    const found = validateAlbum(input);
    setErrors(found);
    if (found.name || found.description) {
      document.getElementById(found.name ? 'album-name' : 'album-description')?.focus();
      return;
    }
    setWorking('save');
    await onSubmit({ ...input, name: input.name.trim(), description: input.description.trim() });
  };

  const remove = async () => {
    if (!album) return;
    setWorking('delete');
    await onDelete(album);
  };

  return (
    <Dialog open={open} title={album ? t.editTitle : t.createTitle} closeLabel={t.closeModal} onClose={onClose}>
      <form className="album-form" onSubmit={submit} noValidate>
        <div className="org-field">
          <label htmlFor="album-name">{t.name}</label>
          <input
            id="album-name"
            className="org-input"
            value={input.name}
            onChange={(change) => setInput({ ...input, name: change.target.value })}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? 'album-name-error' : undefined}
          />
          {errors.name ? (
            <p id="album-name-error" className="org-error">
              {errors.name}
            </p>
          ) : null}
        </div>
        <div className="org-field">
          <label htmlFor="album-description">{t.description}</label>
          <textarea
            id="album-description"
            className="org-input"
            rows={3}
            value={input.description}
            onChange={(change) => setInput({ ...input, description: change.target.value })}
            required
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'album-description-error' : undefined}
          />
          {errors.description ? (
            <p id="album-description-error" className="org-error">
              {errors.description}
            </p>
          ) : null}
        </div>
        <Toggle id="album-public" label={t.isPublic} checked={input.is_public} onChange={(value) => setInput({ ...input, is_public: value })} />
        <Toggle
          id="album-available"
          label={t.isAvailable}
          checked={input.is_available}
          onChange={(value) => setInput({ ...input, is_available: value })}
        />
        <div className="dialog-actions album-form__actions">
          {album ? (
            <>
              <button type="button" className="mk-button mk-button--danger" onClick={remove} disabled={working !== null} aria-busy={working === 'delete' || undefined}>
                {working === 'delete' ? <Spinner label={t.removing} /> : null}
                {t.remove}
              </button>
              <button type="submit" className="mk-button" disabled={working !== null} aria-busy={working === 'save' || undefined}>
                {working === 'save' ? <Spinner label={t.working} /> : null}
                {t.edit}
              </button>
            </>
          ) : (
            <button type="submit" className="mk-button" disabled={working !== null} aria-busy={working === 'save' || undefined}>
              {working === 'save' ? <Spinner label={t.working} /> : null}
              {t.add}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
