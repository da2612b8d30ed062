// The coil report spreadsheet: the project's ratios per (commodity, activity), delay by cause,
// tonnes by hold, and one tab per commodity_hold key (product-decisions.md, "Reports").
import { delayAttributions } from '../../src/domain/enums.js';
import { parseTonsKey, projectSummaries, type RatioRow } from '../../src/domain/ratios/index.js';
import { formatDateTime } from './format.js';
import { projectFields, type ReportContext, subtitle } from './header.js';
import type { ProjectData } from './project-data.repository.js';
import {
  type CellValue,
  type Column,
  decimal,
  hours,
  integer,
  ReportBook,
  ratio,
  type SheetWriter,
} from './xlsx.js';

/** The coil report row the file is made for (its commodity and activity pick the group). */
export interface CoilReportRow {
  commodity: string;
  activity: string;
  agency: string | null;
  applicant: string | null;
  quay: string | null;
  stevedores: string | null;
  remarks: string | null;
  cargo_overlanded: string | null;
  start_ops: string | null;
  end_ops: string | null;
  operation_others: string | null;
}

const RATIO_WIDTHS = [24, 18, 10, 14, 14, 10, 12, 12, 12, 12, 12, 12, 12, 14, 14, 16];

function ratioColumns(context: ReportContext): Column[] {
  const { t } = context;
  return [
    { header: t('common.commodity') },
    { header: t('common.activity') },
    { header: t('ratios.hands') },
    { header: t('ratios.quantity') },
    { header: t('ratios.tons') },
    { header: t('ratios.lifts') },
    { header: t('ratios.gross_time') },
    { header: t('ratios.delay') },
    { header: t('ratios.net_time') },
    { header: t('ratios.effective_time') },
    { header: t('ratios.coils_hour') },
    { header: t('ratios.tons_hour') },
    { header: t('ratios.lifting_rate') },
    { header: t('ratios.tons_ratio') },
    { header: t('ratios.load_ratio') },
    { header: t('ratios.net_time_stevedore') },
  ];
}

function ratioCells(row: RatioRow, names: readonly [string, string]): CellValue[] {
  return [
    names[0],
    names[1],
    integer(row.hands),
    decimal(row.quantity),
    decimal(row.tons, 'decimal2'),
    integer(row.lifts),
    hours(row.gross_time),
    hours(row.delay),
    hours(row.net_time),
    hours(row.effective_time),
    ratio(row.coils_hour),
    ratio(row.tons_hour),
    ratio(row.lifting_rate),
    ratio(row.tons_ratio),
    ratio(row.load_ratio),
    hours(row.net_time_stevedore),
  ];
}

const groupNames = (row: RatioRow): [string, string] => [
  row.commodity_name ?? row.commodity ?? '',
  row.activity_name ?? '—',
];

function writeRatios(
  writer: SheetWriter,
  rows: readonly RatioRow[],
  total: RatioRow,
  context: ReportContext,
) {
  const { t } = context;
  writer.table(
    ratioColumns(context),
    rows.map((row) => ratioCells(row, groupNames(row))),
    { totals: ratioCells(total, [t('common.totals'), '']), empty: t('common.no_data') },
  );
}

export async function coilReportWorkbook(
  data: ProjectData,
  report: CoilReportRow | undefined,
  context: ReportContext,
): Promise<ReportBook> {
  const { t, clock } = context;
  const summaries = projectSummaries(data);
  const inReport = (row: RatioRow) =>
    !report || (row.commodity === report.commodity && row.activity === report.activity);
  const rows = summaries.project_summary.filter(inReport);
  const total = report ? (rows[0] ?? emptyLike(summaries.total)) : summaries.total;
  const project = data.project;

  const book = await ReportBook.open();
  const writer = book.addSheet(t('coil.sheet'), RATIO_WIDTHS);
  writer.title(t('coil.title'), subtitle(context));
  writer.fields([
    ...projectFields(project, context),
    [t('common.agency'), report?.agency ?? project.agency ?? ''],
    [t('common.applicant'), report?.applicant ?? project.applicant ?? ''],
    [t('common.quay'), report?.quay ?? project.quay ?? ''],
    [t('coil.stevedores'), report?.stevedores ?? ''],
    [t('common.start_ops'), formatDateTime(report?.start_ops ?? project.start_ops, clock)],
    [t('common.end_ops'), formatDateTime(report?.end_ops ?? project.end_ops, clock)],
  ]);

  writer.heading(t('coil.ratios_heading'));
  writeRatios(writer, rows, total, context);

  writer.heading(t('coil.delay_heading'));
  writer.table(
    [{ header: t('ratios.cause') }, ...rows.map((row) => ({ header: groupNames(row).join(' · ') }))],
    delayAttributions.map((cause) => [
      t(`ratios.cause_${cause}`),
      ...rows.map((row) => hours(row.delay_by[cause])),
    ]),
  );

  writer.heading(t('coil.tons_heading'));
  // Per key, the tonnes of the groups shown (all of them without a report: the tons_summary).
  const tonsRows = Object.entries(summaries.commodity_summary).flatMap(([key, keyRows]) => {
    const shown = keyRows.filter(inReport);
    if (shown.length === 0) return [];
    const { commodity, hold } = parseTonsKey(key);
    const tons = report ? (shown[0]?.tons ?? '0.00') : (summaries.tons_summary[key] ?? '0.00');
    return [
      [
        commodityName(data, commodity),
        hold === null ? t('ratios.no_hold') : integer(hold),
        decimal(tons, 'decimal2'),
      ],
    ];
  });
  writer.table(
    [{ header: t('common.commodity') }, { header: t('ratios.hold') }, { header: t('ratios.tons') }],
    tonsRows,
    { totals: [t('common.totals'), '', decimal(total.tons, 'decimal2')], empty: t('common.no_data') },
  );

  writer.fields([
    [t('common.remarks'), report?.remarks ?? project.remarks ?? ''],
    [t('coil.cargo_overlanded'), report?.cargo_overlanded ?? ''],
    [t('coil.operation_others'), report?.operation_others ?? ''],
  ]);

  // One tab per commodity_hold key, with the same columns (the summary modal's tabs).
  for (const [key, keyRows] of Object.entries(summaries.commodity_summary)) {
    const shown = keyRows.filter(inReport);
    if (shown.length === 0) continue;
    const { commodity, hold } = parseTonsKey(key);
    const tab = book.addSheet(key, RATIO_WIDTHS);
    tab.title(`${commodityName(data, commodity)} · ${t('ratios.hold')} ${hold ?? t('ratios.no_hold')}`);
    tab.table(
      ratioColumns(context),
      shown.map((row) => ratioCells(row, groupNames(row))),
    );
  }
  return book;
}

function commodityName(data: ProjectData, code: string): string {
  return data.commodities.find((row) => row.code === code)?.name ?? code;
}

/** A group with nothing in it (a coil report whose commodity and activity saw no validation). */
function emptyLike(total: RatioRow): RatioRow {
  return {
    ...total,
    hands: 0,
    quantity: '0.000',
    net_weight_kg: '0.000',
    tons: '0.00',
    lifts: 0,
    gross_time: 0,
    delay: 0,
    delay_by: { ship: 0, stevedore: 0, receiver: 0, weather: 0, authority: 0, other: 0 },
    net_time: 0,
    net_time_stevedore: 0,
    effective_time: 0,
    tons_ratio: null,
    load_ratio: null,
    coils_hour: null,
    tons_hour: null,
    lifting_rate: null,
  };
}
