// "Settled": the page has loaded (its first screen's code in), then SETTLE_MS more (its texts and first
// data), then the browser's next idle moment. What runs then never competes with the first screen.
export const SETTLE_MS = 3000;

/** Runs `run` once the page has settled; returns a function that cancels it if it has not run yet. */
export function afterSettled(run: () => void): () => void {
  let timer: number | undefined;
  let idle: number | undefined;
  const settle = () => {
    timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: SETTLE_MS });
      else run();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
  return () => {
    window.removeEventListener('load', settle);
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
