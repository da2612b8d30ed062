// The container report PDF: the container number (with its ISO 6346 check), inspector, date and
// status, the checklist with every damage highlighted, and the photos.
import type { containerReportFields } from '../../src/domain/container-report.js';
import { checkContainerNumber } from '../../src/domain/iso6346.js';
import type { ContainerReportRow } from './container-report.repository.js';
import { type Clock, formatDate, formatDateTime } from './format.js';
import type { Translate } from './i18n.js';
import { contentWidth, ensureRoom, finish, newPdf, type Pdf } from './pdf-kit.js';
import type { Photo } from './photos.js';

/** The checklist's fields: every field of the spec's container report but the general data. */
type Field = Exclude<keyof typeof containerReportFields, 'container_number' | 'manager' | 'date' | 'status'>;
/** flag: ticked is damage; good: ticked is good (floor cleaned); side: a side's condition; text: notes. */
type Check = { field: Field; kind: 'flag' | 'good' | 'side' | 'text' };

export const checklist: readonly {
  section: 'external' | 'internal' | 'stowage';
  checks: readonly Check[];
}[] = [
  {
    section: 'external',
    checks: [
      { field: 'external_floor_break', kind: 'flag' },
      { field: 'external_transversal_break', kind: 'flag' },
      { field: 'external_door_handle_bent', kind: 'flag' },
      { field: 'external_door_status', kind: 'side' },
      { field: 'external_left_side_status', kind: 'side' },
      { field: 'external_right_side_status', kind: 'side' },
      { field: 'external_bottom_status', kind: 'side' },
      { field: 'external_roof_status', kind: 'side' },
      { field: 'external_others', kind: 'text' },
    ],
  },
  {
    section: 'internal',
    checks: [
      { field: 'internal_floor_wood_broken', kind: 'flag' },
      { field: 'internal_floor_cleaned', kind: 'good' },
      { field: 'internal_door_handle_bent', kind: 'flag' },
      { field: 'internal_left_side_status', kind: 'side' },
      { field: 'internal_right_side_status', kind: 'side' },
      { field: 'internal_bottom_status', kind: 'side' },
      { field: 'internal_roof_status', kind: 'side' },
      { field: 'internal_floor_others', kind: 'text' },
    ],
  },
  {
    section: 'stowage',
    checks: [
      { field: 'wooden_dowels_left', kind: 'flag' },
      { field: 'load_shift', kind: 'flag' },
      { field: 'stowage_others', kind: 'text' },
    ],
  },
];

const RED = '#B42318';
const DAMAGE_FILL = '#FDE3E1';
const WARN = '#B54708';
const INK = '#1F2937';

/** Whether a check shows damage. */
export function isDamage(report: ContainerReportRow, check: Check): boolean {
  const value = report[check.field];
  if (check.kind === 'flag') return value === true;
  if (check.kind === 'side') return value === 'broken' || value === 'small_damage';
  return false;
}

function valueText(report: ContainerReportRow, check: Check, t: Translate): string {
  const value = report[check.field];
  if (check.kind === 'flag' || check.kind === 'good') return t(value ? 'container.yes' : 'container.no');
  if (check.kind === 'side')
    return typeof value === 'string' && ['no_damage', 'broken', 'small_damage'].includes(value)
      ? t(`container.${value as 'no_damage' | 'broken' | 'small_damage'}`)
      : t('container.not_inspected');
  return typeof value === 'string' ? value : '';
}

function numberWarning(containerNumber: string, t: Translate): string | null {
  const check = checkContainerNumber(containerNumber);
  if (check.valid) return null;
  const number = check.normalized || containerNumber;
  if (check.problem === 'check_digit')
    return t('container.check_bad_digit', {
      number,
      expected: String(check.expected_check_digit),
      digit: String(check.check_digit),
    });
  return t(check.problem === 'category' ? 'container.check_bad_category' : 'container.check_bad_format', {
    number,
  });
}

function drawRow(doc: Pdf, label: string, value: string, damage: boolean, t: Translate) {
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
      .text(t('container.damage'), left + width - tagWidth, top + 5, { width: tagWidth - 4, align: 'right' });
  doc
    .moveTo(left, top + height)
    .lineTo(left + width, top + height)
    .lineWidth(0.5)
    .strokeColor('#D0D5DD')
    .stroke();
  doc.x = left;
  doc.y = top + height;
}

function drawPhotos(doc: Pdf, photos: readonly Photo[], t: Translate) {
  const left = doc.page.margins.left;
  const gap = 16;
  const boxWidth = (contentWidth(doc) - gap) / 2;
  const boxHeight = 200;
  const captionHeight = 36;
  for (let index = 0; index < photos.length; index += 2) {
    ensureRoom(doc, boxHeight + captionHeight + 8);
    const top = doc.y;
    for (const [column, photo] of photos.slice(index, index + 2).entries()) {
      const x = left + column * (boxWidth + gap);
      if (photo.jpeg)
        doc.image(photo.jpeg, x, top, { fit: [boxWidth, boxHeight], align: 'center', valign: 'center' });
      else
        doc
          .rect(x, top, boxWidth, boxHeight)
          .strokeColor('#D0D5DD')
          .stroke()
          .font('body')
          .fontSize(9)
          .fillColor(WARN)
          .text(t('container.photo_unreadable', { name: photo.caption }), x + 8, top + boxHeight / 2, {
            width: boxWidth - 16,
          });
      doc
        .font('body')
        .fontSize(8)
        .fillColor(INK)
        .text(photo.caption, x, top + boxHeight + 4, {
          width: boxWidth,
          height: captionHeight - 4,
          ellipsis: true,
        });
    }
    doc.x = left;
    doc.y = top + boxHeight + captionHeight + 8;
  }
}

export interface ContainerPdfInput {
  report: ContainerReportRow;
  photos: readonly Photo[];
  t: Translate;
  clock: Clock;
  now: Date;
}

export async function containerReportPdf({
  report,
  photos,
  t,
  clock,
  now,
}: ContainerPdfInput): Promise<Buffer> {
  const doc = await newPdf(`${t('container.title')} ${report.container_number}`);
  const width = contentWidth(doc);
  doc.font('bold').fontSize(18).fillColor(INK).text(t('container.title'), { width });
  doc.font('bold').fontSize(22).text(report.container_number, { width });
  const warning = numberWarning(report.container_number, t);
  if (warning) doc.font('bold').fontSize(10).fillColor(WARN).text(warning, { width });
  doc.moveDown(0.5);

  const manager = [report.manager_first_name, report.manager_last_name].filter(Boolean).join(' ');
  const inspector = report.manager_username
    ? `${manager || report.manager_username} (${report.manager_username})`
    : '—';
  drawRow(doc, t('container.inspector'), inspector, false, t);
  drawRow(doc, t('container.date'), formatDate(report.date, clock) || '—', false, t);
  drawRow(doc, t('container.status'), report.status_description ?? '—', false, t);

  const damages = checklist
    .flatMap((section) => section.checks)
    .filter((check) => isDamage(report, check)).length;
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(11)
    .fillColor(damages > 0 ? RED : INK)
    .text(damages > 0 ? t('container.damage_count', { count: damages }) : t('container.no_damage_found'), {
      width,
    });

  for (const { section, checks } of checklist) {
    doc.moveDown(0.8);
    ensureRoom(doc, 40);
    doc
      .font('bold')
      .fontSize(13)
      .fillColor(INK)
      .text(t(`container.${section}`), { width });
    doc.moveDown(0.2);
    for (const check of checks)
      drawRow(doc, t(`container.${check.field}`), valueText(report, check, t), isDamage(report, check), t);
  }

  doc.moveDown(0.8);
  ensureRoom(doc, 40);
  doc.font('bold').fontSize(13).fillColor(INK).text(t('container.photos'), { width });
  doc.moveDown(0.3);
  if (photos.length === 0) doc.font('body').fontSize(10).text(t('container.no_photos'), { width });
  else drawPhotos(doc, photos, t);

  const generated = t('container.generated', { date: formatDateTime(now.toISOString(), clock) });
  return finish(
    doc,
    (page, pages) => `${report.container_number} · ${generated} · ${t('container.page', { page, pages })}`,
  );
}
