// What every project spreadsheet starts with: the title block (company, document, when it was made,
// the time zone once), the header block (vessel, port, dates, customer) and the page frame.
import { formatOffset, offsetChanges, offsetMinutes } from '../../src/domain/time.js';
import type { Clock } from './format.js';
import { formatDateTime } from './format.js';
import type { ReportLanguage, Translate } from './i18n.js';
import type { ProjectHeader } from './project-data.repository.js';
import { type CellValue, day, type PageFrame } from './xlsx.js';

export interface ReportContext {
  t: Translate;
  language: ReportLanguage;
  clock: Clock;
  /** When the file is made (shown under the title). */
  now: Date;
  /** The letterhead's company name (COMPANY_NAME). */
  company: string;
}

export function projectLabel(project: ProjectHeader): string {
  return project.code ? `${project.code} — ${project.name}` : project.name;
}

export function projectFields(
  project: ProjectHeader,
  { t }: ReportContext,
): (readonly [string, CellValue])[] {
  return [
    [t('common.project'), projectLabel(project)],
    [t('common.customer'), project.customer_name ?? ''],
    [t('common.vessel'), project.vessel_name ?? ''],
    [t('common.voyage'), project.voyage ?? ''],
    [t('common.port'), [project.port_name, project.country_name].filter(Boolean).join(', ')],
    [t('common.dock'), project.dock ?? ''],
    [t('common.init_date'), day(project.init_date)],
    [t('common.end_date'), day(project.end_date)],
    [t('common.status'), project.status_name ?? ''],
  ];
}

/**
 * The time zone, said once per document: 'Local time, Europe/Madrid, UTC+01:00', or with the offsets
 * in force through `span` when the clocks change inside it ('UTC+02:00 until 25/10/2026 03:00, then
 * UTC+01:00').
 */
export function zoneStatement(
  { t, clock, now }: ReportContext,
  span?: readonly [number, number] | null,
): string {
  const zone = clock.timeZone;
  const [from, to] = span ?? [now.getTime(), now.getTime()];
  const changes = offsetChanges(zone, from, to);
  if (changes.length === 0)
    return t('common.local_time', { zone, offset: formatOffset(offsetMinutes(zone, from)) });
  const parts = changes.map((change) => {
    // The wall time the change happens at, read on the clock before it (03:00 when 03:00 becomes 02:00).
    const at = new Date(change.at + change.from * 60_000).toISOString();
    const local = `${at.slice(8, 10)}/${at.slice(5, 7)}/${at.slice(0, 4)} ${at.slice(11, 16)}`;
    return t('common.offset_until', { offset: formatOffset(change.from), at: local });
  });
  const last = changes[changes.length - 1];
  parts.push(t('common.offset_then', { offset: formatOffset(last?.to ?? 0) }));
  return t('common.local_time_changes', { zone, offsets: parts.join(', ') });
}

/** Under the title: when the file was made, and the time zone. */
export function subtitle(context: ReportContext, span?: readonly [number, number] | null): string {
  const { t, clock, now } = context;
  return `${t('common.generated')}: ${formatDateTime(now.toISOString(), clock)} · ${zoneStatement(context, span)}`;
}

/** The printed page's header and footer for a document about `subject`. */
export function pageFrame(
  context: ReportContext,
  document: string,
  subject: string,
  span?: readonly [number, number] | null,
): PageFrame {
  return {
    company: context.company,
    document,
    subject,
    zone: zoneStatement(context, span),
    pages: context.t('common.page', { page: '&P', pages: '&N' }),
  };
}

/** From the first to the last time a project's report shows (events, hands, validations), or null. */
export function callSpan(data: {
  events: readonly { init_date: string; end_date: string | null }[];
  hands: readonly { init_date: string | null; end_date: string | null }[];
  packingList: readonly { validation_datetime: string | null }[];
}): [number, number] | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const see = (iso: string | null) => {
    const at = iso ? Date.parse(iso) : Number.NaN;
    if (!Number.isFinite(at)) return;
    from = Math.min(from, at);
    to = Math.max(to, at);
  };
  for (const event of data.events) {
    see(event.init_date);
    see(event.end_date);
  }
  for (const hand of data.hands) {
    see(hand.init_date);
    see(hand.end_date);
  }
  for (const item of data.packingList) see(item.validation_datetime);
  return from <= to ? [from, to] : null;
}
