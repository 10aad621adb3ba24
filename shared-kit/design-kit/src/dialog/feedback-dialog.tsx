import { Dialog } from './dialog';

export type FeedbackKind = 'success' | 'error';

export interface FeedbackDialogProps {
  open: boolean;
  kind: FeedbackKind;
  title: string;
  message: string;
  closeLabel: string;
  onClose: () => void;
}

/** Success (teal) or error (red) banner with a title and a message, inside a dialog. */
export function FeedbackDialog({ open, kind, title, message, closeLabel, onClose }: FeedbackDialogProps) {
  return (
    <Dialog open={open} title={title} closeLabel={closeLabel} onClose={onClose} hideTitle>
      <div className={`mk-feedback mk-feedback--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
        <p className="mk-feedback__title" aria-hidden="true">
          {title}
        </p>
        <p className="mk-feedback__message">{message}</p>
      </div>
    </Dialog>
  );
}
