// PDFKit set-up shared by the PDF reports: A4, fonts that cover any user's text, page footers, and a
// buffer at the end.
import { existsSync } from 'node:fs';
import { onFirstUse } from '../lazy-module.js';

export type Pdf = PDFKit.PDFDocument;

// DejaVu covers Latin, Greek, Cyrillic and more (Helvetica only Latin-1); Helvetica when it is missing.
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const REGULAR = `${FONT_DIR}/DejaVuSans.ttf`;
const BOLD = `${FONT_DIR}/DejaVuSans-Bold.ttf`;

const MARGIN = 48;

const loadPdfKit = onFirstUse(async () => (await import('pdfkit')).default);

/** A new A4 document (pdfkit loads with the first one). */
export async function newPdf(title: string): Promise<Pdf> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 16, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Creator: 'karbontrack' },
  });
  const embedded = existsSync(REGULAR) && existsSync(BOLD);
  doc.registerFont('body', embedded ? REGULAR : 'Helvetica');
  doc.registerFont('bold', embedded ? BOLD : 'Helvetica-Bold');
  doc.font('body');
  return doc;
}

/** Width between the margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Lowest y a block may reach on this page. */
export const pageBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when `height` does not fit below the current position. */
export function ensureRoom(doc: Pdf, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** Writes `footer(page, pages)` at the bottom of every page, then ends the document and answers its bytes. */
export function finish(doc: Pdf, footer: (page: number, pages: number) => string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin PDFKit would open a page: lift the margin while writing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(8)
      .fillColor('#666666')
      .text(footer(index + 1, count), MARGIN, doc.page.height - MARGIN, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
