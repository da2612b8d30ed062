// The demo's incidences, its coil, SOF and prompter reports, and one container inspection.
import { type DemoContext, lookup } from './demo-context.js';
import type { DemoHand } from './demo-hands.js';
import { prepare, type SeedRow } from './insert.js';

export function demoIncidences(ctx: DemoContext): SeedRow[] {
  const { refs, authors } = ctx;
  const interested = [authors.admin, authors.staff].filter((id): id is string => id !== null);
  return [
    prepare(
      'incidence',
      {
        project: ctx.projectId,
        type: lookup(refs.incidenceType, 'internal'),
        detect: authors.staff,
        description: 'Two coils with torn wrapping and bulkhead marks in hold 4.',
        detection_desc: 'Seen by the prompter at hook during discharge; photographed before landing.',
        causes: 'Contact with the bulkhead during the sea passage (poor dunnage at loading port).',
        manager: authors.admin,
        status: lookup(refs.incidenceStatus, 'Open'),
        client: lookup(refs.accounts, 'Siderúrgica Levantina'),
        users_interested: interested,
        requires_attention: true,
      },
      { by: authors.staff },
    ),
    prepare(
      'incidence',
      {
        project: ctx.projectId,
        type: lookup(refs.incidenceType, 'provider'),
        detect: authors.staff,
        description: 'Mobile crane 2 out of service 30 minutes: hydraulic hose burst.',
        detection_desc: 'Crane driver stopped the crane at 10:05 and reported a hydraulic leak.',
        causes: 'Worn hose on the luffing cylinder.',
        manager: authors.admin,
        status: lookup(refs.incidenceStatus, 'Resolved'),
        client: lookup(refs.accounts, 'Siderúrgica Levantina'),
        provider: lookup(refs.accounts, 'Grúas Levante'),
        users_interested: interested.slice(0, 1),
        solution: 'Hose replaced by the provider at 10:35; the lost time is claimed to the provider.',
      },
      { by: authors.staff },
    ),
  ];
}

export function demoReports(ctx: DemoContext, hands: DemoHand[], firstHandEvent: string) {
  const { refs, at, authors } = ctx;
  const by = { by: authors.staff };
  const coilReport = prepare(
    'coil-report',
    {
      project: ctx.projectId,
      commodity: lookup(refs.commodity, 'coil'),
      activity: lookup(refs.activity, 'Discharge'),
      agency: 'Marítima Turia Agencia S.L.',
      applicant: 'Siderúrgica Levantina S.A.',
      quay: 'Muelle Sur, berth 4',
      stevedores: 'Estibadora Portuaria de Sagunto',
      remarks: 'First day of discharge. Rain stopped hold 5 for 1 h 15 min.',
      cargo_overlanded: 'Nil',
      start_ops: at(0, '08:00'),
      operation_others: 'Direct delivery to trucks and transfer to warehouse 3.',
    },
    by,
  );
  const sofReport = prepare(
    'sof-report',
    {
      project: ctx.projectId,
      previous_port: lookup(refs.port, 'CNTSN'),
      port: lookup(refs.port, 'ESSAG'),
      next_port: lookup(refs.port, 'BEANR'),
      berthing_wharf: 'Berth 4',
      eta_portcall: at(0, '05:00'),
      reported_and_ready: at(0, '06:45'),
      time_to_count: at(0, '12:45'),
      etd_portcall: at(2, '18:00'),
      remarks: 'NOR accepted on tender. Laytime counts from 12:45 as per charter party.',
    },
    by,
  );
  const prompterReport = prepare(
    'prompter-report',
    { project: ctx.projectId, hand: hands[0].id, hand_event: firstHandEvent, hold: hands[0].holds[0] },
    by,
  );
  return { coilReport, sofReport, prompterReport };
}

/** ISO 6346 check digit of a container's owner code, category and serial ('MSKU123456'). */
export function containerCheckDigit(code: string): number {
  const values: number[] = [];
  for (const char of code.toUpperCase()) {
    if (/\d/.test(char)) {
      values.push(Number(char));
      continue;
    }
    // Letters count from 10 upwards, skipping multiples of 11.
    let value = 10;
    for (let c = 65; c < char.charCodeAt(0); c += 1) {
      value += 1;
      if (value % 11 === 0) value += 1;
    }
    values.push(value);
  }
  const sum = values.reduce((total, value, index) => total + value * 2 ** index, 0);
  return (sum % 11) % 10;
}

export function demoContainerReport(ctx: DemoContext): SeedRow {
  const owner = 'TGHU872314';
  return prepare(
    'container-report',
    {
      container_number: `${owner}${containerCheckDigit(owner)}`,
      manager: ctx.authors.staff,
      date: ctx.date(0),
      status: lookup(ctx.refs.reportStatus, 'Draft'),
      external_door_status: 'no_damage',
      external_left_side_status: 'small_damage',
      external_right_side_status: 'no_damage',
      external_bottom_status: 'no_damage',
      external_roof_status: 'no_damage',
      external_others: 'Dent on the left side panel, about 20 cm, no perforation.',
      internal_left_side_status: 'no_damage',
      internal_right_side_status: 'no_damage',
      internal_bottom_status: 'no_damage',
      internal_roof_status: 'no_damage',
      internal_floor_cleaned: true,
      stowage_others: 'Spare coil tongs and dunnage secured with lashing straps.',
    },
    { by: ctx.authors.staff },
  );
}
