// What the ratio functions read and answer. Inputs are the domain's rows narrowed to the fields
// used, so the tablet passes its local store's rows and the server its SQL rows unchanged.
import type { CommodityCode, DelayAttribution, OperationKind } from '../enums';
import type { Hand } from '../hand';
import type { HandIncidence } from '../hand-incidence';
import type { Commodity } from '../lookups/commodity';
import type { EventType } from '../lookups/event';
import type { ProjectActivity } from '../lookups/project-activity';
import type { PackingList } from '../packing-list';
import type { Project } from '../project';
import type { ProjectEvent } from '../project-event';

/** Rows may carry their tombstone; deleted rows are ignored. */
type Live = { readonly deleted_at?: string | null };

type ProjectRow = Pick<Project, 'activity'>;
type EventTypeRow = Pick<EventType, 'id' | 'kind' | 'delay_attribution'> &
  Partial<Pick<EventType, 'description'>> &
  Live;
export type ProjectEventRow = Pick<ProjectEvent, 'id' | 'event' | 'init_date' | 'end_date'> &
  Partial<Pick<ProjectEvent, 'notes' | 'number_gangs'>> &
  Live;
export type HandRow = Pick<Hand, 'id' | 'event' | 'activity' | 'init_date' | 'end_date'> & Live;
export type HandIncidenceRow = Pick<HandIncidence, 'id' | 'hand' | 'issue' | 'init_date' | 'end_date'> & Live;
export type PackingRow = Pick<
  PackingList,
  | 'commodity'
  | 'quantity'
  | 'processed_quantity'
  | 'net_weight'
  | 'validated'
  | 'validation_datetime'
  | 'validation_hand'
  | 'validation_hold'
  | 'lift_id'
> &
  Partial<Pick<PackingList, 'id'>> &
  Live;
export type CommodityRow = Pick<Commodity, 'id' | 'code' | 'name'> & Live;
export type ActivityRow = Pick<ProjectActivity, 'id' | 'name' | 'operation'> & Live;

/** One project's rows (any order). */
export interface RatiosInput {
  /** The project's activity stands in for a hand without one. */
  project?: ProjectRow | null;
  eventTypes: readonly EventTypeRow[];
  events: readonly ProjectEventRow[];
  hands: readonly HandRow[];
  handIncidences: readonly HandIncidenceRow[];
  packingList: readonly PackingRow[];
  commodities: readonly CommodityRow[];
  activities: readonly ActivityRow[];
}

export type DelayBy = Record<DelayAttribution, number>;

/**
 * The ratios of one group (commodity, activity), or of the whole project when commodity and
 * activity are null. Times are hours (unrounded); a ratio over zero time is null (shown '—').
 */
export interface RatioRow {
  commodity: string | null;
  commodity_code: CommodityCode | null;
  commodity_name: string | null;
  activity: string | null;
  activity_name: string | null;
  operation: OperationKind | null;
  /** Hands in the group (validated at least one item of it). */
  hands: number;
  /** Validated units, exact, 3 decimals. */
  quantity: string;
  /** Validated net weight in kg, exact, 3 decimals. */
  net_weight_kg: string;
  /** Validated net weight in metric tonnes, 2 decimals. */
  tons: string;
  /** Distinct lifts (tally actions); an item without a lift id is a lift of its own. */
  lifts: number;
  gross_time: number;
  delay: number;
  /** Delay by who caused it; causes may overlap, so these may add up to more than `delay`. */
  delay_by: DelayBy;
  net_time: number;
  /** gross_time less the stoppages not caused by the stevedore: the time the stevedore answers for. */
  net_time_stevedore: number;
  effective_time: number;
  tons_ratio: number | null;
  load_ratio: number | null;
  coils_hour: number | null;
  tons_hour: number | null;
  lifting_rate: number | null;
}

/** The decisions page's summaries. */
export interface ProjectSummaries {
  /** One row per (commodity, activity) group, by commodity then activity name. */
  project_summary: RatioRow[];
  /** The whole project as one group (every validated item, every hand that validated). */
  total: RatioRow;
  /** `${commodity code}_${hold}` (hold 'none' when unknown) -> validated tonnes, 2 decimals. */
  tons_summary: Record<string, string>;
  /** Per tons_summary key, the group rows of that commodity in that hold. */
  commodity_summary: Record<string, RatioRow[]>;
}
