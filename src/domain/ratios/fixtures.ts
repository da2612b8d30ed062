// Small builders for the ratio tests: rows with only the fields the functions read.
import type { HandIncidenceRow, HandRow, PackingRow, ProjectEventRow, RatiosInput } from './types';

export const ids = {
  coil: 'c-coil',
  granite: 'c-granite',
  discharge: 'a-discharge',
  charge: 'a-charge',
  working: 'et-working',
  rain: 'et-rain',
  crane: 'et-crane',
  arrived: 'et-arrived',
  shift: 'pe-shift',
};

/** '2026-11-21T06:00' style (UTC) from a day of November 2026 and an hour. */
export const at = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2026, 10, day, hour, minute)).toISOString();

export const hand = (
  id: string,
  init: string | null,
  end: string | null,
  activity = ids.discharge,
): HandRow => ({
  id,
  event: ids.shift,
  activity,
  init_date: init,
  end_date: end,
});

export const stoppage = (id: string, type: string, init: string, end: string | null): ProjectEventRow => ({
  id,
  event: type,
  init_date: init,
  end_date: end,
});

export const incidence = (
  id: string,
  handId: string,
  init: string,
  end: string,
  issue: HandIncidenceRow['issue'] = ['machines'],
): HandIncidenceRow => ({ id, hand: handId, issue, init_date: init, end_date: end });

export function item(fields: Partial<PackingRow> & { validation_hand: string | null }): PackingRow {
  return {
    commodity: ids.coil,
    quantity: '1.000',
    processed_quantity: '1.000',
    net_weight: null,
    validated: true,
    validation_datetime: null,
    validation_hold: null,
    lift_id: null,
    ...fields,
  };
}

const shiftEvent: ProjectEventRow = {
  id: ids.shift,
  event: ids.working,
  init_date: at(20, 0),
  end_date: at(22, 0),
};

/** A project's rows; `events` come after the working-shift event every hand hangs from. */
export function input(parts: Partial<RatiosInput>): RatiosInput {
  return {
    project: { activity: null },
    eventTypes: [
      { id: ids.working, kind: 'working', delay_attribution: null },
      { id: ids.rain, kind: 'stoppage', delay_attribution: 'weather' },
      { id: ids.crane, kind: 'stoppage', delay_attribution: 'stevedore' },
      { id: ids.arrived, kind: 'milestone', delay_attribution: null },
    ],
    hands: [],
    handIncidences: [],
    packingList: [],
    commodities: [
      { id: ids.coil, code: 'coil', name: 'Coil' },
      { id: ids.granite, code: 'granite', name: 'Granite' },
    ],
    activities: [
      { id: ids.discharge, name: 'Discharge', operation: 'Discharge' },
      { id: ids.charge, name: 'Charge', operation: 'Charge' },
    ],
    ...parts,
    events: [shiftEvent, ...(parts.events ?? [])],
  };
}
