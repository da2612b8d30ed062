import { registerSW } from 'virtual:pwa-register';
import { useUpdateStore } from './update-store';

// Look for a new version every hour while the app stays open on a tablet.
const UPDATE_CHECK_INTERVAL = 60 * 60 * 1000;

/** Registers the service worker; a new version only raises the prompt, it never takes over by itself. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh() {
      useUpdateStore.setState({ needRefresh: true });
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL);
    },
  });
  // workbox-window reloads by itself only for an update it found during its own registration; one found
  // later (the hourly check, another tab) is "external". Reload on the controller change in every case.
  let reloading = false;
  const applyUpdate = () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    return updateSW(true);
  };
  useUpdateStore.setState({ applyUpdate });
}
