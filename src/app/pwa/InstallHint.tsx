import { Lazy } from '../../ui/LoadBoundary';
import { lazyRetrying } from '../../ui/lazyRetrying';
import { useInstallStore } from './install';

const InstallNotice = lazyRetrying(() => import('./InstallNotice'));

/** The install hint, in the signed-in frame, when the browser offers installing; its code loads only then. */
export function InstallHint() {
  const offer = useInstallStore((state) => state.offer);
  if (!offer) return null;
  // A hint, not the user's work: if its code cannot load (offline on a first visit), nothing shows.
  return (
    <Lazy fallback={null} failed={null}>
      <InstallNotice offer={offer} />
    </Lazy>
  );
}
