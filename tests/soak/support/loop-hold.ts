// How long the event loop is held, in this thread's own CPU time. A timer fires every few milliseconds;
// between two firings the loop ran whatever was ready, and the thread's CPU time spent meanwhile
// (Linux: /proc/thread-self/schedstat, nanoseconds) is how long the loop was held by work of its own.
// On a busy machine the wall-clock delay (perf_hooks.monitorEventLoopDelay) also counts the time the
// thread waited for a core: 2 cores shared by a dozen processes turn a 5 ms callback into a 300 ms
// delay. The CPU time does not grow with the load, so a hold of 100 ms means a request did 100 ms of
// work in one go, here or on a quiet machine.
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const SCHEDSTAT = '/proc/thread-self/schedstat';

/** This thread's CPU time in ms (the first field of schedstat is the time it ran, in ns). */
function threadCpuMs(): number {
  return Number(readFileSync(SCHEDSTAT, 'utf8').split(' ')[0]) / 1e6;
}

export interface LoopFigures {
  /** Wall-clock delay of a timer (monitorEventLoopDelay, 10 ms resolution), ms. */
  p99: number;
  max: number;
  mean: number;
  count: number;
  /** This thread's CPU time between two firings of a 5 ms timer, ms: p99 and the longest. */
  heldP99: number;
  heldMax: number;
  /** The holds over 50 ms: how long, and when (Date.now() at their end). */
  long: { ms: number; at: number }[];
}

/** Starts watching this thread's event loop; `read` gives the figures since the last read (or start). */
export function watchLoop(): { read(): LoopFigures; stop(): void } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let held: number[] = [];
  let long: { ms: number; at: number }[] = [];
  let last = threadCpuMs();
  const timer = setInterval(() => {
    const now = threadCpuMs();
    held.push(now - last);
    if (now - last > 50) long.push({ ms: Math.round(now - last), at: Date.now() });
    last = now;
  }, 5);
  timer.unref();
  const ms = (ns: number) => ns / 1e6;
  return {
    read() {
      const sorted = held.sort((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
      const figures = {
        p99: ms(delay.percentile(99)),
        max: ms(delay.max),
        mean: ms(delay.mean),
        count: delay.count,
        heldP99: at(0.99),
        heldMax: sorted[sorted.length - 1] ?? 0,
        long,
      };
      delay.reset();
      held = [];
      long = [];
      return figures;
    },
    stop() {
      clearInterval(timer);
      delay.disable();
    },
  };
}
