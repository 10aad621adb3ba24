import { QRCodeSVG } from 'qrcode.react';

/** The QR drawing, in its own chunk (imported lazily by the invite dialog and the live wall). */
export default function InviteQr({ value, label, size = 208 }: { value: string; label: string; size?: number }) {
  return <QRCodeSVG value={value} size={size} marginSize={2} role="img" aria-label={label} title={label} />;
}
