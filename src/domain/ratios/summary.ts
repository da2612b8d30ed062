// The decisions page's ratios ("Events, stoppages and the ratios"), per (commodity, activity).
import { delayAttributions } from '../enums';
import { activityOf, buildContext, type RatioContext, type Stoppage, type Validated } from './context';
import { formatScaled, gramsToTons, gramsToTonsText, MILLI, milliToText, toMilli } from './decimal';
import { intersect, lengthOf, type Span, toHours, union } from './intervals';
import { apportion } from './rounding';
import type { DelayBy, PackingRow, ProjectSummaries, RatioRow, RatiosInput } from './types';

/** A ratio over zero time has no value (shown '—'), never Infinity or NaN. */
const perHour = (amount: number, hours: number): number | null => (hours > 0 ? amount / hours : null);

export { validatedUnits } from './context';

function delayWithin(stoppages: readonly Stoppage[], working: readonly Span[]): number {
  return lengthOf(intersect(union(stoppages.map((stoppage) => stoppage.span)), working));
}

/** The ratios of `items` (validated, of one group) and the hands that validated them. */
function ratioRow(
  items: readonly Validated[],
  context: RatioContext,
  commodity: string | null,
  activity: string | null,
): RatioRow {
  const hands = new Set<string>();
  const lifts = new Set<string>();
  let unliftedItems = 0;
  let units = 0n;
  let grams = 0n;
  for (const { row, units: itemUnits, grams: itemGrams } of items) {
    if (row.validation_hand) hands.add(row.validation_hand);
    if (row.lift_id) lifts.add(row.lift_id);
    else unliftedItems++;
    units += itemUnits;
    grams += itemGrams;
  }

  const spans: Span[] = [];
  const stoppages: Stoppage[] = [...context.eventStoppages];
  for (const hand of hands) {
    const span = context.handSpan.get(hand);
    if (span) spans.push(span);
    stoppages.push(...(context.incidenceStoppages.get(hand) ?? []));
  }
  const working = union(spans);
  const grossMs = lengthOf(working);
  const delayMs = delayWithin(stoppages, working);
  const delayBy = {} as DelayBy;
  for (const cause of delayAttributions)
    delayBy[cause] = toHours(
      delayWithin(
        stoppages.filter((stoppage) => stoppage.attribution === cause),
        working,
      ),
    );
  const othersMs = delayWithin(
    stoppages.filter((stoppage) => stoppage.attribution !== 'stevedore'),
    working,
  );

  const netTime = toHours(grossMs - delayMs);
  const tons = gramsToTons(grams);
  const quantity = Number(units) / Number(MILLI);
  const liftCount = lifts.size + unliftedItems;
  const commodityRow = commodity ? context.commodities.get(commodity) : undefined;
  const activityRow = activity ? context.activities.get(activity) : undefined;
  return {
    commodity,
    commodity_code: commodityRow?.code ?? null,
    commodity_name: commodityRow?.name ?? null,
    activity,
    activity_name: activityRow?.name ?? null,
    operation: activityRow?.operation ?? null,
    hands: hands.size,
    quantity: milliToText(units),
    net_weight_kg: milliToText(grams),
    tons: gramsToTonsText(grams),
    lifts: liftCount,
    gross_time: toHours(grossMs),
    delay: toHours(delayMs),
    delay_by: delayBy,
    net_time: netTime,
    net_time_stevedore: toHours(grossMs - othersMs),
    effective_time: netTime,
    tons_ratio: perHour(tons, netTime),
    load_ratio: perHour(quantity, netTime),
    coils_hour: perHour(quantity, netTime),
    tons_hour: perHour(tons, netTime),
    lifting_rate: perHour(liftCount, netTime),
  };
}

const byName = (a: string | null, b: string | null) => (a ?? '\uffff').localeCompare(b ?? '\uffff');

/** One row per (commodity, activity) among `items`, by commodity name then activity name. */
function groupRows(items: readonly Validated[], context: RatioContext): RatioRow[] {
  const groups = new Map<string, { commodity: string; activity: string | null; items: Validated[] }>();
  for (const item of items) {
    const activity = activityOf(item.row, context);
    const key = `${item.row.commodity}|${activity ?? ''}`;
    const group = groups.get(key) ?? { commodity: item.row.commodity, activity, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ratioRow(group.items, context, group.commodity, group.activity))
    .sort(
      (a, b) =>
        byName(a.commodity_name ?? a.commodity, b.commodity_name ?? b.commodity) ||
        byName(a.activity_name, b.activity_name),
    );
}

/** The tons_summary key of an item: commodity code (or id when unknown) and hold ('none' when unknown). */
function tonsKey(item: PackingRow, context: RatioContext): string {
  const code = context.commodities.get(item.commodity)?.code ?? item.commodity;
  return `${code}_${item.validation_hold ?? 'none'}`;
}

/** A tons_summary key split back into commodity code and hold (null for 'none'). */
export function parseTonsKey(key: string): { commodity: string; hold: number | null } {
  const at = key.lastIndexOf('_');
  const hold = key.slice(at + 1);
  return { commodity: key.slice(0, at), hold: /^\d+$/.test(hold) ? Number(hold) : null };
}

function compareKeys(a: string, b: string): number {
  const left = parseTonsKey(a);
  const right = parseTonsKey(b);
  return (
    left.commodity.localeCompare(right.commodity) ||
    (left.hold ?? Number.MAX_SAFE_INTEGER) - (right.hold ?? Number.MAX_SAFE_INTEGER)
  );
}

/** Grams in a hundredth of a tonne: the step tonnes are shown in. */
const TON_STEP = 10_000n;
const stepsToTons = (steps: bigint) => formatScaled(steps, 2, 2);

/** Rows' tonnes rounded so they add up to `total` (their group's tonnes as shown). */
function tonsAddingUp(rows: RatioRow[], total: string): RatioRow[] {
  const steps = apportion(
    rows.map((row) => toMilli(row.net_weight_kg)),
    TON_STEP,
    toMilli(total) / 10n,
  );
  return rows.map((row, index) => ({ ...row, tons: stepsToTons(steps[index] ?? 0n) }));
}

/**
 * project_summary, the whole project, tons_summary and commodity_summary of one project's rows. The
 * tonnes of the groups, of the tons_summary keys and of each key's groups are rounded to add up to the
 * whole they are part of (largest remainder), so every table's rows sum to its total.
 */
export function projectSummaries(input: RatiosInput): ProjectSummaries {
  const context = buildContext(input);
  const byKey = new Map<string, Validated[]>();
  for (const item of context.validated) {
    const key = tonsKey(item.row, context);
    const list = byKey.get(key) ?? [];
    list.push(item);
    byKey.set(key, list);
  }
  const total = ratioRow(context.validated, context, null, null);
  const keys = [...byKey.keys()].sort(compareKeys);
  const keyGrams = keys.map((key) => {
    let grams = 0n;
    for (const item of byKey.get(key) ?? []) grams += item.grams;
    return grams;
  });
  const keySteps = apportion(keyGrams, TON_STEP, toMilli(total.tons) / 10n);
  const tons_summary: Record<string, string> = {};
  const commodity_summary: Record<string, RatioRow[]> = {};
  keys.forEach((key, index) => {
    const tons = stepsToTons(keySteps[index] ?? 0n);
    tons_summary[key] = tons;
    commodity_summary[key] = tonsAddingUp(groupRows(byKey.get(key) ?? [], context), tons);
  });
  return {
    project_summary: tonsAddingUp(groupRows(context.validated, context), total.tons),
    total,
    tons_summary,
    commodity_summary,
  };
}
