// The build turns the start-up's stylesheet link in index.html into a preload (vite.config.ts,
// firstStylesPreloaded): the splash, styled inline, paints without waiting for it. Here it becomes the
// stylesheet again, in its place in <head> (before the screens' styles that load after it), and the app
// renders once it applies. The dev server injects its styles from the modules: no such link, nothing to wait.
let ready: Promise<void> | undefined;

export function firstStylesReady(): Promise<void> {
  ready ??= new Promise((resolve) => {
    const link = document.querySelector<HTMLLinkElement>('link[data-first-styles]');
    if (!link) {
      resolve();
      return;
    }
    // Loaded or failed (offline with no cache), the app renders: a missing stylesheet must not hang it.
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.rel = 'stylesheet';
  });
  return ready;
}
