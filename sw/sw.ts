/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The app's service worker (vite-plugin-pwa, injectManifest). Today: the precached shell and every app
// route served offline. Later work adds here: a bounded runtime cache of thumbnails and, where the browser
// has it, Background Sync replaying the outbox with the tab closed (see ./README.md).

declare global {
  interface Window {
    /** Replaced at build time by the list of files to precache. */
    __WB_MANIFEST: Array<PrecacheEntry | string>;
  }
}

const sw = self as unknown as ServiceWorkerGlobalScope;

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
