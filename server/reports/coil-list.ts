// The coil report's lists: every coil validated (reference, hold, hand, time, weights, damage) and the
// exceptions a receiver asks about: damaged, requiring attention, on the list but not validated, and
// validations the server refused because the coil was validated already (two tablets offline).
import { milliToText, type RatioRow, toMilli, validatedUnits } from '../../src/domain/ratios/index.js';
import type { ReportContext } from './header.js';
import type { PackingCoil, ProjectData } from './project-data.repository.js';
import { type CellValue, integer, kg, type ReportBook, units, when } from './xlsx.js';

/** A validation refused by the sync push (report-rows.repository.ts). */
export interface Refusal {
  reference: string;
  /** When the prompter validated it on the tablet, and when the server refused it. */
  occurred_at: string | null;
  at: string;
  tried_by: string | null;
  validation_hand: string | null;
  validation_hold: number | null;
  validated_by: string | null;
  validated_at: string | null;
}

type Hands = ProjectData['hands'];

/** 'Morning gang · #1 · 21/11/2026 07:00'-like label of a hand, or '' for none. */
function handLabeller(hands: Hands, context: ReportContext) {
  const byId = new Map(hands.map((hand) => [hand.id, hand]));
  const labels = new Map<string, string>();
  return (id: string | null): string => {
    if (!id) return '';
    let label = labels.get(id);
    if (label === undefined) {
      const hand = byId.get(id);
      label = hand
        ? [hand.description, hand.gang_no !== null ? `#${hand.gang_no}` : null].filter(Boolean).join(' · ') ||
          context.t('coil.hand_without_name')
        : '';
      labels.set(id, label);
    }
    return label;
  };
}

function damageText(item: PackingCoil, { t }: ReportContext): string {
  const kinds = (item.damage ?? []).map((kind) =>
    t(`coil.damage_${kind as 'marked_by_bulkhead' | 'opened_packing' | 'wrapping' | 'marked_by_stamps'}`),
  );
  return [...kinds, item.other_damage ?? ''].filter(Boolean).join('; ');
}

const isDamaged = (item: PackingCoil) => (item.damage ?? []).length > 0 || Boolean(item.other_damage);
/** By validation time (items never validated last), then reference. */
const byTime = (a: PackingCoil, b: PackingCoil) => {
  const left = a.validation_datetime ?? '\uffff';
  const right = b.validation_datetime ?? '\uffff';
  if (left !== right) return left < right ? -1 : 1;
  return a.reference < b.reference ? -1 : a.reference > b.reference ? 1 : 0;
};

const LIST_WIDTHS = [20, 14, 7, 26, 17, 9, 14, 14, 34, 11];

/** Sheet 'Coils': every validated coil of `items`, by validation time, with totals that are the sums shown. */
export function coilList(
  book: ReportBook,
  data: ProjectData<PackingCoil>,
  items: readonly PackingCoil[],
  context: ReportContext,
  total: RatioRow,
) {
  const { t, clock } = context;
  const hand = handLabeller(data.hands, context);
  const commodities = new Map(data.commodities.map((row) => [row.id, row.name]));
  const validated = items.filter((item) => item.validated).sort(byTime);
  const sheet = book.addSheet(t('coil.list_sheet'), LIST_WIDTHS, { landscape: true });
  sheet.titleBlock(
    context.company,
    t('coil.list_title'),
    t('coil.list_subtitle', { count: validated.length }),
  );
  let unitSum = 0n;
  let netSum = 0n;
  let grossSum = 0n;
  const rows = validated.map((item): CellValue[] => {
    const itemUnits = validatedUnits(item);
    unitSum += itemUnits;
    netSum += toMilli(item.net_weight);
    grossSum += toMilli(item.gross_weight);
    return [
      item.reference,
      commodities.get(item.commodity) ?? '',
      item.validation_hold === null ? '' : integer(item.validation_hold),
      hand(item.validation_hand),
      when(item.validation_datetime, clock),
      units(milliToText(itemUnits)),
      kg(item.net_weight),
      kg(item.gross_weight),
      damageText(item, context),
      item.requires_attention ? t('common.yes') : '',
    ];
  });
  sheet.table(
    [
      { header: t('coil.reference') },
      { header: t('common.commodity') },
      { header: t('ratios.hold') },
      { header: t('coil.hand') },
      { header: t('coil.validated_at') },
      { header: t('coil.units') },
      { header: t('coil.net_weight') },
      { header: t('coil.gross_weight') },
      { header: t('coil.damage') },
      { header: t('coil.requires_attention') },
    ],
    rows,
    {
      repeatHeader: true,
      empty: t('common.no_data'),
      totals: [
        t('coil.list_totals', { count: validated.length }),
        '',
        '',
        '',
        '',
        units(milliToText(unitSum)),
        kg(milliToText(netSum)),
        kg(milliToText(grossSum)),
        '',
        '',
      ],
      // The list's net weight is the ratios' tonnes before rounding: say so when a receiver compares.
      note: t('coil.list_rule', { tons: total.tons }),
    },
  );
}

/** Sheet 'Exceptions': damaged, requiring attention, not validated, and refused validations. */
export function coilExceptions(
  book: ReportBook,
  data: ProjectData<PackingCoil>,
  items: readonly PackingCoil[],
  refusals: readonly Refusal[],
  context: ReportContext,
) {
  const { t, clock } = context;
  const hand = handLabeller(data.hands, context);
  const sheet = book.addSheet(t('coil.exceptions_sheet'), [20, 12, 7, 26, 17, 40, 17], { landscape: true });
  sheet.titleBlock(context.company, t('coil.exceptions_title'), t('coil.exceptions_subtitle'));
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const itemColumns = [
    { header: t('coil.reference') },
    { header: t('coil.validated') },
    { header: t('ratios.hold') },
    { header: t('coil.hand') },
    { header: t('coil.validated_at') },
    { header: t('coil.damage') },
  ];
  const itemRow = (item: PackingCoil): CellValue[] => [
    item.reference,
    yesNo(item.validated),
    item.validation_hold === null ? '' : integer(item.validation_hold),
    hand(item.validation_hand),
    when(item.validation_datetime, clock),
    damageText(item, context),
  ];
  const sorted = [...items].sort(byTime);
  sheet.heading(t('coil.damaged_heading'));
  sheet.table(itemColumns, sorted.filter(isDamaged).map(itemRow), { empty: t('coil.none') });
  sheet.heading(t('coil.attention_heading'));
  sheet.table(itemColumns, sorted.filter((item) => item.requires_attention).map(itemRow), {
    empty: t('coil.none'),
  });
  sheet.heading(t('coil.not_validated_heading'));
  const waiting = items.filter((item) => !item.validated);
  sheet.table(
    [{ header: t('coil.reference') }, { header: t('coil.net_weight') }, { header: t('coil.damage') }],
    waiting.map((item): CellValue[] => [item.reference, kg(item.net_weight), damageText(item, context)]),
    {
      empty: t('coil.none'),
      totals:
        waiting.length > 0
          ? [
              t('coil.list_totals', { count: waiting.length }),
              kg(milliToText(waiting.reduce((sum, item) => sum + toMilli(item.net_weight), 0n))),
              '',
            ]
          : undefined,
    },
  );
  sheet.heading(t('coil.refused_heading'));
  sheet.table(
    [
      { header: t('coil.reference') },
      { header: t('coil.tried_at') },
      { header: t('ratios.hold') },
      { header: t('coil.hand') },
      { header: t('coil.tried_by') },
      { header: t('coil.validated_before') },
      { header: t('coil.validated_at') },
    ],
    refusals.map((refusal): CellValue[] => [
      refusal.reference,
      when(refusal.occurred_at ?? refusal.at, clock),
      refusal.validation_hold === null ? '' : integer(refusal.validation_hold),
      hand(refusal.validation_hand),
      refusal.tried_by ?? '',
      refusal.validated_by ?? '',
      when(refusal.validated_at, clock),
    ]),
    { empty: t('coil.none'), note: t('coil.refused_rule') },
  );
}
