import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyPart } from '../../ui/LoadBoundary';
import { useInstallStore } from './install';

const loadNotice = () => import('./InstallNotice');
// A hint, not the user's work: if its code cannot load (offline on a first visit), nothing shows.
const InstallNotice = lazyPart(loadNotice, { failed: null });

/** From when the hint shows: with the frame's first render, or from the screen after `after`. */
type ShownFrom = 'now' | { after: string } | null;

/**
 * The install hint, in the signed-in frame, when the browser offers installing; its code loads only then.
 * It sits above the screen, so it never appears under a screen already drawn: the browser's offer often
 * comes a moment after the first screen, and the list would then jump down by the hint's height as the
 * user reached for a row (Lighthouse measured that shift). An offer that comes after the frame has drawn
 * waits for the next screen the user opens, and shows with it.
 */
export function InstallHint() {
  const offer = useInstallStore((state) => state.offer);
  const { pathname } = useLocation();
  const [shownFrom, setShownFrom] = useState<ShownFrom>(() => (offer ? 'now' : null));
  if (offer && shownFrom === null) setShownFrom({ after: pathname });
  else if (shownFrom !== null && shownFrom !== 'now' && shownFrom.after !== pathname) setShownFrom('now');
  // Its code comes in as soon as the offer does, so it shows with the next screen, not after it.
  useEffect(() => {
    if (offer) void loadNotice().catch(() => undefined);
  }, [offer]);
  if (!offer || shownFrom !== 'now') return null;
  return <InstallNotice offer={offer} />;
}
