import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Dialog } from '../dialog/dialog';
import { Spinner } from '../loading-screen/loading-screen';
import './invite-dialog.css';

// qrcode.react stays out of the design-kit entry: its chunk loads the first time a dialog opens.
const InviteQr = lazy(() => import('./invite-qr'));

/** The share link of spec §3: the app's host plus /invite/{code}. */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}/invite/${encodeURIComponent(code)}`;
}

/** How long 'Link copiado…' stays (spec §9: 2 s). */
export const inviteCopiedMessageMs = 2000;

export interface InviteDialogTexts {
  /** Dialog title ('Compartilhar convite'). */
  title: string;
  /** Accessible label of the × button ('Fechar'). */
  close: string;
  /** Copy button ('Copiar link'). */
  copy: string;
  /** Shown for 2 s after copying ('Link copiado com sucesso'). */
  copied: string;
  /** Accessible name of the QR image and of the link field. */
  qrLabel: string;
  linkLabel: string;
  /** Announced while the QR code loads. */
  loading: string;
  /** Optional line under the QR (for example the warning that anyone with the link can send photos). */
  note?: string;
}

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** The event's invite code; `null` while it is not known (the dialog shows a spinner). */
  code: string | null;
  texts: InviteDialogTexts;
  /** Origin of the link (default: the page's origin). */
  origin?: string;
}

/** The guests' invite dialog: a QR of `<origin>/invite/<code>`, the link and a copy button. */
export function InviteDialog({ open, onClose, code, texts, origin }: InviteDialogProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  useEffect(() => {
    if (!open) setCopied(false);
  }, [open]);

  const link = code ? inviteLink(code, origin) : null;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), inviteCopiedMessageMs);
    } catch (error) {
      // Spec §8: a copy-link failure is only logged.
      console.error('Copy link failed', error);
    }
  };

  return (
    <Dialog open={open} title={texts.title} closeLabel={texts.close} onClose={onClose}>
      <div className="mk-invite">
        {link ? (
          <>
            <div className="mk-invite__qr">
              <Suspense fallback={<Spinner label={texts.loading} />}>
                <InviteQr value={link} label={texts.qrLabel} />
              </Suspense>
            </div>
            <input className="mk-invite__link" readOnly value={link} aria-label={texts.linkLabel} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="mk-button" onClick={copy}>
              {texts.copy}
            </button>
            <p className="mk-invite__copied" role="status" aria-live="polite">
              {copied ? texts.copied : ''}
            </p>
            {texts.note ? <p className="mk-invite__note">{texts.note}</p> : null}
          </>
        ) : (
          <Spinner label={texts.loading} />
        )}
      </div>
    </Dialog>
  );
}
