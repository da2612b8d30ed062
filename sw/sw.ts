/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { BACKGROUND_SYNC_TAG } from '../src/sync/background';
import { replayOutbox } from '../src/sync/replay';

// The app's service worker (vite-plugin-pwa, injectManifest). Today: the precached shell and every app
// route served offline. Later work adds here: a bounded runtime cache of thumbnails and, where the browser
// has it, Background Sync replaying the outbox with the tab closed (see ./README.md).

declare const self: ServiceWorkerGlobalScope & {
  /** Replaced at build time by the list of files to precache (vite-plugin-pwa looks for `self.__WB_MANIFEST`). */
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

const sw = self;

// A new version waits until the user accepts the reload prompt; it never takes over on its own.
sw.addEventListener('message', (event) => {
  if (event.data && typeof event.data === 'object' && event.data.type === 'SKIP_WAITING') {
    void sw.skipWaiting();
  }
});

// The first install controls the open page at once, so the app works offline from the first visit.
clientsClaim();

// The shell, every route's chunk, both locales, icons, logos and the flyer.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every app route (any navigation outside /api/) gets the cached index.html; the router takes it from there.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//] }));

// Background Sync (Chromium): the tab registers BACKGROUND_SYNC_TAG while changes or files wait; the
// browser wakes this worker when a network is back, even with every tab closed, and the worker sends the
// outbox and the files with the tab's own code. A tab holding the sync lead does it instead. A rejected
// promise tells the browser to try again later (it backs off, and gives up after a few tries; the next
// open tab sends everything then). Browsers without it: see ./README.md.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

// 'sync' is not in TypeScript's event map of the service worker scope: listened to as a plain event.
(sw as EventTarget).addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== BACKGROUND_SYNC_TAG) return;
  sync.waitUntil(
    replayOutbox(sw.location.origin, sw.navigator.locks).then((result) => {
      if (result.retry) throw new Error('Work left for later: the browser retries this sync');
    }),
  );
});
