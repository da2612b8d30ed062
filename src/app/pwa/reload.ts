// Reloading into the newest version: the service worker looks for it now, and a version found (or
// already waiting) takes over before the reload, so the page comes back on the new app rather than
// on the cached one. Without a service worker (or none found in time) a plain reload.
import { useUpdateStore } from './update-store';

const INSTALL_WAIT_MS = 20_000;

/** Resolves once `worker` is installed (waiting) or gone, or after a while. */
function installed(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      if (worker.state !== 'installing') resolve();
    };
    worker.addEventListener('statechange', done);
    setTimeout(resolve, INSTALL_WAIT_MS);
    done();
  });
}

export async function reloadIntoNewVersion(): Promise<void> {
  const registration =
    'serviceWorker' in navigator
      ? await navigator.serviceWorker.getRegistration().catch(() => undefined)
      : undefined;
  if (registration) {
    await registration.update().catch(() => undefined);
    if (registration.installing) await installed(registration.installing);
    const { applyUpdate } = useUpdateStore.getState();
    if (registration.waiting && applyUpdate) {
      await applyUpdate();
      return;
    }
  }
  window.location.reload();
}
