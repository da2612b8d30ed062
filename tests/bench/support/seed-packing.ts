// The benchmark's data: 50 vessel calls with 2,000 packing items each (100,000), written with
// multi-row SQL (unnest of arrays) in big transactions. Realistic enough for the planner: coil
// numbers and bundle references, the commodity and location mix of a discharge, about a third of
// the items validated by a hand, weights. Sync columns are set as a write would set them (the
// seq trigger stamps seq).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../server/db/database.js';
import { uuidv7 } from '../../../src/domain/ids.js';

export interface PackingSeed {
  projects: { id: string; name: string; code: string }[];
  commodities: Record<'aluminium' | 'coil' | 'granite' | 'other', string>;
  items: number;
  /** The project, commodity and location the benchmark's list asks for, with the rows it matches. */
  target: { project: string; commodity: string; location: string; matching: number };
}

const VESSELS = [
  'Atlantic Carrier',
  'Nordic Steel',
  'Baltic Trader',
  'Iberian Star',
  'Mar de Alborán',
  'Cape Finisterre',
  'Hanse Pioneer',
  'Ocean Mistral',
  'Levante Bulk',
  'Rio Tinto Spirit',
];
const PORTS = ['Valencia', 'Sagunto', 'Castellón', 'Bilbao', 'Algeciras'];
// Share of items per commodity and per location in a discharge (coils first, most still on board).
const COMMODITY_MIX: [keyof PackingSeed['commodities'], number][] = [
  ['coil', 0.6],
  ['aluminium', 0.2],
  ['granite', 0.1],
  ['other', 0.1],
];
const LOCATION_MIX: [string, number][] = [
  ['onboard', 0.4],
  ['warehouse', 0.25],
  ['fas', 0.15],
  ['truck', 0.1],
  ['uncategorized', 0.1],
];

/** A small deterministic generator, so every run measures the same data. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(mix: [T, number][], r: number): T {
  let sum = 0;
  for (const [value, share] of mix) {
    sum += share;
    if (r < sum) return value;
  }
  return mix[mix.length - 1][0];
}

async function commodityIds(db: Kysely<unknown>): Promise<PackingSeed['commodities']> {
  const found: Partial<PackingSeed['commodities']> = {};
  const rows = await sql<{
    id: string;
    code: keyof PackingSeed['commodities'];
  }>`select id, code from commodity where deleted_at is null`.execute(db);
  for (const row of rows.rows) found[row.code] = row.id;
  for (const code of ['aluminium', 'coil', 'granite', 'other'] as const) {
    if (found[code]) continue;
    const id = uuidv7();
    await sql`insert into commodity (id, name, code) values (${id}, ${code[0].toUpperCase() + code.slice(1)}, ${code})`.execute(
      db,
    );
    found[code] = id;
  }
  return found as PackingSeed['commodities'];
}

/** Seeds `projects` projects with `perProject` items each, owned by `userId`. */
export async function seedPacking(
  database: Database,
  userId: string,
  options: { projects?: number; perProject?: number } = {},
): Promise<PackingSeed> {
  const projectCount = options.projects ?? 50;
  const perProject = options.perProject ?? 2000;
  const db = database.db as unknown as Kysely<unknown>;
  const next = random(20261122);
  const commodities = await commodityIds(db);

  const projects = Array.from({ length: projectCount }, (_, index) => {
    const vessel = VESSELS[index % VESSELS.length];
    const port = PORTS[index % PORTS.length];
    const code = `KT-2026-${String(index + 1).padStart(3, '0')}`;
    return { id: uuidv7(), code, name: `${vessel} – ${port} discharge ${index + 1}`, vessel, port };
  });
  await sql`insert into project (id, code, name, voyage, dock, init_date, created_by, updated_by)
    select id, code, name, voyage, dock, init_date, ${userId}::uuid, ${userId}::uuid
    from unnest(${projects.map((p) => p.id)}::uuid[], ${projects.map((p) => p.code)}::text[],
      ${projects.map((p) => p.name)}::text[], ${projects.map((_, i) => `V${String(2600 + i)}`)}::text[],
      ${projects.map((p) => `${p.port} Muelle ${1 + (p.code.length % 7)}`)}::text[],
      ${projects.map((_, i) => `2026-${String(1 + (i % 11)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`)}::date[])
      as p(id, code, name, voyage, dock, init_date)`.execute(db);

  const target = { project: projects[0].id, commodity: commodities.coil, location: 'onboard', matching: 0 };
  const BATCH = 10_000;
  const columns = {
    id: [] as string[],
    project: [] as string[],
    reference: [] as string[],
    commodity: [] as string[],
    location: [] as string[],
    quantity: [] as string[],
    net: [] as string[],
    gross: [] as string[],
    validated: [] as boolean[],
    at: [] as (string | null)[],
    hold: [] as (number | null)[],
  };
  const flush = async () => {
    if (columns.id.length === 0) return;
    await db.transaction().execute(async (trx) => {
      await sql`insert into packing_list (id, project, reference, commodity, location, quantity, net_weight,
          gross_weight, validated, validation_datetime, validation_hold, created_by, updated_by)
        select id, project, reference, commodity, location, quantity, net, gross, validated, at, hold,
          ${userId}::uuid, ${userId}::uuid
        from unnest(${columns.id}::uuid[], ${columns.project}::uuid[], ${columns.reference}::text[],
          ${columns.commodity}::uuid[], ${columns.location}::text[], ${columns.quantity}::numeric[],
          ${columns.net}::numeric[], ${columns.gross}::numeric[], ${columns.validated}::boolean[],
          ${columns.at}::timestamptz[], ${columns.hold}::int[])
          as i(id, project, reference, commodity, location, quantity, net, gross, validated, at, hold)`.execute(
        trx,
      );
    });
    for (const list of Object.values(columns)) list.length = 0;
  };

  let items = 0;
  for (const [index, project] of projects.entries()) {
    for (let n = 1; n <= perProject; n++) {
      const commodity = pick(COMMODITY_MIX, next());
      const location = pick(LOCATION_MIX, next());
      const net = commodity === 'coil' ? 8000 + Math.floor(next() * 17000) : 500 + Math.floor(next() * 2500);
      const validated = location !== 'onboard' && next() < 0.8;
      // Coil numbers as mills print them; bundles and blocks by lot.
      const reference =
        commodity === 'coil'
          ? `${String.fromCharCode(65 + (index % 26))}${(index * 7919 + n * 104_729).toString(36).toUpperCase().padStart(8, '0')}`
          : `${commodity.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(2, '0')}-${String(n).padStart(5, '0')}`;
      columns.id.push(uuidv7());
      columns.project.push(project.id);
      columns.reference.push(reference);
      columns.commodity.push(commodities[commodity]);
      columns.location.push(location);
      columns.quantity.push(commodity === 'other' ? String(1 + Math.floor(next() * 40)) : '1');
      columns.net.push(String(net));
      columns.gross.push(String(net + 15 + Math.floor(next() * 60)));
      columns.validated.push(validated);
      columns.at.push(validated ? new Date(Date.UTC(2026, 10, 1) + n * 45_000).toISOString() : null);
      columns.hold.push(validated ? 1 + (n % 5) : null);
      if (project.id === target.project && commodity === 'coil' && location === target.location)
        target.matching++;
      items++;
      if (columns.id.length >= BATCH) await flush();
    }
  }
  await flush();
  await sql`analyze project`.execute(db);
  await sql`analyze packing_list`.execute(db);
  return { projects: projects.map(({ id, name, code }) => ({ id, name, code })), commodities, items, target };
}
