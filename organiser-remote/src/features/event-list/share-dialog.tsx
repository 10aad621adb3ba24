import { useEffect, useRef, useState } from 'react';
import { Dialog, Spinner, formatText, inviteLink } from '@momentos/design-kit';
import { fetchQrCodeImage, getShareQrCode, resolveApiUrl, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';
import { copiedMessageMs, qrFileName, whatsAppUrl } from './share-rules';

export interface ShareDialogProps {
  event: EventItem | null;
  onClose: () => void;
}

const t = texts.share;

/** 'Compartilhar evento' (spec §2, §4): QR (loading placeholder first), Baixar, Compartilhar, Copiar link, warning. */
export function ShareDialog({ event, onClose }: ShareDialogProps) {
  const [qrcode, setQrcode] = useState<string | null>(null);
  const [qrShown, setQrShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setQrcode(null);
    setQrShown(false);
    setCopied(false);
    if (!event) return undefined;
    let current = true;
    void getShareQrCode(event.code).then((result) => {
      if (!current) return;
      if (result.status === 200 && result.data?.qrcode) setQrcode(result.data.qrcode);
      else console.error('Could not load the QR code', result.status, result.message);
    });
    return () => {
      current = false;
    };
  }, [event]);

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  if (!event) return null;
  const link = inviteLink(event.code);

  const download = async () => {
    if (!qrcode) return;
    const result = await fetchQrCodeImage(qrcode);
    if (result.status !== 200 || !(result.data instanceof Blob)) {
      console.error('Could not download the QR code', result.status, result.message);
      return;
    }
    try {
      const url = URL.createObjectURL(result.data);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = qrFileName();
      document.body.appendChild(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      console.error('Could not download the QR code', error);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), copiedMessageMs);
    } catch (error) {
      console.error('Could not copy the invite link', error);
    }
  };

  return (
    <Dialog open title={t.title} closeLabel={t.close} onClose={onClose}>
      <div className="share">
        <div className="share__qr" aria-busy={!qrShown}>
          {qrcode ? (
            <img
              src={resolveApiUrl(qrcode)}
              alt={formatText(t.qrAlt, { name: event.name })}
              width={200}
              height={200}
              className={qrShown ? 'share__qr-image' : 'share__qr-image share__qr-image--loading'}
              onLoad={() => setQrShown(true)}
              onError={() => console.error('Could not show the QR code')}
            />
          ) : null}
          {!qrShown ? (
            <div className="share__qr-placeholder">
              <Spinner label={t.loadingQr} />
            </div>
          ) : null}
        </div>
        <label className="mk-visually-hidden" htmlFor="share-link">
          {t.linkLabel}
        </label>
        <input id="share-link" className="org-input share__link" readOnly value={link} onFocus={(focus) => focus.currentTarget.select()} />
        <div className="share__actions">
          <button type="button" className="mk-button mk-button--secondary" onClick={download} disabled={!qrShown}>
            {t.download}
          </button>
          <a className="mk-button share__whatsapp" href={whatsAppUrl(event.name, link)} target="_blank" rel="noopener noreferrer">
            {t.share}
          </a>
          <button type="button" className="mk-button mk-button--secondary" onClick={copy}>
            {t.copy}
          </button>
        </div>
        <p className="share__copied" role="status" aria-live="polite">
          {copied ? t.copied : ''}
        </p>
        <p className="share__warning">{t.warning}</p>
      </div>
    </Dialog>
  );
}
