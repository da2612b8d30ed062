// The demo's three hands (two gangs in the first shift, one in the second), their hand events and
// one hand incidence (a crane breakdown).
import { uuidv7 } from '../../../src/domain/ids.js';
import { type DemoContext, lookup } from './demo-context.js';
import type { DemoShifts } from './demo-project.js';
import { prepare, type SeedRow } from './insert.js';

/** A hand as the packing tally needs it: when it worked, in which holds, and when it stopped. */
export interface DemoHand {
  id: string;
  from: string;
  to: string;
  holds: [number, number];
  stops: [string, string][];
}

export function demoHandPlans(ctx: DemoContext): DemoHand[] {
  const { at } = ctx;
  const meal: [string, string] = [at(0, '11:30'), at(0, '12:00')];
  return [
    { id: uuidv7(), from: at(0, '08:00'), to: at(0, '14:00'), holds: [2, 1], stops: [meal] },
    {
      id: uuidv7(),
      from: at(0, '08:00'),
      to: at(0, '14:00'),
      holds: [4, 3],
      stops: [[at(0, '10:05'), at(0, '10:35')], meal],
    },
    {
      id: uuidv7(),
      from: at(0, '14:00'),
      to: at(0, '20:00'),
      holds: [5, 2],
      stops: [[at(0, '16:10'), at(0, '17:25')]],
    },
  ];
}

export function demoHands(ctx: DemoContext, shifts: DemoShifts, plans: DemoHand[]): SeedRow[] {
  const { refs } = ctx;
  const common = {
    activity: lookup(refs.activity, 'Discharge'),
    crane_type: lookup(refs.craneType, 'Mobile harbour crane'),
    berth_no: '4',
    crane_driver: 1,
    hatch_tender: 1,
    lift_trucks: 0,
    stevedore_equipment_used: 'Coil tongs (C-hook), forklift 32 t with coil ram, timber dunnage',
    vessel_equipment_used: 'None',
  };
  const rows = [
    {
      event: shifts.first,
      description: 'Gang 1 – holds 2 and 1',
      foreman: 'Vicente Ferrer',
      superintendent: 'Marta Llorens',
      gang_no: 1,
      crew_count: 9,
      tractor_trailers: 4,
      fork_lifts: 2,
      drivers: 5,
    },
    {
      event: shifts.first,
      description: 'Gang 2 – holds 4 and 3',
      foreman: 'Jordi Sanchis',
      superintendent: 'Marta Llorens',
      gang_no: 2,
      crew_count: 9,
      tractor_trailers: 4,
      fork_lifts: 2,
      drivers: 5,
    },
    {
      event: shifts.second,
      description: 'Gang 1 – holds 5 and 2',
      foreman: 'Vicente Ferrer',
      superintendent: 'Pau Ribera',
      gang_no: 1,
      crew_count: 8,
      tractor_trailers: 3,
      fork_lifts: 2,
      drivers: 4,
    },
  ];
  return rows.map((row, index) =>
    prepare(
      'hand',
      { ...common, ...row, init_date: plans[index].from, end_date: plans[index].to },
      { id: plans[index].id, by: ctx.authors.staff, extra: { project: ctx.projectId } },
    ),
  );
}

export function demoHandEvents(ctx: DemoContext, plans: DemoHand[]): SeedRow[] {
  const { refs, date } = ctx;
  const working = lookup(refs.event, 'Working shift');
  const line = (hand: DemoHand, data: Record<string, unknown>) =>
    prepare(
      'hand-event',
      { hand: hand.id, activity: lookup(refs.activity, 'Discharge'), date: date(0), ...data },
      { by: ctx.authors.staff, extra: { project: ctx.projectId } },
    );
  const [a, b, c] = plans;
  const work = (hand: DemoHand, hold: number, crane: number, from: string, to: string) =>
    line(hand, {
      description: `Discharge hold ${hold}`,
      related_event: working,
      hour_from: from,
      hour_to: to,
      hatch_number: hold,
      crane_number: crane,
      cellar: 'Lower hold',
      billable: true,
    });
  return [
    work(a, 2, 1, '08:00', '11:30'),
    line(a, {
      description: 'Meal break',
      related_event: lookup(refs.event, 'Meal break'),
      hour_from: '11:30',
      hour_to: '12:00',
    }),
    work(a, 1, 1, '12:00', '14:00'),
    work(b, 4, 2, '08:00', '10:05'),
    line(b, {
      description: 'Crane 2 stopped: hydraulic hose',
      related_event: lookup(refs.event, 'Crane breakdown'),
      hour_from: '10:05',
      hour_to: '10:35',
      hatch_number: 4,
      crane_number: 2,
      in_dispute: true,
      stevedore_notes: 'Provider crane; time claimed to Grúas Levante.',
    }),
    work(b, 4, 2, '10:35', '11:30'),
    line(b, {
      description: 'Meal break',
      related_event: lookup(refs.event, 'Meal break'),
      hour_from: '11:30',
      hour_to: '12:00',
    }),
    work(b, 3, 2, '12:00', '14:00'),
    work(c, 5, 1, '14:00', '16:10'),
    line(c, {
      description: 'Rain – hatches closed',
      related_event: lookup(refs.event, 'Rain'),
      hour_from: '16:10',
      hour_to: '17:25',
      hatch_number: 5,
      vessel_notes: 'Hatch covers closed by crew at 16:12, reopened 17:20.',
    }),
    work(c, 2, 1, '17:25', '20:00'),
  ];
}

export function demoHandIncidences(ctx: DemoContext, plans: DemoHand[]): SeedRow[] {
  const hand = plans[1];
  return [
    prepare(
      'hand-incidence',
      {
        hand: hand.id,
        issue: ['machines'],
        issue_description: 'Mobile crane 2: hydraulic hose burst on the luffing cylinder.',
        init_date: ctx.at(0, '10:05'),
        end_date: ctx.at(0, '10:35'),
        hold: 4,
        observations_and_stops:
          'Operations stopped in hold 4 while the provider replaced the hose. No cargo damaged.',
      },
      { by: ctx.authors.staff, extra: { project: ctx.projectId } },
    ),
  ];
}
