import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFields, sqlType } from '../../src/domain/columns.js';
import { contactLanguages } from '../../src/domain/contact.js';
import { syncColumns } from '../../src/domain/model.js';
import { resourceNames, resources } from '../../src/domain/registry.js';
import type { Resource } from '../../src/domain/resource.js';
import { mutationOps } from '../../src/domain/sync-wire.js';
import { deliveryStates } from '../../src/domain/webhook-events.js';
import type { Database } from './database.js';
import { openScratchDatabase } from './seed/scratch-database.js';

// The database's tables must say what src/domain says: same columns, same kinds of type, same
// nullability, refs pointing at the right table. Run on PGlite, and on PostgreSQL with DATABASE_URL
// (a scratch database there, dropped afterwards).

interface Column {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  numeric_precision: number | null;
  numeric_scale: number | null;
}

/** How information_schema names a column type written in the migration. */
function expectedType(type: string): Pick<Column, 'udt_name' | 'numeric_precision' | 'numeric_scale'> {
  const numeric = /^numeric\((\d+),(\d+)\)$/.exec(type);
  if (numeric)
    return { udt_name: 'numeric', numeric_precision: Number(numeric[1]), numeric_scale: Number(numeric[2]) };
  const udt: Record<string, string> = {
    text: 'text',
    integer: 'int4',
    bigint: 'int8',
    boolean: 'bool',
    date: 'date',
    timestamptz: 'timestamptz',
    time: 'time',
    uuid: 'uuid',
    'uuid[]': '_uuid',
    'text[]': '_text',
    jsonb: 'jsonb',
  };
  return { udt_name: udt[type] ?? `unknown ${type}`, numeric_precision: null, numeric_scale: null };
}

const syncColumnTypes: Record<(typeof syncColumns)[number], [string, boolean]> = {
  id: ['uuid', false],
  version: ['integer', false],
  seq: ['bigint', false],
  created_at: ['timestamptz', false],
  created_by: ['uuid', true],
  updated_at: ['timestamptz', false],
  updated_by: ['uuid', true],
  deleted_at: ['timestamptz', true],
};

/** The columns a resource's table must have: type, nullability. */
function expectedColumns(resource: Resource) {
  const columns = new Map<string, { type: string; nullable: boolean }>();
  for (const name of syncColumns) {
    const [type, nullable] = syncColumnTypes[name];
    columns.set(name, { type, nullable });
  }
  for (const [name, descriptor] of Object.entries(allFields(resource))) {
    columns.set(name, { type: sqlType(descriptor.info), nullable: descriptor.info.nullable });
  }
  return columns;
}

let database: Database;
let columnsByTable: Map<string, Column[]>;
let foreignKeys: { table_name: string; column_name: string; target: string }[];
let uniqueIndexes: { tablename: string; indexdef: string }[];
let checks: { table_name: string; definition: string }[];

beforeAll(async () => {
  database = await openScratchDatabase();
  const columns = await sql<Column>`
    select table_name, column_name, udt_name, is_nullable, numeric_precision, numeric_scale
    from information_schema.columns where table_schema = current_schema()`.execute(database.db);
  columnsByTable = new Map();
  for (const column of columns.rows) {
    columnsByTable.set(column.table_name, [...(columnsByTable.get(column.table_name) ?? []), column]);
  }
  const keys = await sql<{ table_name: string; column_name: string; target: string }>`
    select c.conrelid::regclass::text as table_name, a.attname as column_name,
      c.confrelid::regclass::text as target
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.connamespace = current_schema()::regnamespace`.execute(database.db);
  foreignKeys = keys.rows;
  const indexes = await sql<{ tablename: string; indexdef: string }>`
    select tablename, indexdef from pg_indexes
    where schemaname = current_schema() and indexdef like 'CREATE UNIQUE INDEX%'`.execute(database.db);
  uniqueIndexes = indexes.rows;
  const constraints = await sql<{ table_name: string; definition: string }>`
    select conrelid::regclass::text as table_name, pg_get_constraintdef(oid) as definition
    from pg_constraint where contype = 'c' and connamespace = current_schema()::regnamespace`.execute(
    database.db,
  );
  checks = constraints.rows;
});

/**
 * The column and the values of a CHECK that lists allowed values, as PostgreSQL prints it back:
 * `CHECK ((role = ANY (ARRAY['admin'::text, 'staff'::text])))` for `role IN (...)`, and
 * `CHECK ((issue <@ ARRAY['people'::text, ...]))` for a list column. Other checks (>= 0, either of two
 * columns) answer undefined.
 */
function listedValues(definition: string): { column: string; values: string[] } | undefined {
  const match = /^CHECK \(\(\(?"?(\w+)"?\)? (?:= ANY \(|<@ )\(?ARRAY\[(.*)\]/.exec(definition);
  if (!match) return undefined;
  const values = [...(match[2] ?? '').matchAll(/'((?:[^']|'')*)'::text/g)].map((value) =>
    (value[1] ?? '').replaceAll("''", "'"),
  );
  return { column: match[1] ?? '', values };
}

afterAll(async () => {
  await database?.close();
});

describe('database schema against src/domain', () => {
  for (const name of resourceNames) {
    const resource = resources[name];
    it(`${resource.table} matches ${name}`, () => {
      const actual = columnsByTable.get(resource.table);
      expect(actual, `table ${resource.table} exists`).toBeDefined();
      const byName = new Map((actual ?? []).map((column) => [column.column_name, column]));
      const expected = expectedColumns(resource);
      const problems: string[] = [];
      for (const [column, want] of expected) {
        const got = byName.get(column);
        if (!got) {
          problems.push(`missing column ${column}`);
          continue;
        }
        const type = expectedType(want.type);
        const gotType = { udt_name: got.udt_name, numeric_precision: null, numeric_scale: null };
        if (type.udt_name === 'numeric') {
          Object.assign(gotType, {
            numeric_precision: got.numeric_precision,
            numeric_scale: got.numeric_scale,
          });
        }
        if (JSON.stringify(gotType) !== JSON.stringify(type)) {
          problems.push(
            `${column}: ${got.udt_name}(${got.numeric_precision},${got.numeric_scale}) is not ${want.type}`,
          );
        }
        if ((got.is_nullable === 'YES') !== want.nullable) {
          problems.push(`${column}: ${want.nullable ? 'must allow null' : 'must be NOT NULL'}`);
        }
      }
      // The foundation's users table keeps more than the domain shows (password hash, is_active).
      if (!resource.externalTable) {
        for (const column of byName.keys())
          if (!expected.has(column)) problems.push(`extra column ${column}`);
      }
      expect(problems).toEqual([]);
    });

    if (resource.externalTable) continue;
    it(`${resource.table} refs point at their tables`, () => {
      const problems: string[] = [];
      for (const [column, descriptor] of Object.entries(allFields(resource))) {
        if (descriptor.info.kind !== 'ref' || !descriptor.info.ref) continue;
        const target = descriptor.info.ref.replaceAll('-', '_');
        const key = foreignKeys.find((fk) => fk.table_name === resource.table && fk.column_name === column);
        if (key && key.target !== target) problems.push(`${column} references ${key.target}, not ${target}`);
      }
      for (const key of foreignKeys.filter((fk) => fk.table_name === resource.table)) {
        const descriptor = allFields(resource)[key.column_name];
        if (descriptor?.info.kind !== 'ref')
          problems.push(`${key.column_name} has a foreign key but is not a ref`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('enforces each unique set of the registry among live rows', () => {
    const problems: string[] = [];
    for (const name of resourceNames) {
      const resource = resources[name];
      for (const set of resource.unique) {
        const found = uniqueIndexes.some(
          (index) =>
            index.tablename === resource.table &&
            index.indexdef.includes(`(${set.join(', ')})`) &&
            index.indexdef.includes('WHERE (deleted_at IS NULL)'),
        );
        if (!found) problems.push(`${resource.table} (${set.join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("checks each choice field's values, and only those, in the database", () => {
    const problems: string[] = [];
    const choiceTables = new Set<string>();
    for (const name of resourceNames) {
      const resource = resources[name];
      if (resource.externalTable) continue;
      for (const [column, { info }] of Object.entries(allFields(resource))) {
        if (info.kind !== 'choice' && info.kind !== 'choiceList') continue;
        choiceTables.add(resource.table);
        const listed = checks
          .filter((check) => check.table_name === resource.table)
          .map((check) => listedValues(check.definition))
          .filter((check) => check?.column === column);
        const want = [...(info.values ?? [])].sort();
        if (listed.length === 0) problems.push(`${resource.table}.${column}: no CHECK of its values`);
        for (const check of listed) {
          const got = [...(check?.values ?? [])].sort();
          if (JSON.stringify(got) !== JSON.stringify(want))
            problems.push(
              `${resource.table}.${column}: CHECK allows ${got.join(',')}; the domain ${want.join(',')}`,
            );
        }
      }
    }
    // And no CHECK lists values for a column the domain does not know as a choice.
    for (const check of checks) {
      const listed = listedValues(check.definition);
      if (!listed) continue;
      const resource = resourceNames.map((name) => resources[name]).find((r) => r.table === check.table_name);
      if (!resource || resource.externalTable) continue;
      const kind = allFields(resource)[listed.column]?.info.kind;
      if (kind !== 'choice' && kind !== 'choiceList')
        problems.push(
          `${check.table_name}.${listed.column}: a CHECK lists values but the domain has no choice`,
        );
    }
    expect(choiceTables.size).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });

  it('checks the values of the tables outside the registry as the domain lists them, and lists no others', () => {
    // Each CHECK that lists values on a table the registry does not describe (users and sof_signature are in
    // it), and the domain's list of them.
    const lists: Record<string, readonly string[]> = {
      'contact_request.language': contactLanguages,
      'audit_log.action': mutationOps,
      'webhook_delivery.status': deliveryStates,
    };
    const registryTables = new Set(resourceNames.map((name) => resources[name].table));
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const check of checks) {
      const listed = listedValues(check.definition);
      if (!listed || registryTables.has(check.table_name)) continue;
      const key = `${check.table_name}.${listed.column}`;
      seen.add(key);
      const want = lists[key];
      if (!want) problems.push(`${key}: a CHECK lists values that no list of the domain gives`);
      else if (JSON.stringify([...listed.values].sort()) !== JSON.stringify([...want].sort()))
        problems.push(`${key}: CHECK allows ${listed.values.join(',')}; the domain ${want.join(',')}`);
    }
    for (const key of Object.keys(lists)) if (!seen.has(key)) problems.push(`${key}: no CHECK of its values`);
    expect(problems).toEqual([]);
  });

  it('has no domain table the registry does not know', () => {
    const known = new Set(resourceNames.map((name) => resources[name].table));
    const synced = [...columnsByTable.entries()]
      // A synced table carries all the sync columns (a log with a seq of its own is not one).
      .filter(([, columns]) =>
        syncColumns.every((name) => columns.some((column) => column.column_name === name)),
      )
      .map(([table]) => table)
      .filter((table) => !known.has(table));
    expect(synced).toEqual([]);
  });
});
