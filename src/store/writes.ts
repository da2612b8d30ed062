// The only way screens change data: each write validates with the domain schema, then stores the row and
// its outbox entry in one Dexie transaction. The screen sees the change at once; the outbox sends it.
import { uuidv7 } from '../domain/ids';
import { sameValue, writableFields } from '../domain/input';
import { messages } from '../domain/messages';
import { moveRefusal } from '../domain/refusals';
import { type ResourceName, refsOf } from '../domain/registry';
import type { Resource, Role } from '../domain/resource';
import type { LocalDb } from './db';
import { appendEntry } from './entries';
import { entriesOf, markOf, withoutMark } from './marks';
import { type LocalRow, serverKey } from './schema';
import { refuseRepeats } from './unique';
import { givenId, LocalValidationError, refuseInput, resourceOf, validateRecord } from './validate';

export interface WriteContext {
  db: LocalDb;
  /** The signed-in user: stamped on rows and outbox entries. */
  userId: string | null;
  /** The user's role, when known: a change the server would refuse for it is refused here at once. */
  role?: () => Role | null;
  /** This device's clock (ms), for each change's occurred_at; default Date.now. */
  now?: () => number;
}

/** The device's time now, as the outbox and the local rows record it. */
const stamp = (ctx: WriteContext) => new Date(ctx.now?.() ?? Date.now()).toISOString();

/**
 * The registry's write permissions, checked before saving (the server checks them again). An update of
 * a reference entry staff may add is allowed to the one who added it (`existing`).
 */
function checkAllowed(
  ctx: WriteContext,
  resource: Resource,
  action: 'create' | 'write' | 'delete',
  existing?: LocalRow,
) {
  const needed =
    action === 'delete'
      ? resource.deletableBy
      : action === 'create'
        ? resource.creatableBy
        : resource.writableBy;
  const role = ctx.role?.() ?? null;
  const own =
    action === 'write' &&
    resource.creatableBy === 'staff' &&
    !!existing &&
    existing.created_by === ctx.userId;
  const allowed = needed !== null && (needed === 'staff' || role === null || role === 'admin' || own);
  if (!allowed) throw new LocalValidationError({ non_field_errors: [messages.forbidden] });
}

export interface WriteResult {
  id: string;
  /** The outbox entry made; null when nothing changed. */
  mutation_id: string | null;
}

/** Tables a write of `resource` touches: its own, the sync tables, and those its derived fields read. */
function tablesFor(db: LocalDb, resource: Resource) {
  const refs = refsOf(resource);
  const sources = Object.values(resource.derived).map((derivation) => refs[derivation.from]?.resource);
  const names = new Set<string>([resource.name, ...sources.filter((name): name is ResourceName => !!name)]);
  return [...[...names].map((name) => db.table(name)), db.outbox, db.meta, db.server_rows];
}

/**
 * Server-set refs the server derives (a hand's project from its event), derived locally the same way.
 * With `changed`, only those whose source changed; a value not found here is left to the server.
 */
async function deriveLocally(
  db: LocalDb,
  resource: Resource,
  values: Record<string, unknown>,
  changed?: Record<string, unknown>,
) {
  const refs = refsOf(resource);
  const derived: Record<string, unknown> = {};
  for (const [name, { from, path }] of Object.entries(resource.derived)) {
    if (changed && !(from in changed)) continue;
    let target: ResourceName | undefined = refs[from]?.resource;
    let value: unknown = values[from];
    for (const step of path) {
      if (typeof value !== 'string' || !target) {
        value = null;
        break;
      }
      const row = await db.rows(target).get(value);
      value = row?.[step] ?? null;
      target = refsOf(resourceOf(target))[step]?.resource;
    }
    if (typeof value === 'string') derived[name] = value;
    else if (!changed) derived[name] = null;
  }
  return derived;
}

/**
 * Keeps the server's copy of a record before its first local change (for rebase and discard). Writes take
 * the resource as a name at run time (save(resource, ...)): its rows are LocalRow.
 */
export async function keepServerCopy(
  db: LocalDb,
  resource: ResourceName,
  row: LocalRow | undefined,
  id: string,
) {
  const key = serverKey(resource, id);
  if (await db.server_rows.get(key)) return;
  const version = typeof row?.version === 'number' && row.version > 0 ? row.version : null;
  await db.server_rows.put({
    key,
    resource,
    id,
    row: row && version !== null ? withoutMark(row) : null,
    version,
    deleted: false,
  });
}

async function markRow(db: LocalDb, resource: ResourceName, row: Record<string, unknown>, id: string) {
  const mark = markOf(await entriesOf(db, resource, id));
  const next = { ...withoutMark(row), id } as LocalRow;
  if (mark) next._sync = mark;
  await db.rows(resource).put(next);
}

async function updateInTx(
  ctx: WriteContext,
  resource: Resource,
  existing: LocalRow,
  changes: Record<string, unknown>,
): Promise<WriteResult> {
  const name = resource.name as ResourceName;
  const writable = Object.keys(resource.fields);
  const stored = Object.fromEntries(writable.map((field) => [field, existing[field] ?? null]));
  refuseInput(resource, changes, false);
  const parsed = validateRecord(resource, { ...stored, ...changes });
  const data: Record<string, unknown> = {};
  for (const field of Object.keys(changes))
    if (!sameValue(existing[field], parsed[field] ?? null)) data[field] = parsed[field] ?? null;
  if (Object.keys(data).length === 0) return { id: existing.id, mutation_id: null };
  await refuseRepeats(ctx.db, resource, { ...stored, ...data }, existing.id, Object.keys(data));

  const now = stamp(ctx);
  const derived = await deriveLocally(ctx.db, resource, { ...stored, ...data }, data);
  const moved = moveRefusal(resource, existing, { ...existing, ...data, ...derived });
  if (Object.keys(moved).length > 0) throw new LocalValidationError(moved);
  await keepServerCopy(ctx.db, name, existing, existing.id);
  const entry = await appendEntry(ctx.db, {
    mutation_id: uuidv7(),
    resource: name,
    op: 'update',
    record_id: existing.id,
    data,
    base_version: typeof existing.version === 'number' ? existing.version : null,
    occurred_at: now,
    user_id: ctx.userId,
  });
  const row = { ...existing, ...data, ...derived, updated_at: now, updated_by: ctx.userId };
  await markRow(ctx.db, name, row, existing.id);
  return { id: existing.id, mutation_id: entry.mutation_id };
}

/** Creates a record, or, when its id exists locally, saves the fields that differ (a full form save). */
export async function saveRecord(
  ctx: WriteContext,
  resourceName: ResourceName,
  record: Record<string, unknown>,
): Promise<WriteResult> {
  const resource = resourceOf(resourceName);
  const input = writableFields(resource, record);
  const id = givenId(record) ?? uuidv7();
  return ctx.db.transaction('rw', tablesFor(ctx.db, resource), async () => {
    const existing = await ctx.db.rows(resourceName).get(id);
    checkAllowed(ctx, resource, existing ? 'write' : 'create', existing);
    if (existing) return updateInTx(ctx, resource, existing, input);
    refuseInput(resource, input, true);
    const parsed = validateRecord(resource, input);
    const values: Record<string, unknown> = {};
    for (const [field, descriptor] of Object.entries(resource.fields))
      values[field] = parsed[field] ?? descriptor.info.default ?? null;
    const data = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
    await refuseRepeats(ctx.db, resource, values, id);
    const now = stamp(ctx);
    await keepServerCopy(ctx.db, resourceName, undefined, id);
    const entry = await appendEntry(ctx.db, {
      mutation_id: uuidv7(),
      resource: resourceName,
      op: 'create',
      record_id: id,
      data,
      base_version: null,
      occurred_at: now,
      user_id: ctx.userId,
    });
    const row = {
      id,
      version: 0,
      seq: 0,
      created_at: now,
      created_by: ctx.userId,
      updated_at: now,
      updated_by: ctx.userId,
      deleted_at: null,
      ...values,
      ...(await deriveLocally(ctx.db, resource, values)),
    };
    await markRow(ctx.db, resourceName, row, id);
    return { id, mutation_id: entry.mutation_id };
  });
}

/** Changes only the given fields of a record (the outbox carries only those that differ). */
export async function updateRecord(
  ctx: WriteContext,
  resourceName: ResourceName,
  id: string,
  changes: Record<string, unknown>,
): Promise<WriteResult> {
  const resource = resourceOf(resourceName);
  const input = writableFields(resource, changes);
  return ctx.db.transaction('rw', tablesFor(ctx.db, resource), async () => {
    const existing = await ctx.db.rows(resourceName).get(id);
    if (!existing) throw new LocalValidationError({ non_field_errors: [messages.notFound] });
    checkAllowed(ctx, resource, 'write', existing);
    return updateInTx(ctx, resource, existing, input);
  });
}

/**
 * Deletes a record locally and queues its delete. A record created on this device and never sent is
 * simply forgotten with its queued changes: the server never knew it.
 */
export async function removeRecord(
  ctx: WriteContext,
  resourceName: ResourceName,
  id: string,
): Promise<WriteResult> {
  const resource = resourceOf(resourceName);
  checkAllowed(ctx, resource, 'delete');
  return ctx.db.transaction('rw', tablesFor(ctx.db, resource), async () => {
    const table = ctx.db.rows(resourceName);
    const existing = await table.get(id);
    const entries = await entriesOf(ctx.db, resourceName, id);
    // Never reached the server: not tried yet, or refused outright.
    const unsent = (entry: (typeof entries)[number]) =>
      entry.state !== 'sending' && (entry.attempts === 0 || entry.outcome === 'rejected');
    const unsentCreate = entries[0]?.op === 'create' && entries.every(unsent);
    await table.delete(id);
    if (unsentCreate) {
      await ctx.db.outbox.bulkDelete(entries.map((entry) => entry.mutation_id));
      await ctx.db.server_rows.delete(serverKey(resourceName, id));
      return { id, mutation_id: null };
    }
    if (!existing && entries.length === 0) return { id, mutation_id: null };
    await keepServerCopy(ctx.db, resourceName, existing, id);
    const entry = await appendEntry(ctx.db, {
      mutation_id: uuidv7(),
      resource: resourceName,
      op: 'delete',
      record_id: id,
      data: null,
      base_version: typeof existing?.version === 'number' ? existing.version : null,
      occurred_at: stamp(ctx),
      user_id: ctx.userId,
    });
    return { id, mutation_id: entry.mutation_id };
  });
}
