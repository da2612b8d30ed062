import { useEffect } from 'react';

// After the screen has settled: long enough after the last activity that the screen's own code, texts
// and first data are in, so what is preloaded never competes with the screen the user is waiting for.
export const SETTLE_MS = 3000;

/** Runs `run` SETTLE_MS from now, at the browser's next idle moment; returns a function that cancels it. */
function afterQuiet(run: () => void): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: SETTLE_MS });
    else run();
  }, SETTLE_MS);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Runs `run` once the page has settled: it has loaded (its first screen's code in), then SETTLE_MS more
 * (its texts and first data), then the browser's next idle moment. Returns a function that cancels it if
 * it has not run yet.
 */
export function afterSettled(run: () => void): () => void {
  let cancel = () => {};
  const settle = () => {
    cancel = afterQuiet(run);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    window.removeEventListener('load', settle);
    cancel();
  };
}

/**
 * Loads the code of the screen the user is likely to open next, once this one has settled and the browser
 * is idle (in the service worker's precache once installed, so this only saves the parse time).
 */
export function usePreloadWhenSettled(load: () => Promise<unknown>): void {
  useEffect(() => afterQuiet(() => void load().catch(() => undefined)), [load]);
}
