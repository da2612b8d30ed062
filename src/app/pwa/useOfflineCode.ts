import { useEffect } from 'react';
import { useSyncStatus } from '../../sync/status';
import { preloadOfflineCode } from './offlineCode';

// A tab that never syncs (another tab holds the lead) preloads this long after the frame opened.
const FALLBACK_MS = 5000;

/**
 * Preloads the offline code (./offlineCode.ts) once the first screen is up and its first sync round has
 * ended, at the browser's next idle moment: the first download (the reference lists every form needs
 * come with it) goes first, the code right after, before the service worker has cached anything.
 */
export function useOfflineCode(): void {
  useEffect(() => {
    let synced = false;
    let idle: number | undefined;
    const start = () => {
      unsubscribe();
      window.clearTimeout(fallback);
      const run = () => void preloadOfflineCode();
      if ('requestIdleCallback' in window) idle = window.requestIdleCallback(run, { timeout: 1000 });
      else run();
    };
    const unsubscribe = useSyncStatus.subscribe((status) => {
      if (status.phase === 'syncing') synced = true;
      else if (synced || !status.online) start();
    });
    const fallback = window.setTimeout(start, FALLBACK_MS);
    if (!useSyncStatus.getState().online) start();
    return () => {
      unsubscribe();
      window.clearTimeout(fallback);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}
