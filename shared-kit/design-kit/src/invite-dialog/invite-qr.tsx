import { QRCodeSVG } from 'qrcode.react';

/** The QR drawing, in its own chunk (imported lazily by the invite dialog). */
export default function InviteQr({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={208} marginSize={2} role="img" aria-label={label} title={label} />;
}
