import { formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

/** The QR download's file name (spec §3): qrcode-evento- plus a random id, .png. */
export function qrFileName(random: () => number = Math.random): string {
  const id = Array.from({ length: 2 }, () => random().toString(36).slice(2, 8)).join('');
  return `qrcode-evento-${id || '0'}.png`;
}

/** The prefilled WhatsApp message: the invitation text with the invite link. */
export function whatsAppUrl(eventName: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(formatText(texts.share.invitation, { name: eventName, link }))}`;
}
