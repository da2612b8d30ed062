// The PDF reports' letterhead: the company's logo and name (COMPANY_LOGO_FILE, COMPANY_NAME), the
// document's title and what its times are.
import { stat } from 'node:fs/promises';
import type { Config } from '../config.js';
import { contentWidth, type Pdf } from './pdf-kit.js';
import { INK, MUTED } from './pdf-table.js';
import { loadSharp } from './photos.js';

// The logo as a PNG PDFKit draws, made once per file version (path and modification time).
let cached: { key: string; png: Buffer | null } | undefined;

/** The configured logo as a PNG of at most 600 x 240 px, or null when none is set or it cannot be read. */
export async function companyLogo(config: Config): Promise<Buffer | null> {
  const path = config.company.logoFile;
  if (!path) return null;
  try {
    const key = `${path}:${(await stat(path)).mtimeMs}`;
    if (cached?.key !== key) {
      const sharp = await loadSharp();
      const png = await sharp(path, { limitInputPixels: 50_000_000 })
        .resize({ width: 600, height: 240, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
      cached = { key, png };
    }
    return cached.png;
  } catch {
    return null;
  }
}

export interface Letterhead {
  company: string;
  logo: Buffer | null;
  title: string;
  /** Under the title: the subject (a call, a container), when it was made and the time zone. */
  lines: readonly string[];
}

/** Logo and company on the left, the title and its lines on the right, a rule under them. */
export function drawLetterhead(doc: Pdf, head: Letterhead) {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const top = doc.y;
  let leftBottom = top;
  if (head.logo) {
    doc.image(head.logo, left, top, { fit: [130, 44] });
    leftBottom = top + 48;
  }
  if (head.company) {
    doc
      .font('bold')
      .fontSize(11)
      .fillColor(INK)
      .text(head.company, left, leftBottom, { width: width * 0.45 });
    leftBottom = doc.y;
  }
  const right = left + width * 0.45;
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(INK)
    .text(head.title, right, top, { width: width * 0.55, align: 'right' });
  doc.font('body').fontSize(8).fillColor(MUTED);
  for (const line of head.lines) doc.text(line, right, doc.y, { width: width * 0.55, align: 'right' });
  const bottom = Math.max(doc.y, leftBottom) + 6;
  doc
    .moveTo(left, bottom)
    .lineTo(left + width, bottom)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.x = left;
  doc.y = bottom + 10;
}
