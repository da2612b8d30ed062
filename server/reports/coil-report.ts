// The coil report spreadsheet: the project's ratios per (commodity, activity), delay by cause,
// tonnes by hold, then every coil validated and the exceptions (./coil-list.ts), and one tab per
// commodity_hold key (product-decisions.md, "Reports"). The ratios come from the same domain functions
// as the tablet's summary modal, so both show the same numbers for the same data.
import { delayAttributions } from '../../src/domain/enums.js';
import { activityOf, buildContext } from '../../src/domain/ratios/context.js';
import {
  apportion,
  formatScaled,
  parseTonsKey,
  projectSummaries,
  type RatioRow,
  toMilli,
} from '../../src/domain/ratios/index.js';
import { coilExceptions, coilList, type Refusal } from './coil-list.js';
import { callSpan, pageFrame, projectFields, projectLabel, type ReportContext, subtitle } from './header.js';
import type { PackingCoil, ProjectData } from './project-data.repository.js';
import {
  type CellValue,
  type Column,
  hours,
  integer,
  ReportBook,
  ratio,
  type SheetWriter,
  tons,
  units,
  when,
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

const RATIO_WIDTHS = [24, 16, 9, 12, 12, 9, 11, 11, 11, 11, 11, 11, 11, 12, 12, 16];

function ratioColumns({ t }: ReportContext): Column[] {
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
    units(row.quantity),
    tons(row.tons),
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

export async function coilReportWorkbook(
  data: ProjectData<PackingCoil>,
  report: CoilReportRow | undefined,
  refusals: readonly Refusal[],
  context: ReportContext,
): Promise<ReportBook> {
  const { t, clock } = context;
  const summaries = projectSummaries(data);
  const inReport = (row: { commodity: string | null; activity: string | null }) =>
    !report || (row.commodity === report.commodity && row.activity === report.activity);
  const rows = summaries.project_summary.filter(inReport);
  const total = report ? (rows[0] ?? emptyLike(summaries.total)) : summaries.total;
  const project = data.project;
  const span = callSpan(data);

  const book = await ReportBook.open(pageFrame(context, t('coil.title'), projectLabel(project), span));
  const writer = book.addSheet(t('coil.sheet'), RATIO_WIDTHS, { landscape: true });
  writer.titleBlock(context.company, t('coil.title'), subtitle(context, span));
  writer.fields([
    ...projectFields(project, context),
    [t('common.agency'), report?.agency ?? project.agency ?? ''],
    [t('common.applicant'), report?.applicant ?? project.applicant ?? ''],
    [t('common.quay'), report?.quay ?? project.quay ?? ''],
    [t('coil.stevedores'), report?.stevedores ?? ''],
    [t('common.start_ops'), when(report?.start_ops ?? project.start_ops, clock)],
    [t('common.end_ops'), when(report?.end_ops ?? project.end_ops, clock)],
  ]);

  writer.heading(t('coil.ratios_heading'));
  writer.table(
    ratioColumns(context),
    rows.map((row) => ratioCells(row, groupNames(row))),
    {
      totals: ratioCells(total, [t('common.totals'), '']),
      empty: t('common.no_data'),
      note: rows.length > 1 ? t('coil.totals_rule') : undefined,
    },
  );

  writer.heading(t('coil.delay_heading'));
  writer.table(
    [{ header: t('ratios.cause') }, ...rows.map((row) => ({ header: groupNames(row).join(' · ') }))],
    delayAttributions.map((cause) => [
      t(`ratios.cause_${cause}`),
      ...rows.map((row) => hours(row.delay_by[cause])),
    ]),
    { note: t('coil.causes_overlap') },
  );

  writeHolds(writer, data, summaries, report, total, context);

  writer.fields([
    [t('common.remarks'), report?.remarks ?? project.remarks ?? ''],
    [t('coil.cargo_overlanded'), report?.cargo_overlanded ?? ''],
    [t('coil.operation_others'), report?.operation_others ?? ''],
  ]);

  // The coils of the report's group (every validated one without a report), and the exceptions.
  const ratioContext = buildContext(data);
  const items = data.packingList.filter(
    (item) =>
      inReport({ commodity: item.commodity, activity: activityOf(item, ratioContext) }) || !item.validated,
  );
  const inGroup = report ? items.filter((item) => item.commodity === report.commodity) : items;
  coilList(book, data, inGroup, context, total);
  coilExceptions(book, data, inGroup, refusals, context);

  // One tab per commodity_hold key, with the same columns (the summary modal's tabs).
  for (const [key, keyRows] of Object.entries(summaries.commodity_summary)) {
    const shown = keyRows.filter(inReport);
    if (shown.length === 0) continue;
    const { commodity, hold } = parseTonsKey(key);
    const tab = book.addSheet(key, RATIO_WIDTHS, { landscape: true });
    tab.titleBlock(
      context.company,
      `${commodityName(data, commodity)} · ${t('ratios.hold')} ${hold ?? t('ratios.no_hold')}`,
      subtitle(context, span),
    );
    tab.table(
      ratioColumns(context),
      shown.map((row) => ratioCells(row, groupNames(row))),
    );
  }
  return book;
}

/** Tonnes by commodity and hold: the rows add up to the total (rounded by largest remainder). */
function writeHolds(
  writer: SheetWriter,
  data: ProjectData<PackingCoil>,
  summaries: ReturnType<typeof projectSummaries>,
  report: CoilReportRow | undefined,
  total: RatioRow,
  { t }: ReportContext,
) {
  writer.heading(t('coil.tons_heading'));
  const holdRows = Object.entries(summaries.commodity_summary).flatMap(([key, keyRows]) => {
    const shown = report
      ? keyRows.filter((row) => row.commodity === report.commodity && row.activity === report.activity)
      : keyRows;
    if (shown.length === 0) return [];
    const { commodity, hold } = parseTonsKey(key);
    const grams = toMilli(shown[0]?.net_weight_kg);
    return [
      { name: commodityName(data, commodity), hold, grams, tons: summaries.tons_summary[key] ?? '0.00' },
    ];
  });
  // Without a report the keys' tonnes are the tons_summary's (rounded to add up to the total); with
  // one, the group's grams in each key, rounded to add up to the group's total the same way.
  const shares = report
    ? apportion(
        holdRows.map((row) => row.grams),
        10_000n,
        toMilli(total.tons) / 10n,
      ).map((steps) => formatScaled(steps, 2, 2))
    : holdRows.map((row) => row.tons);
  writer.table(
    [{ header: t('common.commodity') }, { header: t('ratios.hold') }, { header: t('ratios.tons') }],
    holdRows.map((row, index): CellValue[] => [
      row.name,
      row.hold === null ? t('ratios.no_hold') : integer(row.hold),
      tons(shares[index] ?? '0.00'),
    ]),
    {
      totals: [t('common.totals'), '', tons(total.tons)],
      empty: t('common.no_data'),
      note: t('coil.tons_rule'),
    },
  );
}

function commodityName(data: ProjectData<PackingCoil>, code: string): string {
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
