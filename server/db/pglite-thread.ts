// The server's side of the embedded database's worker thread (pglite-worker.ts): statements go there as
// messages and their rows come back, so this thread keeps answering requests while PostgreSQL works.
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../workers/spawn.js';
import type { FailureFields, OpenOptions, Reply, Request } from './pglite-protocol.js';

/** What the driver needs of the embedded database: statements, scripts, LISTEN, close. */
export interface PGliteSession {
  query<R>(sql: string, params?: readonly unknown[]): Promise<{ rows: R[]; affectedRows?: number }>;
  /** SQL text that may hold several statements and no parameters (migrations). */
  exec(text: string): Promise<void>;
  /** LISTENs on `channel`; resolves to what stops it. */
  listen(channel: string, notice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Whether the thread is up (false once it has stopped: crashed, or closed). */
  running(): boolean;
}

/** An error with what PostgreSQL said (code, detail, constraint...), as the driver's errors carry it. */
function asError(fields: FailureFields): Error {
  const { message, ...rest } = fields;
  return Object.assign(new Error(message), rest);
}

type Done = Extract<Reply, { type: 'done' }>;
/** A request before it is given its id. */
type Unsent = { [Op in Request['op']]: Omit<Extract<Request, { op: Op }>, 'id'> }[Request['op']];
interface Waiter {
  /** Slices of rows received before the answer's last one. */
  slices: unknown[][];
  resolve(reply: Done): void;
  reject(error: Error): void;
}

/** Starts the worker and opens the database in it; rejects with what went wrong when it cannot. */
export async function startPGliteThread(pgdata: string | undefined): Promise<PGliteSession> {
  const worker: Worker = spawnWorker('pglite-worker', { workerData: { pgdata } satisfies OpenOptions });
  const waiters = new Map<number, Waiter>();
  const notices = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let stopped: Error | null = null;
  let opened: (() => void) | null = null;
  let failedToOpen: ((error: Error) => void) | null = null;
  const ready = new Promise<void>((resolve, reject) => {
    opened = resolve;
    failedToOpen = reject;
  });

  const stop = (error: Error) => {
    if (stopped) return;
    stopped = error;
    failedToOpen?.(error);
    for (const waiter of waiters.values()) waiter.reject(error);
    waiters.clear();
  };
  worker.on('message', (reply: Reply) => {
    if (reply.type === 'ready') opened?.();
    else if (reply.type === 'failed') stop(asError(reply.error));
    else if (reply.type === 'notice') notices.get(reply.listening)?.(reply.payload);
    else if (reply.type === 'rows') {
      waiters.get(reply.id)?.slices.push(reply.rows);
      worker.postMessage({ op: 'more', id: reply.id } satisfies Request);
    } else {
      const waiter = waiters.get(reply.id);
      waiters.delete(reply.id);
      // The thread keeps the process alive only while it has work (as PGlite in this thread did).
      if (waiters.size === 0) worker.unref();
      if (reply.type === 'done' && waiter && waiter.slices.length > 0)
        waiter.resolve({ ...reply, rows: [...waiter.slices.flat(), ...(reply.rows ?? [])] });
      else if (reply.type === 'done') waiter?.resolve(reply);
      else waiter?.reject(asError(reply.error));
    }
  });
  worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`)));
  worker.on('exit', (code) =>
    stop(new Error(`The embedded database stopped (its thread exited, code ${code})`)),
  );
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  const ask = (request: Unsent, id = nextId++): Promise<Done> => {
    if (stopped) return Promise.reject(stopped);
    return new Promise<Done>((resolve, reject) => {
      if (waiters.size === 0) worker.ref();
      waiters.set(id, { slices: [], resolve, reject });
      worker.postMessage({ ...request, id });
    });
  };

  return {
    async query<R>(sql: string, params: readonly unknown[] = []) {
      const reply = await ask({ op: 'query', sql, params: [...params] });
      return { rows: (reply.rows ?? []) as R[], affectedRows: reply.affectedRows };
    },
    async exec(text) {
      await ask({ op: 'exec', text });
    },
    async listen(channel, notice) {
      const id = nextId++;
      notices.set(id, notice);
      try {
        await ask({ op: 'listen', channel }, id);
      } catch (error) {
        notices.delete(id);
        throw error;
      }
      return async () => {
        notices.delete(id);
        await ask({ op: 'unlisten', listening: id });
      };
    },
    async close() {
      if (!stopped) await ask({ op: 'close' });
      await worker.terminate();
    },
    running: () => stopped === null,
  };
}
