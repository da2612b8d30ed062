// The Mantine styles the first screens do not use (./rest.css) load after the first screen: at the first
// touch, click or key (before any dialog or picker can open), or once the screen has settled; at once
// when the app opens on another screen (one the route table does not mark light). From the service
// worker's precache once installed.
import { routeFor } from '../routes';

const SETTLE_MS = 3000;

let loading: Promise<unknown> | null = null;

function loadRestStyles(): Promise<unknown> {
  loading ??= import('./rest').catch(() => {
    loading = null;
  });
  return loading;
}

export function scheduleRestStyles(pathname: string): void {
  if (!routeFor(pathname)?.light) {
    void loadRestStyles();
    return;
  }
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const now = () => {
    for (const name of events) window.removeEventListener(name, now, true);
    window.removeEventListener('load', settle);
    window.clearTimeout(timer);
    void loadRestStyles();
  };
  for (const name of events) window.addEventListener(name, now, { capture: true, passive: true });
  let timer: number | undefined;
  // Counted from the page's load (its first screen's code in), then at the browser's next idle moment.
  const settle = () => {
    timer = window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(now, { timeout: SETTLE_MS });
      else now();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') settle();
  else window.addEventListener('load', settle, { once: true });
}
