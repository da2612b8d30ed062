// A sync push's reads of other rows for the checks of the creates it writes set-based (push-creates.ts):
// the rows its mutations name, read in one statement per table before the first of them is checked, and
// the rows the batch creates itself, known before they are written. Rows a write of the batch changed are
// forgotten (read again when asked); a delete, which may cascade, forgets them all.
import { type Kysely, sql } from 'kysely';
import { isUuid } from '../../src/domain/ids.js';
import { mergesOf, type RowReader } from '../resources/engine/reads.js';

type Row = Record<string, unknown>;

export class BatchReads implements RowReader {
  /** By table, then id (lower case): the row as read (null: there is none), or as this batch creates it. */
  private readonly rows = new Map<string, Map<string, Row | null>>();
  /** `table id` of the rows created and not yet written. */
  private readonly unwritten = new Set<string>();
  /** By id: the entry it was merged into, or null (not merged). Merges are not made by a push. */
  private readonly merges = new Map<string, string | null>();

  /** `write` writes the rows created so far (a read of their stored values needs them written). */
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly write: () => Promise<void>,
  ) {}

  private table(table: string) {
    let rows = this.rows.get(table);
    if (!rows) {
      rows = new Map();
      this.rows.set(table, rows);
    }
    return rows;
  }

  /** Reads, in one statement per table, the rows of `wanted` (table: ids) and the merges of `mergeable` not known yet. */
  async load(wanted: Map<string, Set<string>>, mergeable: Iterable<string> = []) {
    for (const [table, ids] of wanted) {
      const known = this.table(table);
      const missing = [...new Set([...ids].map((id) => id.toLowerCase()))].filter((id) => !known.has(id));
      if (missing.length === 0) continue;
      for (const id of missing) known.set(id, null);
      const valid = missing.filter(isUuid);
      if (valid.length === 0) continue;
      const found =
        await sql<Row>`select * from ${sql.table(table)} where id = any(${valid}::uuid[])`.execute(this.db);
      for (const row of found.rows) known.set(String(row.id), row);
    }
    const unknown = [...new Set(mergeable)].filter((id) => isUuid(id) && !this.merges.has(id));
    if (unknown.length === 0) return;
    const into = await mergesOf(this.db, unknown);
    for (const id of unknown) this.merges.set(id, into.get(id) ?? null);
  }

  /** The row (deleted or not), null when there is none. */
  async row(table: string, id: string): Promise<Row | null> {
    await this.load(new Map([[table, new Set([id])]]));
    return this.table(table).get(id.toLowerCase()) ?? null;
  }

  async live(table: string, ids: string[]) {
    await this.load(new Map([[table, new Set(ids)]]));
    const known = this.table(table);
    return new Set(
      ids.map((id) => id.toLowerCase()).filter((id) => known.get(id) && !known.get(id)?.deleted_at),
    );
  }

  async value(table: string, id: string, column: string) {
    // A stored value may differ from the value given (a date's form): read rows as the database keeps them.
    if (this.unwritten.has(`${table} ${id.toLowerCase()}`)) await this.write();
    return (await this.row(table, id))?.[column] ?? null;
  }

  async mergedInto(ids: string[]) {
    await this.load(new Map(), ids);
    const into = new Map<string, string>();
    for (const id of ids) {
      const kept = this.merges.get(id);
      if (kept) into.set(id, kept);
    }
    return into;
  }

  /** A row this batch creates, before it is written. */
  created(table: string, id: string, values: Row) {
    this.table(table).set(id, { ...values, id, deleted_at: null });
    this.unwritten.add(`${table} ${id}`);
  }

  /** Rows now written, as stored. */
  written(table: string, rows: (Row | undefined)[]) {
    for (const row of rows) {
      if (!row) continue;
      this.table(table).set(String(row.id), row);
      this.unwritten.delete(`${table} ${String(row.id)}`);
    }
  }

  /** A row changed (or created) by another write of the batch: read again when asked. */
  forget(table: string, id: string) {
    this.table(table).delete(id.toLowerCase());
  }

  /** Every row: a delete and its cascade changed rows not named. */
  clear() {
    this.rows.clear();
  }
}
