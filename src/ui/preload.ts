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

let settled: Promise<void> | null = null;

/**
 * The page has settled: it has loaded (its first screen's code in), then SETTLE_MS more (its texts and
 * first data), then the browser's next idle moment. One moment for the whole page, one timer.
 */
function pageSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const settle = () => void afterQuiet(() => resolve());
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
  });
  return settled;
}

/**
 * Runs `run` once the page has settled (at once, in a microtask, if it has already); returns a function
 * that cancels it if it has not run yet. Those waiting run in the order they asked.
 */
export function afterSettled(run: () => void): () => void {
  let cancelled = false;
  void pageSettled().then(() => {
    if (!cancelled) run();
  });
  return () => {
    cancelled = true;
  };
}

/**
 * Loads the code of the screen the user is likely to open next, once this one has settled and the browser
 * is idle (in the service worker's precache once installed, so this only saves the parse time).
 */
export function usePreloadWhenSettled(load: () => Promise<unknown>): void {
  useEffect(() => afterQuiet(() => void load().catch(() => undefined)), [load]);
}
