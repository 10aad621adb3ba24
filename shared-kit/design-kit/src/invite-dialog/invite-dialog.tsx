import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Button } from '../button/button';
import { useCopyToClipboard } from '../clipboard/use-copy-to-clipboard';
import { Dialog } from '../dialog/dialog';
import { Spinner } from '../loading-screen/loading-screen';
import './invite-dialog.css';

// qrcode.react stays out of the design-kit entry: its chunk loads the first time a dialog opens.
const InviteQr = lazy(() => import('./invite-qr'));

/** The invite's QR code on its own (the live wall's corner); qrcode.react loads with it. */
export function InviteQrCode({ code, label, size, fallback }: { code: string; label: string; size?: number; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback ?? null}>
      <InviteQr value={inviteLink(code)} label={label} size={size} />
    </Suspense>
  );
}

/** Any link as a QR code (the printable kit's preview: a place's invite link); qrcode.react loads with it. */
export function QrCode({ value, label, size, fallback }: { value: string; label: string; size?: number; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback ?? null}>
      <InviteQr value={value} label={label} size={size} />
    </Suspense>
  );
}

/** The share link of spec §3: the app's host plus /invite/{code}. */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin.replace(/\/+$/, '')}/invite/${encodeURIComponent(code)}`;
}

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
  const { copied, copy, reset } = useCopyToClipboard();
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);

  const link = code ? inviteLink(code, origin) : null;

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
            <input className="mk-input mk-invite__link" readOnly value={link} aria-label={texts.linkLabel} onFocus={(event) => event.currentTarget.select()} />
            <Button onClick={() => void copy(link)}>{texts.copy}</Button>
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
