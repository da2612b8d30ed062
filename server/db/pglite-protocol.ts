// Messages between the server's thread and the embedded database's worker thread (pglite-worker.ts).
// Each request carries an id, and its answer the same id; notices of a LISTEN come unasked.

/** The worker's workerData. */
export interface OpenOptions {
  /** PGlite's folder (pgdata); undefined keeps the database in memory. */
  pgdata: string | undefined;
}

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; text: string }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listening: number }
  | { id: number; op: 'close' }
  /** The next slice of a long result (see Reply 'rows'). */
  | { id: number; op: 'more' };

/** What a failed statement said: PostgreSQL's fields (code, detail, constraint, table, column...). */
export interface FailureFields {
  message: string;
  [field: string]: string | number | undefined;
}

export type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: FailureFields }
  | { type: 'done'; id: number; rows?: unknown[]; affectedRows?: number }
  /**
   * A slice of a long result, before its 'done' (which carries the last one). The next comes when the
   * server's thread asks for it ('more'): a message is read whole in one go, and 20,000 rows at once
   * would hold that thread for ~100 ms; unasked, the slices would queue and be read in one go too.
   */
  | { type: 'rows'; id: number; rows: unknown[] }
  | { type: 'error'; id: number; error: FailureFields }
  | { type: 'notice'; listening: number; payload: string };

/** Rows in one message at most. */
export const ROWS_A_MESSAGE = 500;

/** An error's own fields, as plain values that cross to the other thread. */
export function failureFields(error: unknown): FailureFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: FailureFields = { message: error.message };
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return fields;
}
