import { useState } from 'react';
import { Button, ButtonLink, Dialog, Field, Spinner, formatText, inviteLink, useCopyToClipboard } from '@momentos/design-kit';
import { fetchQrCodeImage, resolveApiUrl, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';
import { useShareQrCode } from './api/use-share-qr-code';
import { qrFileName, whatsAppUrl } from './share-rules';

export interface ShareDialogProps {
  event: EventItem;
  onClose: () => void;
}

const t = texts.share;

/** Saves the QR image under its spec §3 file name; every failure is only logged (spec §8). */
async function downloadQrCode(qrcode: string) {
  const result = await fetchQrCodeImage(qrcode);
  if (!result.ok) {
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
}

/** 'Compartilhar evento' (spec §2, §4): QR (loading placeholder first), Baixar, Compartilhar, Copiar link, warning. */
export function ShareDialog({ event, onClose }: ShareDialogProps) {
  const qrcode = useShareQrCode(event.code);
  const [qrShown, setQrShown] = useState(false);
  const { copied, copy } = useCopyToClipboard();
  const link = inviteLink(event.code);

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
        <Field id="share-link" label={t.linkLabel} hideLabel>
          {(control) => (
            <input {...control} className={`${control.className} share__link`} readOnly value={link} onFocus={(focus) => focus.currentTarget.select()} />
          )}
        </Field>
        <div className="share__actions">
          <Button variant="secondary" onClick={() => {
              if (qrcode) void downloadQrCode(qrcode);
            }} disabled={!qrShown}>
            {t.download}
          </Button>
          <ButtonLink className="share__whatsapp" href={whatsAppUrl(event.name, link)} target="_blank" rel="noopener noreferrer">
            {t.share}
          </ButtonLink>
          <Button variant="secondary" onClick={() => void copy(link)}>
            {t.copy}
          </Button>
        </div>
        <p className="share__copied" role="status" aria-live="polite">
          {copied ? t.copied : ''}
        </p>
        <p className="share__warning">{t.warning}</p>
      </div>
    </Dialog>
  );
}
