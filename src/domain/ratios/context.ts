// The lookups the ratio functions share: each hand's working span and activity, the stoppages with
// who caused them, the lookup rows by id, and the validated items.
import type { DelayAttribution, HandIncidenceIssue } from '../enums';
import { toMilli } from './decimal';
import { type Span, spanOf } from './intervals';
import type { ActivityRow, CommodityRow, PackingRow, RatiosInput } from './types';

export interface Stoppage {
  span: Span;
  attribution: DelayAttribution;
}

/** A validated item with its numbers read once (the summaries pass over every item several times). */
export interface Validated {
  row: PackingRow;
  /** Net weight in grams (thousandths of a kg). */
  grams: bigint;
  /** Validated units in thousandths. */
  units: bigint;
  /** Validation time in epoch ms; NaN when unknown. */
  at: number;
}

/** Units an item adds once validated: what the tally processed, or its quantity if nothing was recorded. */
export function validatedUnits(item: PackingRow): bigint {
  const processed = toMilli(item.processed_quantity);
  return processed > 0n ? processed : toMilli(item.quantity);
}

export interface RatioContext {
  /** Working span of each hand: its own dates, else its working-shift event's. */
  handSpan: Map<string, Span>;
  /** Activity of each hand; the project's when the hand has none. */
  handActivity: Map<string, string | null>;
  projectActivity: string | null;
  /** Project events of kind stoppage that have both dates. */
  eventStoppages: Stoppage[];
  /** Hand incidences with both dates, by hand. */
  incidenceStoppages: Map<string, Stoppage[]>;
  commodities: Map<string, CommodityRow>;
  activities: Map<string, ActivityRow>;
  /** Live, validated packing items. */
  validated: Validated[];
}

const live = <T extends { deleted_at?: string | null }>(rows: readonly T[]): T[] =>
  rows.filter((row) => !row.deleted_at);

/**
 * Who a hand incidence is put down to, from the first issue it names: the vessel is the ship's,
 * cargo the receiver's, people and machines the stevedore's own.
 */
const issueAttribution: Record<HandIncidenceIssue, DelayAttribution> = {
  vessel: 'ship',
  commodity: 'receiver',
  people: 'stevedore',
  machines: 'stevedore',
  others: 'other',
};

function incidenceAttribution(issues: readonly HandIncidenceIssue[] | null | undefined) {
  const first = issues?.[0];
  return first ? issueAttribution[first] : 'other';
}

export function buildContext(input: RatiosInput): RatioContext {
  const eventTypes = new Map(live(input.eventTypes).map((row) => [row.id, row]));
  const events = live(input.events);
  const eventsById = new Map(events.map((row) => [row.id, row]));
  const projectActivity = input.project?.activity ?? null;

  const handSpan = new Map<string, Span>();
  const handActivity = new Map<string, string | null>();
  for (const hand of live(input.hands)) {
    const shift = eventsById.get(hand.event);
    const span = spanOf(hand.init_date ?? shift?.init_date, hand.end_date ?? shift?.end_date);
    if (span) handSpan.set(hand.id, span);
    handActivity.set(hand.id, hand.activity ?? projectActivity);
  }

  const eventStoppages: Stoppage[] = [];
  for (const row of events) {
    const type = eventTypes.get(row.event);
    const span = spanOf(row.init_date, row.end_date);
    if (type?.kind === 'stoppage' && span)
      eventStoppages.push({ span, attribution: type.delay_attribution ?? 'other' });
  }

  const incidenceStoppages = new Map<string, Stoppage[]>();
  for (const row of live(input.handIncidences)) {
    const span = spanOf(row.init_date, row.end_date);
    if (!span) continue;
    const list = incidenceStoppages.get(row.hand) ?? [];
    list.push({ span, attribution: incidenceAttribution(row.issue) });
    incidenceStoppages.set(row.hand, list);
  }

  return {
    handSpan,
    handActivity,
    projectActivity,
    eventStoppages,
    incidenceStoppages,
    commodities: new Map(live(input.commodities).map((row) => [row.id, row])),
    activities: new Map(live(input.activities).map((row) => [row.id, row])),
    validated: live(input.packingList)
      .filter((row) => row.validated)
      .map((row) => ({
        row,
        grams: toMilli(row.net_weight),
        units: validatedUnits(row),
        at: row.validation_datetime ? Date.parse(row.validation_datetime) : Number.NaN,
      })),
  };
}

/** The activity an item's group is counted under: its hand's, else the project's. */
export function activityOf(item: PackingRow, context: RatioContext): string | null {
  if (item.validation_hand && context.handActivity.has(item.validation_hand))
    return context.handActivity.get(item.validation_hand) ?? null;
  return context.projectActivity;
}
