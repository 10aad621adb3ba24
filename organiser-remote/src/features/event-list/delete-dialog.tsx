import { useState } from 'react';
import { Button, Dialog, notify } from '@momentos/design-kit';
import type { EventItem } from '@momentos/api-client';
import { texts } from '../../texts';
import { useDeleteEvent } from './api/use-events';

export interface DeleteDialogProps {
  event: EventItem | null;
  onClose: () => void;
}

const t = texts.deleteEvent;

/** 'Excluir evento' (spec §2, §4): confirm, call; success closes, toasts and removes the row; else the §8 error toast. */
export function DeleteDialog({ event, onClose }: DeleteDialogProps) {
  const deleteEvent = useDeleteEvent();
  const [working, setWorking] = useState(false);

  const confirm = async () => {
    if (!event) return;
    setWorking(true);
    const result = await deleteEvent(event.id);
    setWorking(false);
    if (result.ok) {
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
        <Button variant="secondary" onClick={onClose} disabled={working}>
          {t.cancel}
        </Button>
        <Button variant="danger" onClick={confirm} busy={working} busyLabel={t.working}>
          {t.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
