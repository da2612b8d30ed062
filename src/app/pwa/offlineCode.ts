// The code a save needs offline (forms, the store's write path, its dialogs and texts), preloaded by the
// signed-in page so that a tablet losing the signal right after signing in, before the service worker has
// installed (it caches every file of the app one at a time), can still open a form and save. The build
// lists the files in a meta tag of index.html (build/offline-code.ts); each becomes a
// `<link rel="modulepreload">` (fetched and parsed, not run: it runs when a screen imports it, from the
// page's module map, with no request) or a style preload (then the stylesheet comes from the HTTP cache).
import { storedLanguage } from '../../store/language';

const META = 'karbontrack-offline-code';

type State = 'loading' | 'ready' | 'partial';

let started: Promise<State> | null = null;

/** The files for this page's language: the code, and the language's texts ('es:/assets/…'). */
function filesFor(language: string): string[] {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${META}"]`)?.content ?? '';
  return content
    .split(' ')
    .filter(Boolean)
    .flatMap((entry) => {
      const text = /^([a-z]+):(\/.*)$/.exec(entry);
      if (!text) return [entry];
      return text[1] === language && text[2] ? [text[2]] : [];
    });
}

function preload(href: string): Promise<boolean> {
  const present = document.querySelector(`link[href="${href}"], script[src="${href}"]`);
  if (present) return Promise.resolve(true);
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  link.fetchPriority = 'low';
  const done = new Promise<boolean>((resolve) => {
    link.addEventListener('load', () => resolve(true), { once: true });
    link.addEventListener('error', () => resolve(false), { once: true });
  });
  document.head.append(link);
  return done;
}

/**
 * Each link in a task of its own: inserting a module preload costs the main thread about a millisecond
 * (the browser resolves it and starts its fetch there and then), and the hundred or so files inserted at
 * once held it for some 90 ms, a long task of the page's first seconds (a tap then waits).
 */
async function preloadEach(files: string[]): Promise<boolean[]> {
  const loaded: Promise<boolean>[] = [];
  for (const href of files) {
    loaded.push(preload(href));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return Promise.all(loaded);
}

/**
 * Preloads the offline code once (later calls return the same promise). `<html data-offline-code>` says
 * where it stands: 'loading', 'ready', or 'partial' (a file failed: no network, or a newer version on the
 * server; the service worker caches the rest once it installs).
 */
export function preloadOfflineCode(): Promise<State> {
  if (started) return started;
  const root = document.documentElement;
  // A page the service worker controls came from its precache, which holds every file of this version.
  if (navigator.serviceWorker?.controller) {
    root.dataset.offlineCode = 'ready';
    started = Promise.resolve('ready');
    return started;
  }
  const files = filesFor(storedLanguage());
  root.dataset.offlineCode = 'loading';
  started = preloadEach(files).then((results) => {
    const state: State = results.every(Boolean) ? 'ready' : 'partial';
    root.dataset.offlineCode = state;
    return state;
  });
  return started;
}
