import { lazy, Suspense } from 'react';
import { createBrowserRouter, Outlet } from 'react-router-dom';
import { GuestOnly, RequireAuth } from './guards';
import { PageFallback } from './layout/PageFallback';
import { type AppRoute, ROUTES } from './routes';
import { ScrollToTop } from './ScrollToTop';

// Each frame is its own chunk: /login does not load the signed-in frame (menus, modals), nor the reverse.
const AppLayout = lazy(() => import('./layout/AppLayout'));
const PublicLayout = lazy(() => import('./layout/PublicLayout'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const UpdatePrompt = lazy(() => import('./UpdatePrompt'));

function Root() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </>
  );
}

function element(route: AppRoute) {
  const Page = route.page;
  return route.access === 'guest' ? (
    <GuestOnly>
      <Page />
    </GuestOnly>
  ) : (
    <Page />
  );
}

export function createAppRouter() {
  const open = ROUTES.filter((route) => route.access !== 'auth');
  const signedIn = ROUTES.filter((route) => route.access === 'auth');
  return createBrowserRouter([
    {
      element: <Root />,
      children: [
        {
          element: <PublicLayout />,
          children: [
            ...open.map((route) => ({ path: route.path, element: element(route) })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
        {
          element: (
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          ),
          children: signedIn.map((route) => ({ path: route.path, element: element(route) })),
        },
      ],
    },
  ]);
}
