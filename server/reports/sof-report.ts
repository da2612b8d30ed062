// The statement of facts, after the BIMCO/FONASBA standard SOF: the call's particulars, the events
// with dates and times, a daily table of hours worked and stopped, gangs and quantity, remarks and
// signatures.
import { dailyRows, projectSummaries } from '../../src/domain/ratios/index.js';
import { formatDate, formatDateTime, formatTime, utcOffsetMinutes, weekday } from './format.js';
import { projectFields, type ReportContext, subtitle } from './header.js';
import type { ProjectData } from './project-data.repository.js';
import { decimal, hours, integer, ReportBook } from './xlsx.js';

/** The SOF report row the file is made for; without one the project's own fields are used. */
export interface SofReportRow {
  previous_port_name: string | null;
  port_name: string | null;
  next_port_name: string | null;
  berthing_wharf: string | null;
  reported_and_ready: string | null;
  time_to_count: string | null;
  despatched: string | null;
  eta_portcall: string | null;
  etd_portcall: string | null;
  remarks: string | null;
}

function localDate(iso: string, context: ReportContext): string {
  const offset = utcOffsetMinutes(context.clock.timeZone, Date.parse(iso));
  return new Date(Date.parse(iso) + offset * 60_000).toISOString().slice(0, 10);
}

export async function sofReportWorkbook(
  data: ProjectData,
  report: SofReportRow | undefined,
  context: ReportContext,
): Promise<ReportBook> {
  const { t, clock } = context;
  const project = data.project;
  const book = await ReportBook.open();
  const writer = book.addSheet(t('sof.sheet'), [14, 14, 12, 16, 30, 14, 10, 40]);
  writer.title(t('sof.title'), subtitle(context));
  const when = (value: string | null | undefined) => formatDateTime(value, clock);
  writer.fields([
    ...projectFields(
      report?.port_name ? { ...project, port_name: report.port_name, country_name: null } : project,
      context,
    ),
    [t('sof.previous_port'), report?.previous_port_name ?? project.previous_port_name ?? ''],
    [t('sof.next_port'), report?.next_port_name ?? project.next_port_name ?? ''],
    [t('sof.berthing_wharf'), report?.berthing_wharf ?? project.berthing_wharf ?? ''],
    [t('common.agency'), project.agency ?? ''],
    [t('sof.eta'), when(report?.eta_portcall ?? project.eta_portcall)],
    [t('sof.etd'), when(report?.etd_portcall ?? project.etd_portcall)],
    [t('sof.reported_and_ready'), when(report?.reported_and_ready ?? project.reported_and_ready)],
    [t('sof.time_to_count'), when(report?.time_to_count ?? project.time_to_count)],
    [t('common.start_ops'), when(project.start_ops)],
    [t('common.end_ops'), when(project.end_ops)],
    [t('sof.despatched'), when(report?.despatched ?? project.despatched)],
  ]);

  writer.heading(t('sof.events_heading'));
  const types = new Map(data.eventTypes.map((type) => [type.id, type]));
  writer.table(
    [
      { header: t('sof.date') },
      { header: t('sof.day') },
      { header: t('sof.from') },
      { header: t('sof.to') },
      { header: t('sof.event') },
      { header: t('sof.kind') },
      { header: t('sof.gangs') },
      { header: t('sof.notes') },
    ],
    data.events.map((event) => {
      const type = types.get(event.event);
      const sameDay =
        event.end_date && formatDate(event.end_date, clock) === formatDate(event.init_date, clock);
      return [
        formatDate(event.init_date, clock),
        weekday(localDate(event.init_date, context), clock),
        formatTime(event.init_date, clock),
        sameDay ? formatTime(event.end_date, clock) : formatDateTime(event.end_date, clock),
        type?.description ?? '',
        type ? t(`sof.kind_${type.kind}`) : '',
        event.number_gangs ?? null,
        event.notes ?? '',
      ];
    }),
    { empty: t('common.no_data') },
  );

  writer.heading(t('sof.daily_heading'));
  const firstWork = data.hands.map((hand) => hand.init_date).find(Boolean);
  const offset = utcOffsetMinutes(clock.timeZone, firstWork ? Date.parse(firstWork) : context.now.getTime());
  const days = dailyRows(data, { utcOffsetMinutes: offset });
  const summary = projectSummaries(data);
  const sum = (pick: (day: (typeof days)[number]) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  writer.table(
    [
      { header: t('sof.date') },
      { header: t('sof.day') },
      { header: t('sof.hours_worked') },
      { header: t('sof.hours_stopped') },
      { header: t('sof.hours_net') },
      { header: t('sof.gangs') },
      { header: t('sof.quantity') },
      { header: t('sof.tons') },
    ],
    days.map((day) => [
      formatDate(day.date, clock),
      weekday(day.date, clock),
      hours(day.hours_worked),
      hours(day.hours_stopped),
      hours(day.hours_worked - day.hours_stopped),
      integer(day.gangs),
      decimal(day.quantity),
      decimal(day.tons, 'decimal2'),
    ]),
    {
      totals: [
        t('common.totals'),
        '',
        hours(sum((day) => day.hours_worked)),
        hours(sum((day) => day.hours_stopped)),
        hours(sum((day) => day.hours_worked - day.hours_stopped)),
        integer(sum((day) => day.gangs)),
        decimal(summary.total.quantity),
        decimal(summary.total.tons, 'decimal2'),
      ],
      empty: t('common.no_data'),
    },
  );

  writer.fields([[t('common.remarks'), report?.remarks ?? project.remarks ?? '']]);
  writer.heading(t('sof.signatures'));
  const signatureRow = writer.nextRow;
  [t('sof.master'), t('sof.agent'), t('sof.stevedore'), t('sof.receiver')].forEach((label, index) => {
    const cell = writer.sheet.getCell(signatureRow + 3, 1 + index * 2);
    cell.value = label;
    cell.border = { top: { style: 'thin' } };
  });
  return book;
}
