import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming does ('Excluir 3 fotos? …'). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Accessible label of the × button. */
  closeLabel: string;
  /** The confirmed action runs: the confirm button shows `busyLabel`, and nothing closes the dialog meanwhile. */
  busy?: boolean;
  busyLabel?: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A question before a destructive action (issue 24 item 6: one dialog for the gallery's and the
 * organiser's deletions): the text, then 'Cancelar' and the red confirm button.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, closeLabel, busy = false, busyLabel, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog open={open} title={title} closeLabel={closeLabel} onClose={busy ? () => undefined : onCancel}>
      <p className="mk-confirm__text">{children}</p>
      <div className="mk-dialog__actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy} busyLabel={busyLabel ?? confirmLabel}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
