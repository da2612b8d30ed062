import { type Kysely, sql } from 'kysely';
import { uuidv7 } from '../../../src/domain/ids.js';
import { sameValue } from '../../../src/domain/input.js';
import { moveRefusal } from '../../../src/domain/refusals.js';
import type { Resource } from '../../../src/domain/resource.js';
import { HttpError, notFound, ValidationError } from '../../http/errors.js';
import { say } from '../../i18n/message.js';
import { redirectMerged } from '../reference/redirect.js';
import { refuseDeleteInUse } from '../reference/usage.js';
import { checkUpdate } from './access.js';
import type { Actor, WriteScope } from './actor.js';
import { type AuditEntry, recordAudit } from './audit.js';
import { tombstone } from './cascade.js';
import { columnsOf, paramType, toParam } from './columns.js';
import { requestedId, requireFields, validateRecord, writableInput } from './input.js';
import { checkRefs, checkRules, checkUnique, deriveFields } from './integrity.js';
import { databaseReader } from './reads.js';
import { validateOnce } from './tally.js';

export type { Actor, WriteScope } from './actor.js';

type Row = Record<string, unknown>;

export interface WriteResult {
  id: string;
  /** 201 created, 200 updated or unchanged. */
  status: 200 | 201;
  version: number;
  /** The row as written, as devices store it (columnsOf().flat), when this write stored one. */
  row?: Row;
}

const readerOf = (scope: WriteScope) => scope.reader ?? databaseReader(scope.db);

/** The row, locked for the rest of the transaction (a caller that locked it already passes it on). */
export async function lockRow(db: Kysely<unknown>, resource: Resource, id: string): Promise<Row | undefined> {
  const result =
    await sql<Row>`select * from ${sql.table(resource.table)} where id = ${id} for update`.execute(db);
  return result.rows[0];
}

export const flatColumns = (resource: Resource) =>
  sql.join(columnsOf(resource).flat.map((name) => sql.ref(name)));

export const typed = (resource: Resource, name: string, value: unknown) => {
  const kind = columnsOf(resource).fields[name].kind;
  return sql`${toParam(kind, value)}::${sql.raw(paramType(kind))}`;
};

/** Creates a record (its id given by the caller or made here). An existing id is updated instead. */
export async function createRecord(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  body: unknown,
  locked?: { row: Row | undefined },
): Promise<WriteResult> {
  const input = writableInput(resource, body);
  const id = requestedId(body) ?? uuidv7();
  const existing = locked ? locked.row : await lockRow(scope.db, resource, id);
  if (existing?.deleted_at) throw new HttpError(409, { detail: say('record.deleted') });
  if (existing) return repeatedCreate(await applyUpdate(scope, resource, actor, existing, input), existing);

  const values = await prepareCreate(scope, resource, id, input);
  const [inserted] = await insertRecords(scope.db, resource, [{ id, values, actor }]);
  if (!inserted) {
    // The same id was created meanwhile (a retry racing the original): this one is an update of it.
    const created = await lockRow(scope.db, resource, id);
    if (!created || created.deleted_at) throw new HttpError(409, { detail: say('record.deleted') });
    return repeatedCreate(await applyUpdate(scope, resource, actor, created, input), created);
  }
  await recordAudit(scope.db, createdAudit(resource, id, values, actor));
  return { id, status: 201, version: 1, row: inserted };
}

/** A new record's values, validated and checked against other rows (the write's refusals, thrown). */
export async function prepareCreate(scope: WriteScope, resource: Resource, id: string, input: Row) {
  const { fields, writable } = columnsOf(resource);
  const parsed = validateRecord(resource, input);
  const values: Row = {};
  for (const name of writable) values[name] = parsed[name] ?? fields[name].default ?? null;
  const reader = readerOf(scope);
  await redirectMerged(reader, resource, values, writable);
  await checkRefs(reader, resource, values, writable);
  Object.assign(values, await deriveFields(reader, resource, values));
  await checkRules(reader, resource, values);
  await checkUnique(scope.db, resource, values, id);
  return values;
}

/**
 * Inserts new records of one resource in one statement (every values object with the same keys, as
 * prepareCreate makes them). The rows as devices store them, in the order given; undefined for an id
 * that exists already.
 */
export async function insertRecords(
  db: Kysely<unknown>,
  resource: Resource,
  records: { id: string; values: Row; actor: Actor }[],
): Promise<(Row | undefined)[]> {
  if (records.length === 0) return [];
  const names = Object.keys(records[0].values);
  const rows = records.map(
    ({ id, values, actor }) =>
      sql`(${id}, 1, now(), ${actor.userId}, now(), ${actor.userId}, ${sql.join(names.map((name) => typed(resource, name, values[name])))})`,
  );
  const inserted =
    await sql<Row>`insert into ${sql.table(resource.table)} (id, version, created_at, created_by, updated_at, updated_by, ${sql.join(names.map((name) => sql.ref(name)))})
    values ${sql.join(rows)} on conflict (id) do nothing returning ${flatColumns(resource)}`.execute(db);
  const byId = new Map(inserted.rows.map((row) => [String(row.id), row]));
  return records.map(({ id }) => byId.get(id));
}

/** The audit entry of a record created with `values`: each value given, from nothing. */
export function createdAudit(resource: Resource, id: string, values: Row, actor: Actor): AuditEntry {
  const changes = Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== null)
      .map(([name, value]) => [name, [null, value]]),
  );
  return { resource, id, action: 'create', version: 1, changes, actor };
}

/** A create of an existing id with the same content answers as the first create did (201); one that changes it is an update. */
function repeatedCreate(result: WriteResult, existing: Row): WriteResult {
  return result.version === Number(existing.version) ? { ...result, status: 201 } : result;
}

/** PATCH (`partial`) or PUT; `ifMatch`: the version the caller saw; `locked`: the row, locked already. */
interface UpdateOptions {
  partial: boolean;
  ifMatch?: number;
  locked?: { row: Row | undefined };
}

/** Updates the fields given (PATCH), or all required ones must be given (PUT); `ifMatch` makes it strict. */
export async function updateRecord(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  id: string,
  body: unknown,
  options: UpdateOptions,
): Promise<WriteResult> {
  const { existing, plan } = await planRecordUpdate(scope, resource, actor, id, body, options);
  return plan ? writeUpdate(scope.db, resource, plan) : unchanged(existing);
}

/**
 * updateRecord's checks, without its write: the update to make (null when nothing changes), with the row
 * as it stands. Refusals are thrown; nothing is written.
 */
export async function planRecordUpdate(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  id: string,
  body: unknown,
  options: UpdateOptions,
): Promise<{ existing: Row; plan: UpdatePlan | null }> {
  const input = writableInput(resource, body);
  if (!options.partial) requireFields(resource, input);
  const existing = options.locked ? options.locked.row : await lockRow(scope.db, resource, id);
  if (!existing || existing.deleted_at) throw notFound();
  if (options.ifMatch !== undefined && options.ifMatch !== existing.version)
    throw new HttpError(412, {
      detail: say('record.changed', { sent: String(options.ifMatch), now: String(existing.version) }),
    });
  return { existing, plan: await planUpdate(scope, resource, actor, existing, input) };
}

const unchanged = (existing: Row): WriteResult => ({
  id: String(existing.id),
  status: 200,
  version: Number(existing.version),
});

/** Field merge: only fields given and different are written; the record is validated as a whole. */
async function applyUpdate(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  existing: Row,
  input: Row,
): Promise<WriteResult> {
  const plan = await planUpdate(scope, resource, actor, existing, input);
  return plan ? writeUpdate(scope.db, resource, plan) : unchanged(existing);
}

/** An update checked and ready to write: the fields it changes, to these values, and its audit entry. */
export interface UpdatePlan {
  id: string;
  version: number;
  changed: string[];
  values: Row;
  audit: AuditEntry;
}

/** The update `input` makes of `existing`, checked (refusals thrown); null when it changes nothing. */
async function planUpdate(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  existing: Row,
  input: Row,
): Promise<UpdatePlan | null> {
  const { writable, readOnly } = columnsOf(resource);
  const id = String(existing.id);
  const stored: Row = Object.fromEntries(writable.map((name) => [name, existing[name]]));
  // Validate the merged record, dropping nulls of optional fields so the schema sees them as absent.
  const merged = Object.fromEntries(
    Object.entries({ ...stored, ...input }).filter(([, value]) => value !== null),
  );
  const parsed = validateRecord(resource, merged);
  const changed = Object.keys(input).filter((name) => !sameValue(existing[name], parsed[name] ?? null));
  if (changed.length === 0) return null;
  if (resource.immutable)
    throw new ValidationError({
      non_field_errors: [say('record.immutable')],
    });
  checkUpdate(resource, actor, existing);

  const values: Row = { ...stored };
  for (const name of changed) values[name] = parsed[name] ?? null;
  const reader = readerOf(scope);
  await redirectMerged(reader, resource, values, changed);
  await validateOnce(scope.db, resource, existing, values, changed);
  await checkRefs(reader, resource, values, changed);
  const derived = await deriveFields(reader, resource, values);
  for (const name of readOnly)
    if (name in derived && !sameValue(existing[name], derived[name])) {
      values[name] = derived[name];
      changed.push(name);
    }
  for (const name of readOnly) if (!(name in values)) values[name] = existing[name];
  const moved = moveRefusal(resource, existing, values);
  if (Object.keys(moved).length > 0) throw new ValidationError(moved);
  await checkRules(reader, resource, values);
  await checkUnique(scope.db, resource, values, id);

  const version = Number(existing.version) + 1;
  const changes = Object.fromEntries(
    changed.map((name) => [name, [existing[name] ?? null, values[name] ?? null]]),
  );
  return {
    id,
    version,
    changed,
    values,
    audit: { resource, id, action: 'update', version, changes, actor },
  };
}

/** Writes a planned update and its audit entry; the row as devices store it. */
async function writeUpdate(db: Kysely<unknown>, resource: Resource, plan: UpdatePlan): Promise<WriteResult> {
  const { id, version, changed, values, audit } = plan;
  const assignments = changed.map((name) => sql`${sql.ref(name)} = ${typed(resource, name, values[name])}`);
  const updated =
    await sql<Row>`update ${sql.table(resource.table)} set ${sql.join(assignments)}, version = ${version}, updated_at = now(), updated_by = ${audit.actor.userId} where id = ${id} returning ${flatColumns(resource)}`.execute(
      db,
    );
  await recordAudit(db, audit);
  return { id, status: 200, version, row: updated.rows[0] };
}

/** Deletes by tombstone (the row stays for sync, with deleted_at), with the records under it. */
export async function deleteRecord(
  scope: WriteScope,
  resource: Resource,
  actor: Actor,
  id: string,
): Promise<boolean> {
  const existing = await lockRow(scope.db, resource, id);
  if (!existing || existing.deleted_at) return false;
  await refuseDeleteInUse(scope.db, resource, id);
  await tombstone(scope, resource, actor, existing);
  return true;
}
