import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

// What every PDF the server makes shares (issue 28's printable kit, issue 26's 'Livro de recados'):
// the embedded fonts and the vector QR codes.

/** DejaVu Sans from the npm registry (dejavu-fonts-ttf): every Portuguese letter, embedded as a subset. */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Registers the fonts 'regular' and 'bold' on a document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
}

/**
 * A new PDF (pdfkit) with the embedded fonts registered, and the whole file once `doc.end()` is
 * called: the QR kit and the 'Livro de recados' are built in memory alike.
 */
export function newPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** A QR code as vector paths (each row's runs of dark modules one rectangle), with its quiet zone, in a white square. */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const quiet = 4;
  const cell = size / (count + 2 * quiet);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let row = 0; row < count; row += 1) {
    let column = 0;
    while (column < count) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < count && modules.get(row, column)) column += 1;
      doc.rect(x + (quiet + start) * cell, y + (quiet + row) * cell, (column - start) * cell, cell);
    }
  }
  doc.fill('#000000');
  doc.restore();
}
