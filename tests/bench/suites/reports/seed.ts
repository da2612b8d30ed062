// The reports benchmark's vessel call, written with multi-row SQL (unnest of arrays): 200 project
// events over ten days (20 working shifts with 2 hands each, stoppages, milestones), hand
// incidences, and 20,000 packing items, all validated by those hands in holds 1 to 6, two per lift.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../../server/db/database.js';
import { uuidv7 } from '../../../../src/domain/ids.js';

export interface ReportSeed {
  project: string;
  items: number;
  events: number;
}

type Db = Kysely<unknown>;
const HOUR = 3_600_000;
const START = Date.UTC(2026, 10, 10, 6);

async function idOf(db: Db, select: string, insert: () => Promise<string>): Promise<string> {
  const found = await sql<{ id: string }>`${sql.raw(select)}`.execute(db);
  return found.rows[0]?.id ?? insert();
}

async function lookups(db: Db) {
  const insertEvent = async (description: string, kind: string, cause: string | null) => {
    const id = uuidv7();
    await sql`insert into event (id, description, kind, delay_attribution) values (${id}, ${description}, ${kind}, ${cause})`.execute(
      db,
    );
    return id;
  };
  const commodity = async (code: string) =>
    idOf(db, `select id from commodity where code = '${code}' and deleted_at is null`, async () => {
      const id = uuidv7();
      await sql`insert into commodity (id, name, code) values (${id}, ${code}, ${code})`.execute(db);
      return id;
    });
  return {
    coil: await commodity('coil'),
    aluminium: await commodity('aluminium'),
    granite: await commodity('granite'),
    discharge: await idOf(
      db,
      `select id from project_activity where operation = 'Discharge' and deleted_at is null`,
      async () => {
        const id = uuidv7();
        await sql`insert into project_activity (id, name, operation) values (${id}, 'Discharge', 'Discharge')`.execute(
          db,
        );
        return id;
      },
    ),
    working: await idOf(db, `select id from event where kind = 'working' and deleted_at is null`, () =>
      insertEvent('Working shift', 'working', null),
    ),
    stoppage: await idOf(
      db,
      `select id from event where kind = 'stoppage' and delay_attribution = 'weather'`,
      () => insertEvent('Rain (bench)', 'stoppage', 'weather'),
    ),
    milestone: await idOf(db, `select id from event where kind = 'milestone' and deleted_at is null`, () =>
      insertEvent('Vessel arrived (bench)', 'milestone', null),
    ),
  };
}

const iso = (at: number) => new Date(at).toISOString();

export async function seedReportCall(database: Database, userId: string): Promise<ReportSeed> {
  const db = database.db as unknown as Db;
  const ids = await lookups(db);
  const project = uuidv7();
  await sql`insert into project (id, code, name, activity, init_date, end_date, voyage, created_by, updated_by)
    values (${project}, 'BENCH-REPORTS', 'Bench call: 20,000 coils', ${ids.discharge}, '2026-11-10', '2026-11-20',
      '101E', ${userId}, ${userId})`.execute(db);

  // 20 working shifts of 12 h; 180 other events: a rain stoppage of 40 min every ~1.3 h, and milestones.
  const events: { id: string; event: string; init: string; end: string | null }[] = [];
  const shifts: { id: string; start: number }[] = [];
  for (let shift = 0; shift < 20; shift++) {
    const start = START + shift * 12 * HOUR;
    const id = uuidv7();
    shifts.push({ id, start });
    events.push({ id, event: ids.working, init: iso(start), end: iso(start + 12 * HOUR) });
  }
  for (let n = 0; n < 180; n++) {
    const at = START + n * 80 * 60_000;
    const stoppage = n % 3 !== 0;
    events.push({
      id: uuidv7(),
      event: stoppage ? ids.stoppage : ids.milestone,
      init: iso(at),
      end: stoppage ? iso(at + 40 * 60_000) : null,
    });
  }
  await sql`insert into project_event (id, project, event, init_date, end_date, number_gangs, created_by, updated_by)
    select id, ${project}::uuid, event, init, fin, 2, ${userId}::uuid, ${userId}::uuid
    from unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.event)}::uuid[],
      ${events.map((e) => e.init)}::timestamptz[], ${events.map((e) => e.end)}::timestamptz[]) as e(id, event, init, fin)`.execute(
    db,
  );

  // Two hands per shift, overlapping by 4 h; an incidence of 30 min in each.
  const hands = shifts.flatMap(({ id, start }) => [
    { id: uuidv7(), event: id, start, end: start + 8 * HOUR },
    { id: uuidv7(), event: id, start: start + 4 * HOUR, end: start + 12 * HOUR },
  ]);
  await sql`insert into hand (id, event, project, activity, description, gang_no, init_date, end_date, created_by, updated_by)
    select id, event, ${project}::uuid, ${ids.discharge}::uuid, 'Gang ' || n, n, init, fin, ${userId}::uuid, ${userId}::uuid
    from unnest(${hands.map((h) => h.id)}::uuid[], ${hands.map((h) => h.event)}::uuid[],
      ${hands.map((_, i) => i + 1)}::int[], ${hands.map((h) => iso(h.start))}::timestamptz[],
      ${hands.map((h) => iso(h.end))}::timestamptz[]) as h(id, event, n, init, fin)`.execute(db);
  await sql`insert into hand_incidence (id, hand, project, issue, init_date, end_date, created_by, updated_by)
    select id, hand, ${project}::uuid, '{machines}', init, fin, ${userId}::uuid, ${userId}::uuid
    from unnest(${hands.map(() => uuidv7())}::uuid[], ${hands.map((h) => h.id)}::uuid[],
      ${hands.map((h) => iso(h.start + 2 * HOUR))}::timestamptz[],
      ${hands.map((h) => iso(h.start + 2.5 * HOUR))}::timestamptz[]) as i(id, hand, init, fin)`.execute(db);

  const ITEMS = 20_000;
  const commodities = [ids.coil, ids.coil, ids.coil, ids.aluminium, ids.granite];
  const columns = {
    id: [] as string[],
    reference: [] as string[],
    commodity: [] as string[],
    net: [] as string[],
    at: [] as string[],
    hand: [] as string[],
    hold: [] as number[],
    lift: [] as string[],
  };
  let lift = uuidv7();
  for (let n = 0; n < ITEMS; n++) {
    const hand = hands[n % hands.length];
    if (!hand) continue;
    if (n % 2 === 0) lift = uuidv7();
    columns.id.push(uuidv7());
    columns.reference.push(`BX${String(n).padStart(7, '0')}`);
    columns.commodity.push(commodities[n % commodities.length] ?? ids.coil);
    columns.net.push(`${8000 + ((n * 7919) % 17000)}.${String((n * 37) % 1000).padStart(3, '0')}`);
    columns.at.push(iso(hand.start + ((n * 60_000) % (hand.end - hand.start))));
    columns.hand.push(hand.id);
    columns.hold.push(1 + (n % 6));
    columns.lift.push(lift);
  }
  await sql`insert into packing_list (id, project, reference, commodity, quantity, processed_quantity, net_weight,
      gross_weight, validated, validation_datetime, validation_hand, validation_hold, validation_prompter_identifier,
      lift_id, location, created_by, updated_by)
    select id, ${project}::uuid, reference, commodity, 1, 1, net, net + 20, true, at, hand, hold, ${userId}::uuid,
      lift, 'truck', ${userId}::uuid, ${userId}::uuid
    from unnest(${columns.id}::uuid[], ${columns.reference}::text[], ${columns.commodity}::uuid[],
      ${columns.net}::numeric[], ${columns.at}::timestamptz[], ${columns.hand}::uuid[], ${columns.hold}::int[],
      ${columns.lift}::uuid[]) as i(id, reference, commodity, net, at, hand, hold, lift)`.execute(db);
  await sql`analyze packing_list`.execute(db);
  return { project, items: ITEMS, events: events.length };
}
