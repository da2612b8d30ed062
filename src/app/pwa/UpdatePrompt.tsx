import { useSyncStatus } from '../../sync/status';
import { Lazy } from '../../ui/LoadBoundary';
import { lazyRetrying } from '../../ui/lazyRetrying';
import { useUpdateStore } from './update-store';

const UpdateNotice = lazyRetrying(() => import('./UpdateNotice'));

/**
 * Announces a new version with a reload button: one the service worker found, or the server's word that
 * it runs a release this app is older than (sync stops until the reload). The notice's code loads only
 * when there is one.
 */
export function UpdatePrompt() {
  const needRefresh = useUpdateStore((state) => state.needRefresh);
  const dismissed = useUpdateStore((state) => state.outdatedDismissed);
  const outdated = useSyncStatus((status) => status.phase === 'app-outdated') && !dismissed;
  if (!needRefresh && !outdated) return null;
  return (
    <Lazy fallback={null}>
      <UpdateNotice outdated={outdated} />
    </Lazy>
  );
}
