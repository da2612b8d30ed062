import { lazy, Suspense } from 'react';
import { useInstallStore } from './install';

const InstallNotice = lazy(() => import('./InstallNotice'));

/** The install hint, in the signed-in frame, when the browser offers installing; its code loads only then. */
export function InstallHint() {
  const offer = useInstallStore((state) => state.offer);
  if (!offer) return null;
  return (
    <Suspense fallback={null}>
      <InstallNotice offer={offer} />
    </Suspense>
  );
}
