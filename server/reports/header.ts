// The header block every project spreadsheet starts with: vessel, port, dates, customer.
import type { Clock } from './format.js';
import { formatDate, formatDateTime } from './format.js';
import type { Translate } from './i18n.js';
import type { ProjectHeader } from './project-data.repository.js';
import type { CellValue } from './xlsx.js';

export interface ReportContext {
  t: Translate;
  clock: Clock;
  /** When the file is made (shown under the title). */
  now: Date;
}

export function projectLabel(project: ProjectHeader): string {
  return project.code ? `${project.code} — ${project.name}` : project.name;
}

export function projectFields(
  project: ProjectHeader,
  { t, clock }: ReportContext,
): (readonly [string, CellValue])[] {
  const dates = [formatDate(project.init_date, clock), formatDate(project.end_date, clock)]
    .filter(Boolean)
    .join(' – ');
  return [
    [t('common.project'), projectLabel(project)],
    [t('common.customer'), project.customer_name ?? ''],
    [t('common.vessel'), project.vessel_name ?? ''],
    [t('common.voyage'), project.voyage ?? ''],
    [t('common.port'), [project.port_name, project.country_name].filter(Boolean).join(', ')],
    [t('common.dock'), project.dock ?? ''],
    [t('common.dates'), dates],
    [t('common.status'), project.status_name ?? ''],
  ];
}

export function subtitle({ t, clock, now }: ReportContext): string {
  return `${t('common.generated')}: ${formatDateTime(now.toISOString(), clock)} · ${t('common.times_in', { zone: clock.timeZone })}`;
}
