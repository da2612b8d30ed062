// The tab's side of the pull worker (./pull.worker.ts): a drop-in for pullAll that sends the work to a
// dedicated worker and turns its answers back into the errors the engine understands (401 pauses,
// network errors back off). Without Worker support the pull runs here as before.
import { SyncHttpError, SyncNetworkError } from '../api/sync';
import { type PullContext, pullAll } from './pull';
import type { PullReply, PullRequest } from './pull.worker';

export interface WorkerPullOptions {
  userId: string;
  token: () => string | null;
  baseUrl?: string;
}

export interface WorkerPull {
  pull: (ctx: PullContext) => Promise<number>;
  /** Sign-out: ends the worker (and its connection to the user's database); a pull under way rejects. */
  terminate(): void;
}

class PullStopped extends Error {
  constructor() {
    super('The pull was stopped (sign-out).');
  }
}

export function workerPull(options: WorkerPullOptions): WorkerPull {
  if (typeof Worker === 'undefined') return { pull: pullAll, terminate: () => {} };
  let worker: Worker | null = null;
  let next = 0;
  let ended = false;
  const inFlight = new Set<(error: Error) => void>();
  const terminate = () => {
    ended = true;
    worker?.terminate();
    worker = null;
    for (const reject of inFlight) reject(new PullStopped());
    inFlight.clear();
  };
  const pull = async (ctx: PullContext): Promise<number> => {
    const id = ++next;
    const request: PullRequest = {
      id,
      userId: options.userId,
      token: options.token(),
      baseUrl: options.baseUrl ?? location.origin,
      device: await ctx.deviceState(),
      pageSize: ctx.pageSize,
    };
    if (ended) throw new PullStopped();
    worker ??= new Worker(new URL('./pull.worker.ts', import.meta.url), { type: 'module' });
    const running = worker;
    return new Promise<number>((resolveOuter, rejectOuter) => {
      const settle = () => inFlight.delete(rejectOuter);
      const resolve = (rows: number) => {
        settle();
        resolveOuter(rows);
      };
      const reject = (error: unknown) => {
        settle();
        rejectOuter(error);
      };
      inFlight.add(rejectOuter);
      const onMessage = (event: MessageEvent<PullReply>) => {
        const reply = event.data;
        if (reply.id !== id) return;
        if (reply.type === 'progress') {
          ctx.onProgress?.(reply.progress);
          return;
        }
        running.removeEventListener('message', onMessage);
        running.removeEventListener('error', onError);
        if (reply.type === 'done') resolve(reply.rows);
        else if (reply.kind === 'http') reject(new SyncHttpError(reply.status, reply.body));
        else if (reply.kind === 'network') reject(new SyncNetworkError(new Error(reply.message)));
        else reject(new Error(reply.message));
      };
      const onError = (event: ErrorEvent) => {
        running.removeEventListener('message', onMessage);
        running.removeEventListener('error', onError);
        // The worker could not start or crashed: this time the pull runs here.
        worker = null;
        event.preventDefault();
        pullAll(ctx).then(resolve, reject);
      };
      running.addEventListener('message', onMessage);
      running.addEventListener('error', onError);
      running.postMessage(request);
    });
  };
  return { pull, terminate };
}
