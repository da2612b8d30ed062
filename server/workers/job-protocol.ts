// Jobs sent to a worker thread (job-thread.ts on the server's side, serve-jobs.ts in the worker). A
// message is serialised whole, in one go, by the thread that posts it: 20,000 rows in one message held
// the server's thread ~100 ms. So long arrays of a job's payload (at its top level or one level down)
// go first, a slice a message, the server's thread yielding between slices, and the job itself names
// where each belongs.

/** Items of an array in one message at most. */
export const ITEMS_A_MESSAGE = 500;

export type Path = [string] | [string, string];

export type ToWorker =
  | { type: 'part'; job: number; path: Path; items: unknown[] }
  | { type: 'job'; job: number; payload: Record<string, unknown>; sliced: Path[] };

export type FromWorker =
  | { type: 'done'; job: number; result: unknown }
  | { type: 'failed'; job: number; message: string };

/** Long arrays of `payload` (top level or one level down), each sent apart. */
export function longArrays(payload: Record<string, unknown>): Path[] {
  const found: Path[] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (Array.isArray(value)) {
      if (value.length > ITEMS_A_MESSAGE) found.push([key]);
    } else if (value && typeof value === 'object' && !(value instanceof Map) && !(value instanceof Date))
      for (const [inner, item] of Object.entries(value))
        if (Array.isArray(item) && item.length > ITEMS_A_MESSAGE) found.push([key, inner]);
  }
  return found;
}

type Holder = Record<string, unknown>;

/** The object holding the array at `path`, and the array's key in it. */
export function holderOf(payload: Holder, path: Path): [Holder, string] {
  if (path.length === 1) return [payload, path[0]];
  return [payload[path[0]] as Holder, path[1]];
}
