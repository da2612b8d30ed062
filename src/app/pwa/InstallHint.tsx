import { lazyPart } from '../../ui/LoadBoundary';
import { useInstallStore } from './install';

// A hint, not the user's work: if its code cannot load (offline on a first visit), nothing shows.
const InstallNotice = lazyPart(() => import('./InstallNotice'), { failed: null });

/** The install hint, in the signed-in frame, when the browser offers installing; its code loads only then. */
export function InstallHint() {
  const offer = useInstallStore((state) => state.offer);
  if (!offer) return null;
  return <InstallNotice offer={offer} />;
}
