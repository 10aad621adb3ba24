import { Dialog } from './dialog';

export type FeedbackKind = 'success' | 'error';

/** What a feedback dialog tells: a success (teal) or an error (red), with a title and a message. */
export interface Feedback {
  kind: FeedbackKind;
  title: string;
  message: string;
}

export interface FeedbackDialogProps {
  /** Open while there is something to tell. */
  feedback: Feedback | null;
  closeLabel: string;
  onClose: () => void;
}

/** Success (teal) or error (red) banner with a title and a message, inside a dialog. */
export function FeedbackDialog({ feedback, closeLabel, onClose }: FeedbackDialogProps) {
  if (!feedback) return null;
  const { kind, title, message } = feedback;
  return (
    <Dialog open title={title} closeLabel={closeLabel} onClose={onClose} hideTitle>
      <div className={`mk-feedback mk-feedback--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
        <p className="mk-feedback__title" aria-hidden="true">
          {title}
        </p>
        <p className="mk-feedback__message">{message}</p>
      </div>
    </Dialog>
  );
}
