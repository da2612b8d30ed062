// The statement of facts' particulars and frame, shared by its spreadsheet and its PDF.
import { nameIn, type SofContent, sofTimes } from '../../src/domain/sof/content.js';
import type { ReportContext } from './header.js';
import type { TextKey } from './i18n.js';
import { type CellValue, day, when } from './xlsx.js';

/** A particular's value: text, an instant (ISO UTC) or a calendar date. */
export type Particular = string | { at: string | null } | { date: string | null };

const TIME_LABELS: Record<(typeof sofTimes)[number], TextKey> = {
  eta_portcall: 'sof.eta',
  reported_and_ready: 'sof.reported_and_ready',
  time_to_count: 'sof.time_to_count',
  start_ops: 'common.start_ops',
  end_ops: 'common.end_ops',
  despatched: 'sof.despatched',
  etd_portcall: 'sof.etd',
};

/** The call's particulars, in the order of the BIMCO/FONASBA form. */
export function sofParticulars(content: SofContent, { t, language }: ReportContext): [string, Particular][] {
  const { project } = content;
  return [
    [t('common.vessel'), nameIn(content.vessel, language)],
    [t('common.voyage'), project.voyage ?? ''],
    [
      t('common.port'),
      [nameIn(content.port, language), nameIn(content.country, language)].filter(Boolean).join(', '),
    ],
    [t('sof.berthing_wharf'), project.berth ?? ''],
    [t('common.project'), project.code ? `${project.code} — ${project.name}` : project.name],
    [t('common.customer'), project.customer ?? ''],
    [t('common.agency'), project.agency ?? ''],
    [t('sof.previous_port'), nameIn(content.previous_port, language)],
    [t('sof.next_port'), nameIn(content.next_port, language)],
    [t('common.init_date'), { date: project.init_date }],
    ...sofTimes.map((name): [string, Particular] => [t(TIME_LABELS[name]), { at: content.times[name] }]),
  ];
}

/** A particular as a spreadsheet cell (instants as local date-times). */
export function particularCell(value: Particular, context: ReportContext): CellValue {
  if (typeof value === 'string') return value;
  return 'at' in value ? when(value.at, context.clock) : day(value.date);
}

/** From the first to the last instant the SOF shows (for the time zone statement), or null. */
export function sofSpan(content: SofContent): [number, number] | null {
  const instants = [
    ...content.events.flatMap((event) => [event.at, event.end]),
    ...Object.values(content.times),
  ]
    .map((value) => (value ? Date.parse(value) : Number.NaN))
    .filter(Number.isFinite);
  return instants.length > 0 ? [Math.min(...instants), Math.max(...instants)] : null;
}

/** What the page header names: the call and the vessel. */
export function sofSubject(content: SofContent, { language }: ReportContext): string {
  const call = content.project.code ?? content.project.name;
  const vessel = nameIn(content.vessel, language);
  return vessel ? `${call} · ${vessel}` : call;
}
