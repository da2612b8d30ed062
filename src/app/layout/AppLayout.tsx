import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../../features/auth';
import { SyncStatusBar } from '../../features/sync';
import { loadWrites } from '../../store/active';
import { setDraftOwner } from '../../ui/draft';
import { Lazy } from '../../ui/LoadBoundary';
import { LeaveGuard } from '../../ui/leave/LeaveGuard';
import { PageFallback } from '../../ui/PageFallback';
import { usePreloadWhenSettled } from '../../ui/preload';
import { useMedia, WIDE } from '../../ui/useMedia';
import { InstallHint } from '../pwa/InstallHint';
import { useOfflineCode } from '../pwa/useOfflineCode';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import classes from './layout.module.css';
import { Sidebar } from './Sidebar';
import { UserBar } from './UserBar';

/** The signed-in frame: navigation (a column when wide, a drawer when not), top bar, sync bar, the screen, footer. */
export default function AppLayout() {
  // Set during render, before any form of the frame reads its draft.
  setDraftOwner(useSession((state) => state.user?.id ?? null));
  const [navOpen, setNavOpen] = useState(false);
  const wide = useMedia(WIDE);
  const drawerOpen = navOpen && !wide;
  const closeNav = useCallback(() => setNavOpen(false), []);
  const { pathname } = useLocation();
  // The writes' code (with the domain's schemas that check each save), once the first screen has settled.
  usePreloadWhenSettled(loadWrites);
  // The code a save needs with no network, fetched (not run) right after the first sync.
  useOfflineCode();
  // A new screen closes the drawer (an entry chosen, or the back button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of screen.
  useEffect(() => setNavOpen(false), [pathname]);
  // While the drawer is open the screen under it does not scroll.
  useEffect(() => {
    if (!drawerOpen) return;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      document.documentElement.style.overflow = '';
    };
  }, [drawerOpen]);
  return (
    <div className={classes.shell}>
      <DocumentTitle />
      <LeaveGuard />
      <Sidebar open={drawerOpen} onClose={closeNav} />
      {drawerOpen && <div className={classes.scrim} onClick={closeNav} aria-hidden="true" />}
      <div className={classes.column} inert={drawerOpen}>
        <UserBar menuOpen={drawerOpen} onMenu={() => setNavOpen(true)} />
        <SyncStatusBar />
        <main className={classes.main} id="main">
          <InstallHint />
          <Lazy fallback={<PageFallback />} resetKey={pathname} screen>
            <Outlet />
          </Lazy>
        </main>
        <Footer />
      </div>
    </div>
  );
}
