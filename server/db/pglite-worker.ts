// The embedded database's own thread: owns the PGlite instance (PostgreSQL compiled to WebAssembly) and
// runs what the server's thread sends it (pglite-protocol.ts), so a long statement holds this thread, not
// the one that answers requests. The order of statements, transactions and the one-user-at-a-time
// discipline stay on the server's side (pglite-dialect.ts); this side runs requests as they come.

import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parsers } from './parsers.js';
import {
  failureFields,
  type OpenOptions,
  type Reply,
  type Request,
  ROWS_A_MESSAGE,
} from './pglite-protocol.js';

const DATE = 1082;
const TIMESTAMPS = new Set([1114, 1184]);

/**
 * PGlite ignores custom parsers for dates and hands out Date objects; the PostgreSQL driver is set to
 * give text. Both engines must give the same values, so dates become 'yyyy-MM-dd' and timestamps ISO text.
 */
function datesAsText<R>(rows: R[], fields: { name: string; dataTypeID: number }[]): R[] {
  const dated = fields.filter((field) => field.dataTypeID === DATE || TIMESTAMPS.has(field.dataTypeID));
  if (dated.length === 0) return rows;
  for (const row of rows as Record<string, unknown>[]) {
    for (const field of dated) {
      const value = row[field.name];
      if (value instanceof Date) {
        row[field.name] = field.dataTypeID === DATE ? value.toISOString().slice(0, 10) : value.toISOString();
      }
    }
  }
  return rows;
}

async function open({ pgdata }: OpenOptions): Promise<PGlite> {
  // One options object: PGlite drops the second argument when the first is not a string.
  const pglite = new PGlite({
    dataDir: pgdata,
    parsers,
    relaxedDurability: false,
    // pg_trgm (a contrib extension PGlite ships) for the trigram indexes of text searches.
    extensions: { pg_trgm },
    // The database lives in the server's process: PostgreSQL's 128 MB buffer cache would sit in its
    // memory on top of the OS's cache of the same files. 32 MB keeps the server ~70 MB smaller (bench:
    // import) at no measured cost per list query over 100,000 items (16 MB cost ~20% more CPU there).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'],
  });
  await pglite.waitReady;
  return pglite;
}

async function serve(port: NonNullable<typeof parentPort>) {
  const send = (reply: Reply) => port.postMessage(reply);
  let pglite: PGlite;
  try {
    pglite = await open(workerData as OpenOptions);
  } catch (error) {
    send({ type: 'failed', error: failureFields(error) });
    port.close();
    return;
  }
  const listening = new Map<number, () => Promise<void>>();
  // The request whose next slice of rows the server's thread asks for.
  const asked = new Map<number, () => void>();
  /** All rows but the last slice, one message at a time, each when asked for. */
  const sendSlices = async (id: number, rows: unknown[]): Promise<unknown[]> => {
    let from = 0;
    for (; rows.length - from > ROWS_A_MESSAGE; from += ROWS_A_MESSAGE) {
      const more = new Promise<void>((resolve) => asked.set(id, resolve));
      send({ type: 'rows', id, rows: rows.slice(from, from + ROWS_A_MESSAGE) });
      await more;
    }
    return from === 0 ? rows : rows.slice(from);
  };
  const run = async (request: Request): Promise<Reply | null> => {
    const { id } = request;
    switch (request.op) {
      case 'query': {
        const result = await pglite.query(request.sql, request.params);
        const rows = await sendSlices(id, datesAsText(result.rows, result.fields));
        return { type: 'done', id, rows, affectedRows: result.affectedRows };
      }
      case 'exec':
        await pglite.exec(request.text);
        return { type: 'done', id };
      case 'listen': {
        const stop = await pglite.listen(request.channel, (payload) =>
          send({ type: 'notice', listening: id, payload }),
        );
        listening.set(id, stop);
        return { type: 'done', id };
      }
      case 'unlisten':
        await listening.get(request.listening)?.();
        listening.delete(request.listening);
        return { type: 'done', id };
      case 'close':
        await pglite.close();
        return { type: 'done', id };
      case 'more':
        return null;
    }
  };
  port.on('message', (request: Request) => {
    if (request.op === 'more') {
      asked.get(request.id)?.();
      asked.delete(request.id);
      return;
    }
    run(request).then(
      (reply) => {
        if (reply) send(reply);
        // Nothing more comes after close: letting go of the port lets the thread end.
        if (request.op === 'close') port.close();
      },
      (error: unknown) => send({ type: 'error', id: request.id, error: failureFields(error) }),
    );
  });
  send({ type: 'ready' });
}

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (server/db/pglite-thread.ts)');
await serve(parentPort);
