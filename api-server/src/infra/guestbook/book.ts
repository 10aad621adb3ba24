import { drawQrCode, newPdf } from '../../domain/pdf-parts';
import type { EventRow, MessageRow } from '../../db/schema';
import type { Storage } from '../storage';

export const bookTexts = {
  title: 'Livro de recados',
  count: (n: number) => (n === 1 ? '1 recado' : `${n.toLocaleString('pt-BR')} recados`),
  empty: 'Nenhum recado publicado.',
  voice: 'Recado de voz: aponte a câmera do celular para o QR code para ouvir.',
  voiceOnly: '(recado de voz)',
  fileName: 'Recados.pdf',
} as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** '2030-06-01 18:30' → '01/06/2030 18:30'. */
const shownDate = (stored: string) => {
  const [day, time] = stored.split(' ');
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}${time ? ` ${time}` : ''}`;
};

/** An ISO instant as the server's local time (TZ), as the event's own dates are read. */
export const localTime = (iso: string) => {
  const at = new Date(iso);
  return `${pad(at.getDate())}/${pad(at.getMonth() + 1)}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

export interface BookInput {
  event: Pick<EventRow, 'name' | 'date' | 'location' | 'image_path' | 'image_card_path'>;
  /** The published messages, oldest first (a book reads in the order things were said). */
  messages: MessageRow[];
  /** The absolute URL that plays a message's voice note (an expiring signed link). */
  audioLink: (message: MessageRow) => string;
  storage: Pick<Storage, 'get'>;
}

async function readAll(storage: Pick<Storage, 'get'>, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.body as AsyncIterable<Buffer>) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Issue 26: 'Livro de recados', a printable A4 PDF (pdfkit): a cover with the event's name, date and
 * image, then every published message with its author and time, and a QR code beside each voice note
 * that plays it through an expiring link. Fonts embedded, so accents print right anywhere.
 */
export async function renderBook(input: BookInput): Promise<Buffer> {
  // The fonts of issue 28's printable kit (DejaVu from npm: every Portuguese accent, embedded).
  const { doc, done: finished } = newPdf({ size: 'A4', margin: 56, info: { Title: `${bookTexts.title} — ${input.event.name}`, Author: 'Momentos' } });

  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // The cover.
  doc.font('bold').fontSize(30).fillColor('#222').text(input.event.name, { align: 'center' });
  doc.moveDown(0.5);
  doc.font('regular').fontSize(14).fillColor('#555').text(shownDate(input.event.date), { align: 'center' });
  if (input.event.location) doc.text(input.event.location, { align: 'center' });
  doc.moveDown(1.5);
  const imageKey = input.event.image_card_path ?? (input.event.image_path && /\.(jpe?g|png)$/i.test(input.event.image_path) ? input.event.image_path : null);
  const image = imageKey ? await readAll(input.storage, imageKey).catch(() => null) : null;
  if (image) {
    try {
      doc.image(image, doc.page.margins.left, doc.y, { fit: [width, 300], align: 'center' });
      doc.y += 310;
    } catch {
      // An image pdfkit cannot read leaves the cover without it.
    }
  }
  doc.moveDown(1);
  doc.font('bold').fontSize(22).fillColor('#222').text(bookTexts.title, doc.page.margins.left, doc.y, { align: 'center', width });
  doc.font('regular').fontSize(13).fillColor('#555').text(bookTexts.count(input.messages.length), { align: 'center', width });

  // The messages.
  doc.addPage();
  if (input.messages.length === 0) doc.font('regular').fontSize(13).fillColor('#555').text(bookTexts.empty);
  const QR = 96;
  for (const message of input.messages) {
    const hasVoice = Boolean(message.audio_path);
    const textWidth = hasVoice ? width - QR - 16 : width;
    doc.font('bold').fontSize(13);
    const head = doc.heightOfString(message.user_id, { width: textWidth });
    doc.font('regular').fontSize(12);
    const body = message.text ? doc.heightOfString(message.text, { width: textWidth }) : 0;
    const needed = Math.max(head + body + 40, hasVoice ? QR + 24 : 0);
    if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    doc.font('bold').fontSize(13).fillColor('#222').text(message.user_id, doc.page.margins.left, top, { width: textWidth });
    doc.font('regular').fontSize(10).fillColor('#777').text(localTime(message.created_at), { width: textWidth });
    doc.moveDown(0.3);
    doc.font('regular').fontSize(12).fillColor('#222').text(message.text || bookTexts.voiceOnly, { width: textWidth });
    if (hasVoice) {
      // A vector code, as the printable kit's: sharp at any print size.
      drawQrCode(doc, input.audioLink(message), doc.page.margins.left + width - QR, top, QR);
      doc.font('regular').fontSize(8).fillColor('#777').text(bookTexts.voice, doc.page.margins.left + width - QR - 8, top + QR + 2, { width: QR + 8, align: 'center' });
      doc.y = Math.max(doc.y, top + QR + 30);
    }
    doc.moveDown(0.8);
    doc.moveTo(doc.page.margins.left, doc.y).lineTo(doc.page.margins.left + width, doc.y).strokeColor('#ddd').lineWidth(0.5).stroke();
    doc.moveDown(0.8);
  }
  doc.end();
  return finished;
}
