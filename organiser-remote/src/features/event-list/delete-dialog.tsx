import { useState } from 'react';
import { Dialog, Spinner, notify } from '@momentos/design-kit';
import { deleteEvent, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';

export interface DeleteDialogProps {
  event: EventItem | null;
  onClose: () => void;
  onDeleted: (event: EventItem) => void;
}

const t = texts.deleteEvent;

/** 'Excluir evento' (spec §2, §4): confirm, call; 200 closes, toasts and removes the row; else the §8 error toast. */
export function DeleteDialog({ event, onClose, onDeleted }: DeleteDialogProps) {
  const [working, setWorking] = useState(false);

  const confirm = async () => {
    if (!event) return;
    setWorking(true);
    const result = await deleteEvent(event.id);
    setWorking(false);
    if (result.status === 200) {
      onDeleted(event);
      onClose();
      notify.success(`${t.successTitle}: ${t.successMessage}`);
    } else {
      notify.error(`${t.errorTitle}: ${t.errorMessage}`);
    }
  };

  return (
    <Dialog open={event !== null} title={t.title} closeLabel={texts.share.close} onClose={working ? () => undefined : onClose}>
      <p className="dialog-text">{t.text}</p>
      <div className="dialog-actions">
        <button type="button" className="mk-button mk-button--secondary" onClick={onClose} disabled={working}>
          {t.cancel}
        </button>
        <button type="button" className="mk-button mk-button--danger" onClick={confirm} disabled={working} aria-busy={working || undefined}>
          {working ? <Spinner label={t.working} /> : null}
          {t.confirm}
        </button>
      </div>
    </Dialog>
  );
}
