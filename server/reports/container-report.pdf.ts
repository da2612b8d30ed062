// The container report PDF: the letterhead, the container number with its ISO 6346 check, size-type,
// seal, vessel and voyage, port, place and date of inspection, the inspector's full name, the
// checklist with every damage highlighted, the photos with their captions, and the inspector's
// signature (drawn on the tablet, or a box to sign on paper).

import { checklist, isDamage, numberCheck, valueText } from './container-checklist.js';
import { drawPhotos, PHOTO_ROW_HEIGHT } from './container-photos.pdf.js';
import type { ContainerReportRow } from './container-report.repository.js';
import { formatDate, formatDateTime } from './format.js';
import { type ReportContext, zoneStatement } from './header.js';
import { drawLetterhead } from './letterhead.js';
import { contentWidth, ensureRoom, finish, newPdf, type Pdf } from './pdf-kit.js';
import { heading, INK, MUTED, particulars } from './pdf-table.js';
import type { Photo } from './photos.js';

const RED = '#B42318';
const DAMAGE_FILL = '#FDE3E1';
const WARN = '#B54708';
const GREEN = '#067647';

function drawRow(doc: Pdf, label: string, value: string, damage: boolean, damageWord: string) {
  const width = contentWidth(doc);
  const left = doc.page.margins.left;
  const labelWidth = 170;
  const tagWidth = damage ? 60 : 0;
  const valueWidth = width - labelWidth - tagWidth - 12;
  doc.font(damage ? 'bold' : 'body').fontSize(10);
  const height =
    Math.max(
      doc.heightOfString(label, { width: labelWidth }),
      doc.heightOfString(value || ' ', { width: valueWidth }),
    ) + 8;
  ensureRoom(doc, height);
  const top = doc.y;
  if (damage) doc.rect(left, top, width, height).fill(DAMAGE_FILL);
  doc.fillColor(damage ? RED : INK).text(label, left + 4, top + 4, { width: labelWidth });
  doc.text(value, left + labelWidth + 8, top + 4, { width: valueWidth });
  if (damage)
    doc
      .font('bold')
      .fontSize(9)
      .text(damageWord, left + width - tagWidth, top + 5, { width: tagWidth - 4, align: 'right' });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.5)
    .strokeColor('#D0D5DD')
    .stroke();
  doc.x = left;
  doc.y = top + height;
}

/** The inspector's signature: the pad's image when signed on the tablet, else a line to sign on. */
function signatureBox(doc: Pdf, signature: Buffer | null, inspector: string, context: ReportContext) {
  const { t } = context;
  heading(doc, t('container.signature'), 110);
  const width = contentWidth(doc) / 2;
  const left = doc.page.margins.left;
  ensureRoom(doc, 100);
  const top = doc.y;
  doc.lineWidth(0.6).strokeColor('#9AA4B2').rect(left, top, width, 96).stroke();
  if (signature)
    doc.image(signature, left + 6, top + 6, { fit: [width - 12, 56], align: 'center', valign: 'center' });
  else
    doc
      .moveTo(left + 8, top + 62)
      .lineTo(left + width - 8, top + 62)
      .lineWidth(0.4)
      .strokeColor(INK)
      .stroke();
  doc
    .font('bold')
    .fontSize(9)
    .fillColor(INK)
    .text(inspector || '—', left + 8, top + 68, { width: width - 16 });
  doc
    .font('body')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t('container.inspector'), left + 8, doc.y, { width: width - 16 });
  doc.x = left;
  doc.y = top + 104;
}

export interface ContainerPdfInput {
  report: ContainerReportRow;
  photos: readonly Photo[];
  context: ReportContext;
  logo: Buffer | null;
  /** The inspector's signature redrawn (photos.ts signaturePng); null when none or unreadable. */
  signature: Buffer | null;
  /** The names of what the report refers to, in the report's language. */
  names: { vessel: string; port: string; inspector: string };
}

export async function containerReportPdf({
  report,
  photos,
  context,
  logo,
  signature,
  names,
}: ContainerPdfInput): Promise<Buffer> {
  const { t, clock, now } = context;
  const doc = await newPdf(`${t('container.title')} ${report.container_number}`);
  const zone = zoneStatement(context);
  drawLetterhead(doc, {
    company: context.company,
    logo,
    title: t('container.title'),
    lines: [`${t('common.generated')}: ${formatDateTime(now.toISOString(), clock)}`, zone],
  });
  const width = contentWidth(doc);
  doc.font('bold').fontSize(22).fillColor(INK).text(report.container_number, { width });
  const check = numberCheck(report.container_number, t);
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(check.ok ? GREEN : WARN)
    .text(check.text, { width });
  doc.moveDown(0.5);

  particulars(doc, [
    [t('container.size_type'), report.size_type ?? ''],
    [t('container.seal_number'), report.seal_number ?? ''],
    [t('common.vessel'), names.vessel],
    [t('common.voyage'), report.voyage ?? ''],
    [t('common.port'), names.port],
    [t('container.place'), report.place ?? ''],
    [t('container.date'), formatDate(report.date, clock) || '—'],
    [t('container.inspector'), names.inspector || '—'],
    [t('container.status'), report.status_description ?? '—'],
  ]);

  const damages = checklist
    .flatMap((section) => section.checks)
    .filter((item) => isDamage(report, item)).length;
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(damages > 0 ? RED : INK)
    .text(damages > 0 ? t('container.damage_count', { count: damages }) : t('container.no_damage_found'), {
      width,
    });

  for (const { section, checks } of checklist) {
    heading(doc, t(`container.${section}`), 40);
    for (const item of checks)
      drawRow(
        doc,
        t(`container.${item.field}`),
        valueText(report, item, t),
        isDamage(report, item),
        t('container.damage'),
      );
  }

  // The heading goes with the first row of photos: never alone at the foot of a page.
  heading(doc, t('container.photos'), photos.length > 0 ? PHOTO_ROW_HEIGHT : 20);
  if (photos.length === 0)
    doc.font('body').fontSize(10).fillColor(INK).text(t('container.no_photos'), { width });
  else drawPhotos(doc, photos, (name) => t('container.photo_unreadable', { name }));

  signatureBox(doc, signature, names.inspector, context);
  return finish(
    doc,
    (page, pages) => `${report.container_number} · ${zone} · ${t('container.page', { page, pages })}`,
  );
}
