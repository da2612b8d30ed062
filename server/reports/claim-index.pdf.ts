// A claim bundle's index.pdf, made in the reports' worker thread: a cover with the bundle's hash and how
// to check it, then one page (or more) per record with its photos' thumbnails and provenance, and its
// documents; every flagged file in red. Times in the port's local time, as the other reports.
import { galleryZones } from '../../src/domain/enums.js';
import type { ManifestRow } from './claim-manifest.js';
import { type Clock, formatDateTime } from './format.js';
import type { TextKey, Translate } from './i18n.js';
import { contentWidth, ensureRoom, finish, newPdf, type Pdf } from './pdf-kit.js';
import { INK, MUTED } from './pdf-table.js';
import { preparePhoto } from './photos.js';
import { type JobCommon, jobContext } from './workbook-job.js';

const FLAG = '#B42318';
const COLUMNS = 3;
const GAP = 12;
const BOX = 130;
const CAPTION = 96;

export type ClaimIndexJob = JobCommon & {
  kind: 'claim-index';
  project: string;
  madeBy: string;
  bundleSha256: string;
  records: { resource: string; label: string; created_at: string; rows: ManifestRow[] }[];
  /** The WebP thumbnails made on upload, by attachment id (photos only). */
  thumbnails: { id: string; bytes: Uint8Array }[];
};

const zoneText = (t: Translate, zone: string) =>
  t(
    `container.zone_${(galleryZones as readonly string[]).includes(zone) ? zone : 'uncategorized'}` as TextKey,
  );

/** The lines under a file: provenance, then its flags (true: drawn in red). */
function captionLines(row: ManifestRow, t: Translate, clock: Clock): [string, boolean][] {
  const at = (iso: string) => formatDateTime(iso, clock);
  const lines: [string, boolean][] = [
    [row.captured_at ? t('claim.captured', { at: at(row.captured_at) }) : t('claim.captured_unknown'), false],
    [t('claim.arrived', { at: at(row.arrived_at) }), false],
    [t('claim.by', { who: row.author || row.author_username || '—' }), false],
  ];
  if (row.capture_device) lines.push([t('claim.device', { device: row.capture_device }), false]);
  if (row.latitude && row.longitude) {
    const accuracy = row.accuracy_m ? ` ${t('claim.accuracy', { metres: row.accuracy_m })}` : '';
    lines.push([`${t('claim.position', { lat: row.latitude, lon: row.longitude })}${accuracy}`, false]);
  }
  if (row.zone) lines.push([t('claim.zone', { zone: zoneText(t, row.zone) }), false]);
  lines.push([t('claim.sha256', { hash: row.sha256 }), false]);
  if (row.integrity === 'changed') lines.push([t('claim.changed', { hash: row.stored_sha256 }), true]);
  if (row.integrity === 'missing') lines.push([t('claim.missing'), true]);
  if (row.altered_since_capture) lines.push([t('claim.altered'), true]);
  if (row.edited_since_upload)
    lines.push([t('claim.edited', { at: at(row.edited_at), who: row.edited_by || '—' }), true]);
  return lines;
}

function writeCaption(doc: Pdf, row: ManifestRow, lines: [string, boolean][], x: number, width: number) {
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor(INK)
    .text(row.name, x, doc.y, { width, ellipsis: true, height: 10 });
  if (row.description)
    doc
      .font('body')
      .fontSize(7)
      .fillColor(INK)
      .text(row.description, x, doc.y, { width, height: 18, ellipsis: true });
  for (const [line, flagged] of lines)
    doc
      .font(flagged ? 'bold' : 'body')
      .fontSize(6.5)
      .fillColor(flagged ? FLAG : MUTED)
      .text(line, x, doc.y, { width });
}

function cover(doc: Pdf, job: ClaimIndexJob, t: Translate, clock: Clock) {
  const rows = job.records.flatMap((record) => record.rows);
  const flagged = rows.filter((row) => row.integrity !== 'intact').length;
  doc.font('bold').fontSize(16).fillColor(INK).text(t('claim.title'));
  doc.moveDown(0.3).fontSize(12).text(job.project);
  doc.font('body').fontSize(9).fillColor(MUTED).text(job.company);
  doc.text(t('claim.made', { at: formatDateTime(job.now, clock), who: job.madeBy }));
  doc.text(t('claim.times', { zone: job.timeZone }));
  doc.moveDown().font('bold').fontSize(10).fillColor(INK).text(t('claim.bundle_hash'));
  doc.font('body').fontSize(10).text(job.bundleSha256, { characterSpacing: 0.3 });
  doc.moveDown(0.5).fontSize(8.5).fillColor(MUTED).text(t('claim.how_to_check'));
  doc
    .moveDown()
    .fontSize(10)
    .fillColor(INK)
    .text(t('claim.files_count', { count: rows.length }));
  if (flagged)
    doc
      .font('bold')
      .fillColor(FLAG)
      .text(t('claim.flagged_count', { count: flagged }));
  else doc.text(t('claim.none_flagged'));
  doc.moveDown();
  for (const record of job.records)
    doc
      .font('body')
      .fontSize(9)
      .fillColor(INK)
      .text(`• ${recordTitle(record, t)} (${record.rows.length})`);
}

const recordTitle = (record: ClaimIndexJob['records'][number], t: Translate) =>
  record.resource === 'project'
    ? t('claim.project_files')
    : t(`claim.record.${record.resource}` as TextKey, { label: record.label });

/** index.pdf's bytes. */
export async function buildClaimIndex(job: ClaimIndexJob): Promise<Buffer> {
  const { t, clock } = jobContext(job);
  const thumbnails = new Map(job.thumbnails.map((item) => [item.id, item.bytes]));
  const doc = await newPdf(`${t('claim.title')} ${job.project}`);
  cover(doc, job, t, clock);
  const left = doc.page.margins.left;
  const width = (contentWidth(doc) - GAP * (COLUMNS - 1)) / COLUMNS;
  for (const record of job.records) {
    doc.addPage();
    doc.font('bold').fontSize(13).fillColor(INK).text(recordTitle(record, t));
    if (record.created_at)
      doc
        .font('body')
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(t('claim.recorded', { at: formatDateTime(record.created_at, clock) }));
    doc.moveDown(0.5);
    if (record.rows.length === 0) doc.font('body').fontSize(9).fillColor(MUTED).text(t('claim.no_files'));
    const photos = record.rows.filter((row) => thumbnails.has(row.attachment_id));
    const documents = record.rows.filter((row) => !thumbnails.has(row.attachment_id));
    for (let index = 0; index < photos.length; index += COLUMNS) {
      ensureRoom(doc, BOX + CAPTION);
      const top = doc.y;
      let lowest = top;
      for (const [column, row] of photos.slice(index, index + COLUMNS).entries()) {
        const x = left + column * (width + GAP);
        const bytes = thumbnails.get(row.attachment_id);
        const photo = bytes ? await preparePhoto(Buffer.from(bytes), row.name) : null;
        if (photo?.jpeg)
          doc.image(photo.jpeg, x, top, { fit: [width, BOX], align: 'center', valign: 'center' });
        else doc.rect(x, top, width, BOX).strokeColor('#D0D5DD').stroke();
        if (row.integrity !== 'intact')
          doc.rect(x, top, width, BOX).lineWidth(2).strokeColor(FLAG).stroke().lineWidth(1);
        doc.y = top + BOX + 4;
        writeCaption(doc, row, captionLines(row, t, clock), x, width);
        lowest = Math.max(lowest, doc.y);
      }
      doc.x = left;
      doc.y = lowest + GAP;
    }
    if (documents.length) {
      ensureRoom(doc, 60);
      doc.font('bold').fontSize(10).fillColor(INK).text(t('claim.documents'), left, doc.y);
      for (const row of documents) {
        ensureRoom(doc, CAPTION);
        doc.moveDown(0.3);
        writeCaption(doc, row, captionLines(row, t, clock), left, contentWidth(doc));
      }
    }
  }
  return finish(doc, (page, pages) => `${job.project} · ${t('common.page', { page, pages })}`);
}
