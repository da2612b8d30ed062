import { useEffect } from 'react';
import { useSyncStatus } from '../../sync/status';
import { afterSettled } from '../../ui/preload';
import { preloadOfflineCode } from './offlineCode';

// A tab that never syncs (another tab holds the lead) preloads this long after the frame opened.
const FALLBACK_MS = 5000;

/**
 * Preloads the offline code (./offlineCode.ts) once the first screen is up, its first sync round has
 * ended and the page has settled: the first paint and the first download (the reference lists every form
 * needs come with it) go first, the code right after, before the service worker has cached anything. When
 * the sync ends before the page settles, the preload starts at the moment the service worker registers
 * (src/main.tsx), its links inserted before the worker's script is even fetched.
 */
export function useOfflineCode(): void {
  useEffect(() => {
    let synced = false;
    let cancelSettled: (() => void) | undefined;
    const start = () => {
      unsubscribe();
      window.clearTimeout(fallback);
      // And once the page has settled (src/ui/preload.ts): compiling this code must not compete with the
      // first paint (Lighthouse saw its chunks compiled before it on a quick first sync).
      cancelSettled = afterSettled(() => void preloadOfflineCode());
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
      cancelSettled?.();
    };
  }, []);
}
