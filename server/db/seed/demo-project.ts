// The demo vessel call: a coil discharge at Sagunto, and its timeline of project events.

import { type DemoContext, lookup } from './demo-context.js';
import { prepare, type SeedRow } from './insert.js';

export function demoProject(ctx: DemoContext): SeedRow {
  const { refs, at, date } = ctx;
  return prepare(
    'project',
    {
      code: `KT-${date(0).slice(0, 4)}-0142`,
      name: 'Star Lindesnes – steel coils discharge',
      status: lookup(refs.projectStatus, 'In progress'),
      activity: lookup(refs.activity, 'Discharge'),
      commodity: lookup(refs.commodity, 'coil'),
      init_date: date(0),
      end_date: date(2),
      customer: lookup(refs.accounts, 'Siderúrgica Levantina'),
      vessel: lookup(refs.vessel, 'Star Lindesnes'),
      port: lookup(refs.port, 'ESSAG'),
      country: lookup(refs.country, 'ES'),
      dock: 'Muelle Sur',
      voyage: '2411W',
      port_capitain: 'Capt. Erik Solberg',
      crane_type: lookup(refs.craneType, 'Mobile harbour crane'),
      number_gangs: 2,
      remarks: '1,500 hot-rolled coils from Tianjin, direct delivery by truck and to warehouse 3.',
      tugs_in: 2,
      tugs_out: 2,
      agency: 'Marítima Turia Agencia S.L.',
      applicant: 'Siderúrgica Levantina S.A.',
      quay: 'Muelle Sur, berth 4',
      previous_port: lookup(refs.port, 'CNTSN'),
      next_port: lookup(refs.port, 'BEANR'),
      berthing_wharf: 'Berth 4',
      eta_portcall: at(0, '05:00'),
      reported_and_ready: at(0, '06:45'),
      time_to_count: at(0, '12:45'),
      start_ops: at(0, '08:00'),
      etd_portcall: at(2, '18:00'),
    },
    { id: ctx.projectId, by: ctx.authors.staff },
  );
}

/** The working-shift events hands go under, by key. */
export interface DemoShifts {
  first: string;
  second: string;
  third: string;
}

export function demoProjectEvents(ctx: DemoContext, shifts: DemoShifts): SeedRow[] {
  const { refs, at } = ctx;
  const event = (
    type: string,
    from: string,
    to: string | null,
    extra: { notes?: string; number_gangs?: number; id?: string } = {},
  ) =>
    prepare(
      'project-event',
      {
        project: ctx.projectId,
        event: lookup(refs.event, type),
        init_date: from,
        end_date: to,
        notes: extra.notes ?? null,
        number_gangs: extra.number_gangs ?? null,
      },
      { id: extra.id, by: ctx.authors.staff },
    );
  return [
    event('Vessel arrived', at(0, '05:40'), at(0, '05:40'), { notes: 'Anchored off Sagunto breakwater.' }),
    event('NOR tendered', at(0, '06:45'), at(0, '06:45')),
    event('All fast', at(0, '07:30'), at(0, '07:30'), { notes: 'Port side to, berth 4.' }),
    event('Hatch opening', at(0, '07:35'), at(0, '07:55'), { notes: "Ship's crew, holds 1 to 5." }),
    event('Operations commenced', at(0, '08:00'), at(0, '08:00')),
    event('Working shift', at(0, '08:00'), at(0, '14:00'), { number_gangs: 2, id: shifts.first }),
    event('Meal break', at(0, '11:30'), at(0, '12:00'), { notes: 'Both gangs.' }),
    event('Working shift', at(0, '14:00'), at(0, '20:00'), { number_gangs: 1, id: shifts.second }),
    event('Rain', at(0, '16:10'), at(0, '17:25'), { notes: 'Hatches closed to protect the coils.' }),
    event('Working shift', at(1, '08:00'), at(1, '14:00'), { number_gangs: 2, id: shifts.third }),
  ];
}
