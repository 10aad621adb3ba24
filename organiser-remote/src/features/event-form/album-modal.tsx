import { useEffect, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Link } from '@momentos/design-kit';
import type { Album, AlbumInput } from '@momentos/api-client';
import { texts } from '../../texts';
import { albumToInput, validateAlbum } from './album-rules';
import { Toggle } from '../../layout/toggle';

export interface AlbumModalProps {
  open: boolean;
  /** null: create mode; an album: edit mode. */
  album: Album | null;
  onClose: () => void;
  onSubmit: (input: AlbumInput) => Promise<void>;
  onDelete: (album: Album) => Promise<void>;
  /** Edit mode: where the album's photos are (the organiser's photo screen, issue 11). */
  photosPath?: string;
}

const t = texts.albums;

/** The album modal (spec §2): name, description, the toggles (issue 11 adds approval); Adicionar, or Editar and Excluir. */
export function AlbumModal({ open, album, onClose, onSubmit, onDelete, photosPath }: AlbumModalProps) {
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
        <Field id="album-name" label={t.name} error={errors.name}>
          {(control) => <input {...control} value={input.name} onChange={(change) => setInput({ ...input, name: change.target.value })} required />}
        </Field>
        <Field id="album-description" label={t.description} error={errors.description}>
          {(control) => (
            <textarea {...control} rows={3} value={input.description} onChange={(change) => setInput({ ...input, description: change.target.value })} required />
          )}
        </Field>
        <Toggle id="album-public" label={t.isPublic} checked={input.is_public} onChange={(value) => setInput({ ...input, is_public: value })} />
        <Toggle
          id="album-available"
          label={t.isAvailable}
          checked={input.is_available}
          onChange={(value) => setInput({ ...input, is_available: value })}
        />
        <Toggle
          id="album-approval"
          label={t.requiresApproval}
          checked={input.requires_approval}
          onChange={(value) => setInput({ ...input, requires_approval: value })}
        />
        {album && photosPath ? (
          <Link className="album-form__photos" to={photosPath}>
            {t.viewPhotos}
          </Link>
        ) : null}
        <div className="mk-dialog__actions album-form__actions">
          {album ? (
            <Button variant="danger" onClick={remove} disabled={working !== null} busy={working === 'delete'} busyLabel={t.removing}>
              {t.remove}
            </Button>
          ) : null}
          <Button type="submit" disabled={working !== null} busy={working === 'save'} busyLabel={t.working}>
            {album ? t.edit : t.add}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
