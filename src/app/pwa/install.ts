// "Install on this tablet": where the browser offers installing (Chromium's beforeinstallprompt), the
// event is kept from the start of the page (it fires early) so the signed-in frame can offer it once.
import { create } from 'zustand';

/** The browser's install offer (not in TypeScript's DOM types). */
export interface InstallOffer extends Event {
  prompt: () => Promise<unknown>;
  userChoice?: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Set once the hint was answered (installed, or "Not now"): it is not offered again on this device. */
const INSTALL_HINT_KEY = 'install_hint';

interface InstallState {
  offer: InstallOffer | null;
}

export const useInstallStore = create<InstallState>(() => ({ offer: null }));

function answered(): boolean {
  try {
    return localStorage.getItem(INSTALL_HINT_KEY) !== null;
  } catch {
    return true;
  }
}

/** Drops the hint for good on this device. */
export function answerInstallHint(outcome: 'installed' | 'later'): void {
  useInstallStore.setState({ offer: null });
  try {
    localStorage.setItem(INSTALL_HINT_KEY, outcome);
  } catch {
    // Storage unavailable: gone for this visit.
  }
}

/** Listens for the browser's offer; called once at start. */
export function watchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    if (answered()) return;
    // The browser's own mini bar stays away; the app says it in its words.
    event.preventDefault();
    useInstallStore.setState({ offer: event as InstallOffer });
  });
  // Installed another way (the browser's menu): nothing left to suggest.
  window.addEventListener('appinstalled', () => answerInstallHint('installed'));
}
