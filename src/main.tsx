// Mantine's styles of the first screens only; the rest load after it (./app/styles/loadRest.ts).
import './app/styles/first.css';
import './app/global.css';
import { watchInstallOffer } from './app/pwa/install';
import { firstStylesReady } from './app/styles/firstStyles';

// The browser's install offer comes early: listened for before anything else.
watchInstallOffer();
// The start-up's styles apply as soon as they are in; the splash painted without them.
void firstStylesReady();

// The first screen's code runs in two tasks, React's and then the app's (./boot.tsx). As one task it
// held the page for about 40 ms on this machine, four times that on a mid-range phone, as the first taps
// come. The app is asked for once React has run: asked for together, both often arrived in one task and
// ran as one. Lighthouse (/projects, one set each, 2026-11-28): performance 93-98 against 83-97, total
// blocking time 141-324 ms against 163-647, first paint 1.0 s against 1.4 s (simulated slow 4G).
void import('react-dom/client').then(() => import('./boot'));
