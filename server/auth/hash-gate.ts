import { availableParallelism } from 'node:os';

/**
 * Password hashes at once. scrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE, 4 by default),
 * which also reads and writes files and compresses: hashes beyond the cores only queue there, and a
 * burst of sign-ins filling every thread would hold up the app's files and photos. Two threads are left.
 */
export const HASH_SLOTS = Math.max(
  1,
  Math.min(availableParallelism(), (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2),
);

export interface Gate {
  /** Runs `work` when a slot is free (first come, first served). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** How long work arriving now would wait for a slot, ms, from the recent durations. */
  expectedWaitMs(): number;
}

/** At most `slots` pieces of work at once; the rest wait in order. */
export function gate(slots: number, initialMs = 250): Gate {
  let running = 0;
  const waiting: Array<() => void> = [];
  let averageMs = initialMs;
  return {
    async run(work) {
      // A slot freed is handed to the first waiter directly, so a newcomer cannot take it in between.
      if (running < slots) running++;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      const started = performance.now();
      try {
        return await work();
      } finally {
        averageMs = 0.8 * averageMs + 0.2 * (performance.now() - started);
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
    expectedWaitMs: () => (running < slots ? 0 : Math.ceil(((waiting.length + 1) * averageMs) / slots)),
  };
}
