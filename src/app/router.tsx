import { BrowserRouter, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { useSession } from '../features/auth';
// Before the router: the unsaved-changes guard hears the back button first (see its module).
import '../ui/leave/guard';
import { Lazy } from '../ui/LoadBoundary';
import { lazyRetrying } from '../ui/lazyRetrying';
import { PageFallback } from '../ui/PageFallback';
import { WIDE } from '../ui/useMedia';
import { GuestOnly, RequireAuth } from './guards';
import { SIDEBAR_COLLAPSED_KEY } from './layout/sidebarKey';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { type AppRoute, ROUTES, routeFor } from './routes';
import { ScrollToTop } from './ScrollToTop';

// Each frame is its own chunk: /login does not load the signed-in frame (menus, modals), nor the reverse.
const loadAppLayout = () => import('./layout/AppLayout');
const loadPublicLayout = () => import('./layout/PublicLayout');
const AppLayout = lazyRetrying(loadAppLayout);
const PublicLayout = lazyRetrying(loadPublicLayout);
const NotFoundPage = lazyRetrying(() => import('./NotFoundPage'));

/** An unknown address shows the not-found page in the frame of who is looking: signed in, the app's. */
function NotFoundFrame() {
  const authenticated = useSession((state) => state.authenticated);
  return authenticated ? <AppLayout /> : <PublicLayout />;
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

// The route tree built from the registry: public and guest routes in the public frame, signed-in routes in
// the app frame behind the auth guard, anything else the not-found page in the visitor's frame.
function routeObjects(): RouteObject[] {
  const open = ROUTES.filter((route) => route.access !== 'auth');
  const signedIn = ROUTES.filter((route) => route.access === 'auth');
  return [
    {
      element: <PublicLayout />,
      children: open.map((route) => ({ path: route.path, element: element(route) })),
    },
    {
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      children: signedIn.map((route) => ({ path: route.path, element: element(route) })),
    },
    { element: <NotFoundFrame />, children: [{ path: '*', element: <NotFoundPage /> }] },
  ];
}

const ROUTE_OBJECTS = routeObjects();

function Screens() {
  return useRoutes(ROUTE_OBJECTS);
}

/** The frames and their screens; a frame that could not be loaded says so (another address tries again). */
function Frames() {
  const { pathname } = useLocation();
  return (
    <Lazy fallback={<PageFallback />} resetKey={pathname} screen>
      <Screens />
    </Lazy>
  );
}

// History mode with the declarative router: screens read the local store, not route loaders, so the data
// router (and its weight on the first screen) is not needed.
export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <UpdatePrompt />
      <Frames />
    </BrowserRouter>
  );
}

/**
 * The text namespaces the first screen reads beyond the start-up's common texts: its frame's (the public
 * frame's and the sign-in form's; the signed-in frame's sync bar: 'syncbar', not the sync panel's 'sync')
 * and the page's own, so they load in parallel with the start-up instead of when each part first renders.
 * The signed-in frame's settings menu and its dialogs read 'auth': it loads with the menu's code
 * (./layout/UserBar.tsx).
 */
export function firstScreenNamespaces(pathname: string, authenticated: boolean): string[] {
  const route = routeFor(pathname);
  if (!route && authenticated) return ['syncbar'];
  if (route?.access !== 'auth' || !authenticated) return ['auth', 'public'];
  return ['syncbar', ...route.namespaces];
}

/**
 * The frame's logo is the first screen's largest image: fetched with the start-up instead of once the
 * frame has rendered (the sidebar's large or small logo, or the public frame's).
 */
function preloadLogo(signedInFrame: boolean): void {
  let collapsed = false;
  try {
    collapsed = localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    // Storage unavailable: the sidebar starts expanded.
  }
  // Below the wide breakpoint the signed-in frame shows the small logo in its top bar (the drawer is shut).
  if (!window.matchMedia(WIDE).matches) collapsed = true;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = signedInFrame ? (collapsed ? '/logo-small.svg' : '/logo.svg') : '/logo-dark.svg';
  link.fetchPriority = 'high';
  document.head.append(link);
}

/**
 * Starts loading the code the first screen needs (its frame and its page) in parallel with the start-up,
 * instead of one after the other as React meets each lazy part.
 */
export function preloadFirstScreen(pathname: string, authenticated: boolean): void {
  const route = routeFor(pathname);
  // Signed in, an unknown address shows the not-found page in the app frame too.
  const signedInFrame = authenticated && (!route || route.access === 'auth');
  preloadLogo(signedInFrame);
  void (signedInFrame ? loadAppLayout() : loadPublicLayout()).catch(() => undefined);
  if (route && (route.access !== 'auth' || authenticated)) void route.load().catch(() => undefined);
  if (route?.access === 'auth' && !authenticated) {
    const login = routeFor('/login');
    void login?.load().catch(() => undefined);
  }
}
