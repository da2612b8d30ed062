// The hand's fields as the hand modal and the hand page's general form show them (the spec's list, then
// the working interval the ratios need). The event is fixed by where the hand is added.
export const HAND_FIELDS = [
  'description',
  'activity',
  'foreman',
  'superintendent',
  'berth_no',
  'gang_no',
  'crew_count',
  'crane_driver',
  'crane_type',
  'hatch_tender',
  'lift_trucks',
  'tractor_trailers',
  'fork_lifts',
  'drivers',
  'stevedore_equipment_used',
  'vessel_equipment_used',
  'init_date',
  'end_date',
] as const;

export const HAND_EVENT_FIELDS = [
  'description',
  'related_event',
  'activity',
  'date',
  'hour_from',
  'hour_to',
  'hatch_number',
  'crane_number',
  'cellar',
  'billable',
  'in_dispute',
  'ot',
  'ot2',
  'vessel_notes',
  'stevedore_notes',
] as const;

export const HAND_INCIDENCE_FIELDS = [
  'issue',
  'issue_description',
  'init_date',
  'end_date',
  'hold',
  'non_commodity_hoist',
  'observations_and_stops',
] as const;
