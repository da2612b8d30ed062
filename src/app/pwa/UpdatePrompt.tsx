import { useSyncStatus } from '../../sync/status';
import { lazyPart } from '../../ui/LoadBoundary';
import { useUpdateStore } from './update-store';

const UpdateNotice = lazyPart(() => import('./UpdateNotice'));

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
  return <UpdateNotice outdated={outdated} />;
}
