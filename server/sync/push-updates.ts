// A push's updates, written set-based: each is checked as updateRecord checks it (planRecordUpdate: the
// same refusals, thrown before anything of it is written, so a refusal needs no savepoint) after the
// batch's field merge judged it, and answered in its turn; but the rows are written together — one
// UPDATE per table, one INSERT for their audit entries — before any other kind of write of the batch
// touches the database, before a second update of the same record, before a check reads one of the rows
// waiting, and at the batch's end. Should the set-based write fail (a database refusal the checks did not
// foresee), the batch is rolled back and run one mutation at a time (push.ts).
import { type Kysely, sql } from 'kysely';
import type { Resource } from '../../src/domain/resource.js';
import { databaseReader, type RowReader } from '../resources/engine/reads.js';
import { flatColumns, typed, type UpdatePlan } from '../resources/engine/write.js';
import type { PushedMutation } from './push-creates.js';
import { withRows, writeByTable } from './set-based.js';

type Row = Record<string, unknown>;

interface PendingUpdate {
  resource: Resource;
  mutationId: string;
  plan: UpdatePlan;
}

/**
 * The rows of `plans` (one resource, each row once) updated in one statement: each column any of them
 * changes is set where that plan changes it and kept elsewhere. The rows as devices store them.
 */
async function updateRows(db: Kysely<unknown>, resource: Resource, plans: UpdatePlan[]) {
  const names = [...new Set(plans.flatMap((plan) => plan.changed))];
  const values = plans.map((plan) => {
    const cells = names.flatMap((name) => {
      const sets = plan.changed.includes(name);
      return [sql`${sets}::boolean`, typed(resource, name, sets ? plan.values[name] : null)];
    });
    return sql`(${plan.id}::uuid, ${plan.version}::integer, ${plan.audit.actor.userId}::uuid, ${sql.join(cells)})`;
  });
  const columns = names.flatMap((_, index) => [sql.raw(`s${index}`), sql.raw(`v${index}`)]);
  const assignments = names.map(
    (name, index) =>
      sql`${sql.ref(name)} = case when ${sql.ref(`v.s${index}`)} then ${sql.ref(`v.v${index}`)} else ${sql.ref(`t.${name}`)} end`,
  );
  const updated = await sql<Row>`update ${sql.table(resource.table)} as t
    set ${sql.join(assignments)}, version = v.k_version, updated_at = now(), updated_by = v.k_by
    from (values ${sql.join(values)}) as v(k_id, k_version, k_by, ${sql.join(columns)})
    where t.id = v.k_id returning ${flatColumns(resource)}`.execute(db);
  return new Map(updated.rows.map((row) => [String(row.id), row]));
}

export class BatchedUpdates {
  private pending: PendingUpdate[] = [];
  /** Where the checks of the updates waiting read other rows: a row waiting is written first. */
  readonly reader: RowReader;

  /** `written` answers each update once its row is written. */
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly written: (mutationId: string, row: Row) => void,
  ) {
    const database = databaseReader(db);
    this.reader = {
      live: async (table, ids) => {
        if (ids.some((id) => this.holds(table, id))) await this.flush();
        return database.live(table, ids);
      },
      value: async (table, id, column) => {
        if (this.holds(table, id)) await this.flush();
        return database.value(table, id, column);
      },
      mergedInto: (ids) => database.mergedInto(ids),
    };
  }

  /**
   * Whether this mutation's write may wait to be written with others: an update (unguarded: a refusal
   * rolls back its batch), of a resource without unique fields (checked against the table, one at a
   * time), of a record none waiting writes.
   */
  takes(unguarded: boolean, resource: Resource | undefined, mutation: PushedMutation): boolean {
    return (
      unguarded &&
      mutation.op === 'update' &&
      !!resource &&
      resource.unique.length === 0 &&
      !this.holds(resource.table, mutation.id)
    );
  }

  private holds(table: string, id: string) {
    const key = id.toLowerCase();
    return this.pending.some((update) => update.resource.table === table && update.plan.id === key);
  }

  /** Keeps a checked update to be written. */
  add(resource: Resource, mutationId: string, plan: UpdatePlan) {
    this.pending.push({ resource, mutationId, plan });
  }

  /** Whether the answer of this mutation waits for its row to be written. */
  waits(mutationId: string) {
    return this.pending.some((update) => update.mutationId === mutationId);
  }

  /** Writes the waiting updates: one UPDATE per table, one INSERT for their audit entries. */
  async flush() {
    const pending = this.pending;
    if (pending.length === 0) return;
    this.pending = [];
    const answered = await writeByTable(
      this.db,
      pending,
      async (resource, updates) => {
        const rows = await updateRows(
          this.db,
          resource,
          updates.map((update) => update.plan),
        );
        return withRows(
          resource.table,
          updates,
          updates.map((update) => rows.get(update.plan.id)),
        );
      },
      () => pending.map((update) => update.plan.audit),
    );
    for (const [update, row] of answered) this.written(update.mutationId, row);
  }
}
