// The Mantine styles the first screens do not use (./rest.css) load after the first screen: at the first
// touch, click or key (before any dialog or picker can open), or once the screen has settled; at once
// when the app opens on another screen (one the route table does not mark light), whose first render
// waits for them (src/main.tsx). From the service worker's precache once installed.

import { afterSettled } from '../../ui/preload';
import { routeFor } from '../routes';

let loading: Promise<unknown> | null = null;

function loadRestStyles(): Promise<unknown> {
  loading ??= import('./rest').catch(() => {
    loading = null;
  });
  return loading;
}

/**
 * Schedules the rest of the styles; opened on a screen that is not light, loads them at once and returns
 * when they apply (or failed to load: offline with no cache, the screen renders anyway).
 */
export function scheduleRestStyles(pathname: string): Promise<unknown> | undefined {
  if (!routeFor(pathname)?.light) return loadRestStyles();
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const now = () => {
    for (const name of events) window.removeEventListener(name, now, true);
    cancel();
    void loadRestStyles();
  };
  for (const name of events) window.addEventListener(name, now, { capture: true, passive: true });
  const cancel = afterSettled(now);
  return undefined;
}
