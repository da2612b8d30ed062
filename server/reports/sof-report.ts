// The statement of facts spreadsheet, after the BIMCO/FONASBA standard SOF: the call's particulars,
// the events with dates and local times, the remarks and the signatures; a second sheet with the
// daily table of hours worked and stopped (by cause), gangs and quantity. Made from the same content
// as the SOF PDF (src/domain/sof/content.ts).
import { delayAttributions } from '../../src/domain/enums.js';
import { nameIn, type SofContent, type SofEvent } from '../../src/domain/sof/content.js';
import { formatDate, weekday } from './format.js';
import { pageFrame, type ReportContext, subtitle } from './header.js';
import { particularCell, sofParticulars, sofSpan, sofSubject } from './sof-text.js';
import { type CellValue, day, hours, integer, ReportBook, tons, units, when } from './xlsx.js';

function eventCells(event: SofEvent, context: ReportContext): CellValue[] {
  const { t, clock, language } = context;
  const date = formatDate(event.at, clock);
  const sameDay = event.end && formatDate(event.end, clock) === date;
  const localDay = when(event.at, clock, 'date');
  const kind = event.cause
    ? `${t(`sof.kind_${event.kind}`)} · ${t(`ratios.cause_${event.cause}`)}`
    : t(`sof.kind_${event.kind}`);
  return [
    localDay,
    localDay && typeof localDay === 'object' && 'wall' in localDay
      ? weekday(new Date(localDay.wall).toISOString().slice(0, 10), clock)
      : '',
    when(event.at, clock, 'time'),
    event.end ? when(event.end, clock, sameDay ? 'time' : 'datetime') : null,
    nameIn(event.type, language),
    kind,
    event.gangs === null ? null : integer(event.gangs),
    event.notes ?? '',
  ];
}

export async function sofReportWorkbook(content: SofContent, context: ReportContext): Promise<ReportBook> {
  const { t, clock } = context;
  const span = sofSpan(content);
  const book = await ReportBook.open(pageFrame(context, t('sof.title'), sofSubject(content, context), span));
  const writer = book.addSheet(t('sof.sheet'), [12, 12, 9, 15, 30, 20, 8, 36]);
  writer.titleBlock(context.company, t('sof.title'), subtitle(context, span));
  writer.fields(
    sofParticulars(content, context).map(([label, value]) => [label, particularCell(value, context)]),
  );

  writer.heading(t('sof.events_heading'));
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
    content.events.map((event) => eventCells(event, context)),
    { empty: t('common.no_data'), repeatHeader: true },
  );
  writer.fields([[t('common.remarks'), content.remarks ?? '']]);
  writer.heading(t('sof.signatures'));
  writer.signatureLines([t('sof.master'), t('sof.agent'), t('sof.stevedore')]);

  const daily = book.addSheet(
    t('sof.daily_sheet'),
    [12, 12, 11, 11, 11, ...delayAttributions.map(() => 12), 8, 11, 11],
    {
      landscape: true,
    },
  );
  daily.titleBlock(context.company, t('sof.daily_heading'), subtitle(context, span));
  const net = (worked: number, stopped: number) => Math.round(worked * 100 - stopped * 100) / 100;
  daily.table(
    [
      { header: t('sof.date') },
      { header: t('sof.day') },
      { header: t('sof.hours_worked') },
      { header: t('sof.hours_stopped') },
      { header: t('sof.hours_net') },
      ...delayAttributions.map((cause) => ({
        header: t('sof.stopped_by', { cause: t(`ratios.cause_${cause}`) }),
      })),
      { header: t('sof.gangs') },
      { header: t('sof.quantity') },
      { header: t('sof.tons') },
    ],
    content.days.map((row) => [
      day(row.date),
      weekday(row.date, clock),
      hours(row.hours_worked),
      hours(row.hours_stopped),
      hours(net(row.hours_worked, row.hours_stopped)),
      ...delayAttributions.map((cause) => hours(row.stopped_by[cause])),
      integer(row.gangs),
      units(row.quantity),
      tons(row.tons),
    ]),
    {
      repeatHeader: true,
      empty: t('common.no_data'),
      totals: [
        t('common.totals'),
        '',
        hours(content.totals.hours_worked),
        hours(content.totals.hours_stopped),
        hours(net(content.totals.hours_worked, content.totals.hours_stopped)),
        ...delayAttributions.map((cause) => hours(content.totals.stopped_by[cause] ?? 0)),
        '',
        units(content.totals.quantity),
        tons(content.totals.tons),
      ],
      note: t('sof.daily_rule'),
    },
  );
  return book;
}
