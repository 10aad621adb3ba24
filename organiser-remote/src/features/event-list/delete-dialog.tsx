import { useState } from 'react';
import { ConfirmDialog, notify } from '@momentos/design-kit';
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
    <ConfirmDialog
      open={event !== null}
      title={t.title}
      confirmLabel={t.confirm}
      cancelLabel={t.cancel}
      closeLabel={texts.share.close}
      busy={working}
      busyLabel={t.working}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {t.text}
    </ConfirmDialog>
  );
}
