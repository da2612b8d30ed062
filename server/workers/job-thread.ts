// The server's side of a worker thread that runs jobs (report files...): started at the first job, kept
// for the next ones, let go of by the process when idle, started again if it dies. The job's work holds
// that thread, not the one answering requests.

import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { type FromWorker, holderOf, ITEMS_A_MESSAGE, longArrays, type ToWorker } from './job-protocol.js';
import { spawnWorker, type WorkerName } from './spawn.js';

interface Waiter {
  resolve(result: unknown): void;
  reject(error: Error): void;
}

export interface JobThread<Payload, Result> {
  run(payload: Payload): Promise<Result>;
}

export function jobThread<Payload extends object, Result>(name: WorkerName): JobThread<Payload, Result> {
  let worker: Worker | null = null;
  const waiters = new Map<number, Waiter>();
  let nextJob = 1;

  const start = (): Worker => {
    const started = spawnWorker(name);
    const stop = (error: Error) => {
      if (worker === started) worker = null;
      for (const waiter of waiters.values()) waiter.reject(error);
      waiters.clear();
    };
    started.on('message', (message: FromWorker) => {
      const waiter = waiters.get(message.job);
      waiters.delete(message.job);
      if (waiters.size === 0) started.unref();
      if (message.type === 'done') waiter?.resolve(message.result);
      else waiter?.reject(new Error(message.message));
    });
    started.on('error', (error) => stop(new Error(`The ${name} thread stopped: ${error.message}`)));
    started.on('exit', (code) => stop(new Error(`The ${name} thread exited (code ${code})`)));
    return started;
  };

  return {
    async run(payload) {
      worker ??= start();
      const thread = worker;
      const job = nextJob++;
      const done = new Promise<Result>((resolve, reject) => {
        waiters.set(job, { resolve: (result) => resolve(result as Result), reject });
      });
      thread.ref();
      // Long arrays a slice at a time, yielding between slices; the rest of the payload after them.
      const sliced = longArrays(payload as Record<string, unknown>);
      const rest: Record<string, unknown> = { ...(payload as Record<string, unknown>) };
      for (const path of sliced) {
        if (path.length === 2) rest[path[0]] = { ...(rest[path[0]] as Record<string, unknown>) };
        const [holder, key] = holderOf(rest, path);
        const items = holder[key] as unknown[];
        holder[key] = [];
        for (let from = 0; from < items.length; from += ITEMS_A_MESSAGE) {
          if (!waiters.has(job)) return done;
          const part: ToWorker = {
            type: 'part',
            job,
            path,
            items: items.slice(from, from + ITEMS_A_MESSAGE),
          };
          thread.postMessage(part);
          await nextTurn();
        }
      }
      if (waiters.has(job))
        thread.postMessage({ type: 'job', job, payload: rest, sliced } satisfies ToWorker);
      return done;
    },
  };
}
