import type { PrintableKind } from '@momentos/api-contract';
import { drawQrCode, newPdf } from '../pdf-parts';
import { placeInviteLink } from '@momentos/app-manifest/dist/invite-place';

/** What every card of the kit shows. */
export interface KitEvent {
  name: string;
  /** 'YYYY-MM-DD HH:mm' */
  date: string;
  /** The event's image as JPEG or PNG bytes (its 1200×630 card), or null. */
  image: Buffer | null;
  /** The invite link, `https://host/invite/CODE`. */
  inviteLink: string;
}

export const INSTRUCTION = 'Aponte a câmera do celular para o QR code e envie suas fotos e vídeos';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
/** A6 is a quarter of A4: the four cards tile the page exactly and are cut along its middle lines. */
const A6 = { width: A4.width / 2, height: A4.height / 2 };
const STICKER = 50 * MM;
const STICKER_COLUMNS = 3;
const STICKER_ROWS = 5;
const INK = '#1f1a17';
const MUTED = '#5b5550';

/** 'YYYY-MM-DD HH:mm' as the app shows it: 'DD/MM/YYYY HH:mm'. */
export function printedDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(date);
  return match ? `${match[3]}/${match[2]}/${match[1]} ${match[4]}:${match[5]}` : date;
}

/** The link as people type it: without the scheme. */
export const writtenLink = (link: string) => link.replace(/^https?:\/\//, '');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The printable QR kit (issue 28) as a PDF: one code per place (or one without a place), laid out as
 * table cards (A6, four per A4 page with cut marks), posters (A4) or stickers (5 × 5 cm, a grid of
 * 15 on A4). QR codes are vector paths, text is DejaVu Sans embedded.
 */
export async function buildKitPdf(event: KitEvent, kind: PrintableKind, places: readonly string[]): Promise<Buffer> {
  const { doc, done } = newPdf({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    info: { Title: `${event.name}: QR codes`, Author: 'Momentos', Subject: INSTRUCTION },
  });

  const codes: (string | null)[] = places.length > 0 ? [...places] : [null];
  if (kind === 'poster') {
    for (const place of codes) {
      doc.addPage({ size: 'A4', margin: 0 });
      drawCard(doc, event, place, { x: 0, y: 0, width: A4.width, height: A4.height }, 2);
    }
  } else if (kind === 'cards') {
    // Without places a page of four identical cards; with places one card each.
    const cards = places.length > 0 ? codes : [null, null, null, null];
    cards.forEach((place, index) => {
      const cell = index % 4;
      if (cell === 0) {
        doc.addPage({ size: 'A4', margin: 0 });
        drawCutMarks(doc);
      }
      const box = { x: (cell % 2) * A6.width, y: Math.floor(cell / 2) * A6.height, width: A6.width, height: A6.height };
      drawCard(doc, event, place, box, 1);
    });
  } else {
    const perPage = STICKER_COLUMNS * STICKER_ROWS;
    const stickers = places.length > 0 ? codes : Array.from({ length: perPage }, () => null);
    const gapX = (A4.width - STICKER_COLUMNS * STICKER) / (STICKER_COLUMNS + 1);
    const gapY = (A4.height - STICKER_ROWS * STICKER) / (STICKER_ROWS + 1);
    stickers.forEach((place, index) => {
      const cell = index % perPage;
      if (cell === 0) doc.addPage({ size: 'A4', margin: 0 });
      const column = cell % STICKER_COLUMNS;
      const row = Math.floor(cell / STICKER_COLUMNS);
      drawSticker(doc, event, place, { x: gapX + column * (STICKER + gapX), y: gapY + row * (STICKER + gapY), width: STICKER, height: STICKER });
    });
  }
  doc.end();
  return done;
}

/** A table card or, at twice the size, a poster: image, name, date, place, QR code, link, instruction. */
function drawCard(doc: PDFKit.PDFDocument, event: KitEvent, place: string | null, box: Box, scale: number) {
  const pad = 22 * scale;
  const width = box.width - 2 * pad;
  const left = box.x + pad;
  let y = box.y + pad;

  if (event.image) {
    const imageHeight = Math.round((width * 630) / 1200);
    doc.save();
    doc.roundedRect(left, y, width, imageHeight, 6 * scale).clip();
    doc.image(event.image, left, y, { cover: [width, imageHeight], align: 'center', valign: 'center' });
    doc.restore();
    y += imageHeight + 10 * scale;
  }

  doc.fillColor(INK).font('bold').fontSize(15 * scale);
  doc.text(event.name, left, y, { width, align: 'center', height: 38 * scale, ellipsis: true });
  y = doc.y + 2 * scale;
  doc.fillColor(MUTED).font('regular').fontSize(9.5 * scale);
  doc.text(printedDate(event.date), left, y, { width, align: 'center' });
  y = doc.y + 6 * scale;
  if (place !== null) {
    doc.fillColor(INK).font('bold').fontSize(17 * scale);
    doc.text(place, left, y, { width, align: 'center', height: 24 * scale, ellipsis: true });
    y = doc.y + 4 * scale;
  }

  // What is left goes to the code, the link and the instruction under it.
  const textBelow = 44 * scale;
  const qrSize = Math.min(width * 0.62, box.y + box.height - pad - y - textBelow);
  drawQrCode(doc, placeInviteLink(event.inviteLink, place), box.x + (box.width - qrSize) / 2, y, qrSize);
  y += qrSize + 4 * scale;
  doc.fillColor(INK).font('bold').fontSize(9 * scale);
  doc.text(writtenLink(event.inviteLink), left, y, { width, align: 'center' });
  y = doc.y + 3 * scale;
  doc.fillColor(MUTED).font('regular').fontSize(8 * scale);
  doc.text(INSTRUCTION, left, y, { width, align: 'center' });
}

/** A 5 × 5 cm sticker: place, QR code, link and the event's name (no room for the image). */
function drawSticker(doc: PDFKit.PDFDocument, event: KitEvent, place: string | null, box: Box) {
  doc.save();
  doc.lineWidth(0.5).strokeColor('#c9c4bf').roundedRect(box.x, box.y, box.width, box.height, 8).stroke();
  doc.restore();
  const pad = 7;
  const width = box.width - 2 * pad;
  let y = box.y + pad;
  doc.fillColor(INK).font('bold').fontSize(7.5);
  doc.text(event.name, box.x + pad, y, { width, align: 'center', height: 10, ellipsis: true, lineBreak: false });
  y += 11;
  if (place !== null) {
    doc.font('bold').fontSize(9).text(place, box.x + pad, y, { width, align: 'center', height: 12, ellipsis: true, lineBreak: false });
    y += 12;
  }
  const qrSize = box.y + box.height - pad - 10 - y;
  drawQrCode(doc, placeInviteLink(event.inviteLink, place), box.x + (box.width - qrSize) / 2, y, qrSize);
  doc.fillColor(INK).font('regular').fontSize(5.5);
  doc.text(writtenLink(event.inviteLink), box.x + 2, box.y + box.height - pad - 6, { width: box.width - 4, align: 'center', lineBreak: false });
}


/** Cut marks of four A6 cards on A4: the middle lines at the page's edges and a cross in its centre. */
function drawCutMarks(doc: PDFKit.PDFDocument) {
  const mark = 14;
  const midX = A4.width / 2;
  const midY = A4.height / 2;
  doc.save();
  doc.lineWidth(0.5).strokeColor('#8a847f');
  doc.moveTo(midX, 0).lineTo(midX, mark).stroke();
  doc.moveTo(midX, A4.height - mark).lineTo(midX, A4.height).stroke();
  doc.moveTo(0, midY).lineTo(mark, midY).stroke();
  doc.moveTo(A4.width - mark, midY).lineTo(A4.width, midY).stroke();
  doc.moveTo(midX - mark / 2, midY).lineTo(midX + mark / 2, midY).stroke();
  doc.moveTo(midX, midY - mark / 2).lineTo(midX, midY + mark / 2).stroke();
  doc.restore();
}
