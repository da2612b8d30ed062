// Mantine's styles of the first screens only; the rest load after it (./app/styles/loadRest.ts).
import './app/styles/first.css';
import './app/global.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n/i18n';
import { watchInstallOffer } from './app/pwa/install';
import { firstScreenNamespaces, preloadFirstScreen } from './app/router';
import { firstStylesReady } from './app/styles/firstStyles';
import { scheduleRestStyles } from './app/styles/loadRest';
import { restoreSession, useSession } from './features/auth';
import { afterSettled } from './ui/preload';

// The browser's install offer comes early: listened for before anything else.
watchInstallOffer();
// The start-up's styles apply as soon as they are in; the splash painted without them.
void firstStylesReady();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// A session local storage lost (a browser killed right after sign-in) comes back from IndexedDB first.
void restoreSession().then(() => {
  preloadFirstScreen(window.location.pathname, useSession.getState().authenticated);
  return boot(container, scheduleRestStyles(window.location.pathname));
});

// The first screen renders once its language's common texts and the start-up's styles are loaded (from the
// precache when installed), and on a screen that is not light the rest of the styles too.
function boot(container: HTMLElement, restStyles: Promise<unknown> | undefined) {
  return Promise.all([
    initI18n(firstScreenNamespaces(window.location.pathname, useSession.getState().authenticated)),
    firstStylesReady(),
    restStyles,
  ]).then(() => {
    // Not a transition (tried on 2026-11-27 for the first render's long task): with it, a phone signing in
    // on a loaded CI machine had not downloaded the reference lists when a test saved a repeated code, in
    // two CI runs. Likely cause: a transition may hold the first commit until the screen's lazy parts have
    // loaded, and the offline engine connects from App's effect, after that commit.
    createRoot(container).render(
      <StrictMode>
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </StrictMode>,
    );
    // The service worker registers once the first screen has settled: its install downloads the whole app,
    // which must not compete with the first screen, its first sync, or the code a save needs offline
    // (./app/pwa/offlineCode.ts, preloaded by the page itself: the worker then finds it in the HTTP cache).
    afterSettled(() => void import('./app/pwa/register').then((pwa) => pwa.registerServiceWorker()));
  });
}
