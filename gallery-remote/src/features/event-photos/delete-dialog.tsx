import { Button, Dialog, formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

interface DeleteDialogProps {
  open: boolean;
  count: number;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** 'Excluir foto' asks first: the original and its renditions are gone for good. */
export function DeleteDialog({ open, count, busy, onCancel, onConfirm }: DeleteDialogProps) {
  return (
    <Dialog open={open} title={texts.deleteTitle} closeLabel={texts.close} onClose={onCancel}>
      <p>{formatText(texts.deleteQuestion, { n: count })}</p>
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {texts.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy} busyLabel={texts.deletePhoto}>
          {texts.deletePhoto}
        </Button>
      </div>
    </Dialog>
  );
}
