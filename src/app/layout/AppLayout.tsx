import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SyncStatusBar } from '../../features/sync/SyncStatusBar';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import classes from './layout.module.css';
import { PageFallback } from './PageFallback';
import { Sidebar } from './Sidebar';
import { UserBar } from './UserBar';

/** The signed-in frame: sidebar, user bar, the screen, footer. */
export default function AppLayout() {
  return (
    <div className={classes.shell}>
      <DocumentTitle />
      <Sidebar />
      <div className={classes.column}>
        <UserBar />
        <SyncStatusBar />
        <main className={classes.main} id="main">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer />
      </div>
    </div>
  );
}
