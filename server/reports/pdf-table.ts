// Tables and headings for the PDF reports: a header row repeated at the top of every page a table
// runs onto, wrapped cells, a totals row, and headings kept with what follows them (never alone at
// the foot of a page).
import { contentWidth, ensureRoom, type Pdf, pageBottom } from './pdf-kit.js';

export const INK = '#1F2937';
export const MUTED = '#475467';
const RULE = '#9AA4B2';
const HEADER_FILL = '#1F3A5F';
const TOTAL_FILL = '#E8EEF5';
const ZEBRA = '#F7F9FC';

export interface PdfColumn {
  header: string;
  /** A share of the table's width (the shares are scaled to fill it). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface PdfTableOptions {
  totals?: readonly string[];
  /** Shown in one row when there are none. */
  empty?: string;
  fontSize?: number;
}

const PAD = 3;

function widthsOf(doc: Pdf, columns: readonly PdfColumn[]): number[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (column.width / total) * contentWidth(doc));
}

function rowHeight(doc: Pdf, cells: readonly string[], widths: readonly number[]): number {
  let height = 0;
  cells.forEach((cell, index) => {
    height = Math.max(height, doc.heightOfString(cell || ' ', { width: (widths[index] ?? 20) - 2 * PAD }));
  });
  return height + 2 * PAD;
}

function drawRow(
  doc: Pdf,
  cells: readonly string[],
  columns: readonly PdfColumn[],
  widths: readonly number[],
  look: { fill?: string; color: string; font: 'body' | 'bold' },
) {
  const left = doc.page.margins.left;
  doc.font(look.font);
  const height = rowHeight(doc, cells, widths);
  const top = doc.y;
  const width = widths.reduce((sum, value) => sum + value, 0);
  if (look.fill) doc.rect(left, top, width, height).fill(look.fill);
  let x = left;
  cells.forEach((cell, index) => {
    const cellWidth = widths[index] ?? 20;
    doc
      .fillColor(look.color)
      .font(look.font)
      .text(cell, x + PAD, top + PAD, { width: cellWidth - 2 * PAD, align: columns[index]?.align ?? 'left' });
    x += cellWidth;
  });
  doc.lineWidth(0.4).strokeColor(RULE).rect(left, top, width, height).stroke();
  x = left;
  for (const cellWidth of widths.slice(0, -1)) {
    x += cellWidth;
    doc
      .moveTo(x, top)
      .lineTo(x, top + height)
      .stroke();
  }
  doc.x = left;
  doc.y = top + height;
}

/** A table whose header row starts every page it runs onto. */
export function drawTable(
  doc: Pdf,
  columns: readonly PdfColumn[],
  rows: readonly (readonly string[])[],
  options: PdfTableOptions = {},
) {
  const size = options.fontSize ?? 8;
  const widths = widthsOf(doc, columns);
  const headers = columns.map((column) => column.header);
  doc.fontSize(size);
  const header = () =>
    drawRow(doc, headers, columns, widths, { fill: HEADER_FILL, color: '#FFFFFF', font: 'bold' });
  // The header and the first row go together.
  doc.font('bold');
  const headerHeight = rowHeight(doc, headers, widths);
  doc.font('body');
  const first = rows[0] ?? [options.empty ?? ''];
  ensureRoom(doc, headerHeight + rowHeight(doc, first, widths));
  header();
  if (rows.length === 0 && options.empty)
    drawRow(doc, [options.empty, ...columns.slice(1).map(() => '')], columns, widths, {
      color: MUTED,
      font: 'body',
    });
  rows.forEach((cells, index) => {
    doc.fontSize(size).font('body');
    const height = rowHeight(doc, cells, widths);
    if (doc.y + height > pageBottom(doc)) {
      doc.addPage();
      doc.fontSize(size);
      header();
    }
    drawRow(doc, cells, columns, widths, {
      fill: index % 2 === 1 ? ZEBRA : undefined,
      color: INK,
      font: 'body',
    });
  });
  if (options.totals) {
    doc.fontSize(size).font('bold');
    ensureRoom(doc, rowHeight(doc, options.totals, widths));
    drawRow(doc, options.totals, columns, widths, { fill: TOTAL_FILL, color: INK, font: 'bold' });
  }
  doc.moveDown(0.6);
}

/** A section heading, moved to the next page with `keepWith` points of what follows when both do not fit. */
export function heading(doc: Pdf, text: string, keepWith = 60) {
  doc.moveDown(0.4);
  doc.font('bold').fontSize(11);
  ensureRoom(doc, doc.heightOfString(text) + keepWith);
  doc.fillColor(INK).text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.25);
}

/** A small italic note across the page. */
export function note(doc: Pdf, text: string) {
  doc.font('body').fontSize(7).fillColor(MUTED);
  ensureRoom(doc, doc.heightOfString(text, { width: contentWidth(doc) }));
  doc.text(text, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.4);
}

/** Text as it prints: a tab or another control character (no font has a glyph for it) becomes a space; line breaks stay. */
export const printable = (text: string) => text.replace(/[^\P{Cc}\n]/gu, ' ');

/** Label/value pairs in a bordered grid, two pairs per line. */
export function particulars(doc: Pdf, pairs: readonly (readonly [string, string])[]) {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  const labelWidth = half * 0.42;
  for (let index = 0; index < pairs.length; index += 2) {
    const line = pairs.slice(index, index + 2).map(([label, value]) => [label, printable(value)] as const);
    doc.fontSize(8);
    let height = 0;
    for (const [label, value] of line) {
      doc.font('bold');
      height = Math.max(height, doc.heightOfString(label, { width: labelWidth - 2 * PAD }));
      doc.font('body');
      height = Math.max(height, doc.heightOfString(value || ' ', { width: half - labelWidth - 2 * PAD }));
    }
    height += 2 * PAD;
    ensureRoom(doc, height);
    const top = doc.y;
    line.forEach(([label, value], column) => {
      const x = left + column * half;
      doc.rect(x, top, labelWidth, height).fill('#F2F4F7');
      doc
        .font('bold')
        .fillColor(INK)
        .text(label, x + PAD, top + PAD, { width: labelWidth - 2 * PAD });
      doc.font('body').text(value, x + labelWidth + PAD, top + PAD, { width: half - labelWidth - 2 * PAD });
      doc.lineWidth(0.4).strokeColor(RULE).rect(x, top, half, height).stroke();
      doc
        .moveTo(x + labelWidth, top)
        .lineTo(x + labelWidth, top + height)
        .stroke();
    });
    doc.x = left;
    doc.y = top + height;
  }
  doc.moveDown(0.6);
}
