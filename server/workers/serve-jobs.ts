// The worker's side of job-thread.ts: gathers a job's slices, runs it, answers with its result (an
// ArrayBuffer in the result is handed over, not copied).
import { parentPort } from 'node:worker_threads';
import { type FromWorker, holderOf, type ToWorker } from './job-protocol.js';

export function serveJobs(
  run: (payload: Record<string, unknown>) => Promise<{ result: unknown; transfer?: ArrayBuffer[] }>,
) {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs in a worker thread (server/workers/job-thread.ts)');
  const parts = new Map<number, Map<string, unknown[][]>>();
  port.on('message', (message: ToWorker) => {
    if (message.type === 'part') {
      const job = parts.get(message.job) ?? new Map<string, unknown[][]>();
      parts.set(message.job, job);
      const key = message.path.join('.');
      const slices = job.get(key) ?? [];
      slices.push(message.items);
      job.set(key, slices);
      return;
    }
    const { job, payload, sliced } = message;
    const gathered = parts.get(job);
    parts.delete(job);
    for (const path of sliced) {
      const [holder, key] = holderOf(payload, path);
      holder[key] = (gathered?.get(path.join('.')) ?? []).flat();
    }
    run(payload).then(
      ({ result, transfer }) =>
        port.postMessage({ type: 'done', job, result } satisfies FromWorker, transfer ?? []),
      (error: unknown) =>
        port.postMessage({
          type: 'failed',
          job,
          message: error instanceof Error ? error.message : String(error),
        } satisfies FromWorker),
    );
  });
}
