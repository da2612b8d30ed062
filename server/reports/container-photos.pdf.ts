// The container report's photos: two a row, each with its caption (what it shows, then its zone, when
// and by whom it was taken), the section's heading never left alone at the foot of a page.
import { contentWidth, ensureRoom, type Pdf } from './pdf-kit.js';
import { INK, MUTED } from './pdf-table.js';
import type { Photo } from './photos.js';

const WARN = '#B54708';
const BOX_HEIGHT = 200;
const CAPTION_HEIGHT = 40;
const GAP = 16;

/** Height of one row of photos with their captions. */
export const PHOTO_ROW_HEIGHT = BOX_HEIGHT + CAPTION_HEIGHT + 8;

export function drawPhotos(doc: Pdf, photos: readonly Photo[], unreadable: (name: string) => string) {
  const left = doc.page.margins.left;
  const boxWidth = (contentWidth(doc) - GAP) / 2;
  for (let index = 0; index < photos.length; index += 2) {
    ensureRoom(doc, PHOTO_ROW_HEIGHT);
    const top = doc.y;
    for (const [column, photo] of photos.slice(index, index + 2).entries()) {
      const x = left + column * (boxWidth + GAP);
      if (photo.jpeg)
        doc.image(photo.jpeg, x, top, { fit: [boxWidth, BOX_HEIGHT], align: 'center', valign: 'center' });
      else
        doc
          .rect(x, top, boxWidth, BOX_HEIGHT)
          .strokeColor('#D0D5DD')
          .stroke()
          .font('body')
          .fontSize(9)
          .fillColor(WARN)
          .text(unreadable(photo.caption), x + 8, top + BOX_HEIGHT / 2, { width: boxWidth - 16 });
      doc
        .font('bold')
        .fontSize(8)
        .fillColor(INK)
        .text(photo.caption, x, top + BOX_HEIGHT + 4, { width: boxWidth, height: 12, ellipsis: true });
      if (photo.details)
        doc
          .font('body')
          .fontSize(7)
          .fillColor(MUTED)
          .text(photo.details, x, top + BOX_HEIGHT + 17, { width: boxWidth, height: 20, ellipsis: true });
    }
    doc.x = left;
    doc.y = top + PHOTO_ROW_HEIGHT;
  }
}
