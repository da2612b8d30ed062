import { type Kysely, sql } from 'kysely';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { type FieldErrors, ValidationError } from '../../http/errors.js';
import { allOf, fieldName, say } from '../../i18n/message.js';
import { columnsOf } from './columns.js';
import type { RowReader } from './reads.js';

type Db = Kysely<unknown>;
type Row = Record<string, unknown>;

const holds = (value: unknown) =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  value !== false &&
  !(Array.isArray(value) && value.length === 0);

/** Follows a ref and then `path` (each step but the last a ref of the row reached); the final value. */
async function follow(
  reader: RowReader,
  resourceName: string,
  id: string,
  path: readonly string[],
): Promise<unknown> {
  let resource = resources[resourceName as keyof typeof resources] as Resource;
  let current: unknown = id;
  for (const [index, step] of path.entries()) {
    if (typeof current !== 'string') return null;
    current = await reader.value(resource.table, current, step);
    if (index < path.length - 1) {
      const next = columnsOf(resource).refs[step]?.resource;
      if (!next) return null;
      resource = resources[next] as Resource;
    }
  }
  return current;
}

/** Every ref in `changed` points to a live record: a dangling id is named, never stored. */
export async function checkRefs(reader: RowReader, resource: Resource, values: Row, changed: string[]) {
  const { refs } = columnsOf(resource);
  const errors: FieldErrors = {};
  for (const name of changed) {
    const ref = refs[name];
    const value = values[name];
    if (!ref || !holds(value)) continue;
    const ids = (ref.many ? (value as string[]) : [value as string]).map(String);
    const found = await reader.live(resources[ref.resource].table, ids);
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) errors[name] = missing.map((id) => say('record.no_pk', { id }));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Server-set fields copied from referenced rows (a hand's project, from its event). */
export async function deriveFields(reader: RowReader, resource: Resource, values: Row): Promise<Row> {
  const derived: Row = {};
  const { refs } = columnsOf(resource);
  for (const [name, derivation] of Object.entries(resource.derived)) {
    const from = values[derivation.from];
    const target = refs[derivation.from]?.resource;
    derived[name] =
      typeof from === 'string' && target ? await follow(reader, target, from, derivation.path) : null;
  }
  return derived;
}

/** The registry's rules that need other rows (a hand only under a working shift; same project). */
export async function checkRules(reader: RowReader, resource: Resource, values: Row) {
  const errors: FieldErrors = {};
  const { refs } = columnsOf(resource);
  for (const rule of resource.rules) {
    if (rule.kind === 'refAttribute') {
      if (rule.when && !holds(values[rule.when])) continue;
      const start = values[rule.field];
      const target = refs[rule.field]?.resource;
      if (typeof start !== 'string' || !target) continue;
      const value = await follow(reader, target, start, rule.path);
      if (!rule.oneOf.includes(String(value))) errors[rule.when ?? rule.field] = [rule.message];
      continue;
    }
    const project = resource.projectField ? values[resource.projectField] : undefined;
    if (typeof project !== 'string') continue;
    for (const name of rule.fields) {
      const id = values[name];
      const target = refs[name] && (resources[refs[name].resource] as Resource);
      if (typeof id !== 'string' || !target?.projectField) continue;
      const theirs = await follow(reader, target.name, id, [target.projectField]);
      if (theirs !== project) errors[name] = [rule.message];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The registry's unique sets among live rows; the error is reported on the set's last field. */
export async function checkUnique(db: Db, resource: Resource, values: Row, id: string) {
  const errors: FieldErrors = {};
  for (const set of resource.unique) {
    if (set.some((name) => values[name] === null || values[name] === undefined)) continue;
    const conditions = set.map((name) => sql`${sql.ref(name)} = ${values[name]}`);
    const clash =
      await sql`select 1 from ${sql.table(resource.table)} where ${sql.join(conditions, sql` and `)} and deleted_at is null and id <> ${id} limit 1`.execute(
        db,
      );
    if (clash.rows.length > 0) {
      const last = set[set.length - 1];
      const scope = set.slice(0, -1);
      errors[last] = [
        scope.length > 0
          ? say('record.unique_in', {
              resource: resource.name,
              field: last,
              scope: allOf(scope.map((name) => fieldName(resource.name, name))),
            })
          : say('record.unique', { resource: resource.name, field: last }),
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}
