import { useEffect } from 'react';

// After the screen has settled: long enough after the last activity that the screen's own code, texts
// and first data are in, so what is preloaded never competes with the screen the user is waiting for.
const SETTLE_MS = 3000;

/**
 * Loads the code of the screen the user is likely to open next, once this one has settled and the browser
 * is idle (in the service worker's precache once installed, so this only saves the parse time).
 */
export function usePreloadWhenSettled(load: () => Promise<unknown>): void {
  useEffect(() => {
    let idle: number | undefined;
    const timer = window.setTimeout(() => {
      const run = () => void load().catch(() => undefined);
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: SETTLE_MS });
      else run();
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [load]);
}
