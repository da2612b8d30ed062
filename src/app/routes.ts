import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { lazyRetrying } from '../ui/lazyRetrying';

/** public: anyone; guest: only signed out (login); auth: only signed in. */
type Access = 'public' | 'guest' | 'auth';

export interface AppRoute {
  /** The spec's route name. */
  name: string;
  path: string;
  access: Access;
  page: ComponentType;
  /** Starts loading the screen's code; the first screen starts it before React renders. */
  load: () => Promise<unknown>;
  /** The text namespaces its first render reads: loaded with the start-up when it is the first screen. */
  namespaces: string[];
  /**
   * Its first render needs only the start-up's styles (./styles/first.css): opened on it, the app loads the
   * rest of Mantine's styles later (./styles/loadRest.ts).
   */
  light: boolean;
}

type Loader = () => Promise<{ default: ComponentType }>;

function screen(
  name: string,
  path: string,
  access: Access,
  load: Loader,
  namespaces: string[] = [],
  { light = false } = {},
): AppRoute {
  return { name, path, access, page: lazyRetrying(load), load, namespaces, light };
}

const LIGHT = { light: true };

// The route registry: the spec's table, one line per path, each screen its own chunk. The build reads it
// too (build/first-screen-chunks.ts): what the screens of access 'public' and 'guest' import stays out of
// the signed-in chunks. Keep each line `screen(name, path, access, () => import('...'), ...)`.
export const ROUTES: AppRoute[] = [
  screen('product', '/', 'public', () => import('../features/public/LandingPage'), [], LIGHT),
  screen('contact', '/contact', 'public', () => import('../features/public/contact/ContactPage')),
  screen(
    'terms-conditions',
    '/terms-conditions',
    'public',
    () => import('../features/public/legal/TermsPage'),
  ),
  screen('privacy-policy', '/privacy-policy', 'public', () => import('../features/public/legal/PrivacyPage')),
  screen('login', '/login', 'guest', () => import('../features/auth/LoginPage'), [], LIGHT),
  screen('welcome', '/welcome/:token', 'public', () => import('../features/auth/WelcomePage'), ['auth']),
  screen(
    'projects',
    '/projects',
    'auth',
    () => import('../features/projects/ProjectsPage'),
    ['projects', 'ui'],
    LIGHT,
  ),
  screen('project', '/project/:id?', 'auth', () => import('../features/project/ProjectPage')),
  screen('hand', '/project/:projectId/hand/:id', 'auth', () => import('../features/hand/HandPage')),
  screen('reports', '/reports', 'auth', () => import('../features/reports/ReportsPage')),
  screen('report', '/report/:id?', 'auth', () => import('../features/report/ReportPage')),
  screen('devices', '/devices', 'auth', () => import('../features/admin/DevicesRedirect')),
  screen('admin', '/admin/*', 'auth', () => import('../features/admin/AdminArea'), ['admin']),
];

/** The registry entry for a path, if any. */
export function routeFor(pathname: string): AppRoute | undefined {
  return ROUTES.find((route) => matchPath({ path: route.path, end: true }, pathname));
}
