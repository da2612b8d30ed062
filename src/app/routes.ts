import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** public: anyone; guest: only signed out (login); auth: only signed in. */
export type Access = 'public' | 'guest' | 'auth';

export interface AppRoute {
  /** The spec's route name. */
  name: string;
  path: string;
  access: Access;
  page: LazyExoticComponent<ComponentType>;
}

// The route registry: the spec's table, one line per path, each screen its own chunk.
const Landing = lazy(() => import('../features/public/LandingPage'));
const Contact = lazy(() => import('../features/public/contact/ContactPage'));
const Terms = lazy(() => import('../features/public/legal/TermsPage'));
const Privacy = lazy(() => import('../features/public/legal/PrivacyPage'));
const Login = lazy(() => import('../features/auth/LoginPage'));
const Projects = lazy(() => import('../features/projects/ProjectsPage'));
const Project = lazy(() => import('../features/project/ProjectPage'));
const Hand = lazy(() => import('../features/hand/HandPage'));
const Reports = lazy(() => import('../features/reports/ReportsPage'));
const Report = lazy(() => import('../features/report/ReportPage'));

export const ROUTES: AppRoute[] = [
  { name: 'product', path: '/', access: 'public', page: Landing },
  { name: 'contact', path: '/contact', access: 'public', page: Contact },
  { name: 'terms-conditions', path: '/terms-conditions', access: 'public', page: Terms },
  { name: 'privacy-policy', path: '/privacy-policy', access: 'public', page: Privacy },
  { name: 'login', path: '/login', access: 'guest', page: Login },
  { name: 'projects', path: '/projects', access: 'auth', page: Projects },
  { name: 'project', path: '/project/:id?', access: 'auth', page: Project },
  { name: 'hand', path: '/project/:projectId/hand/:id', access: 'auth', page: Hand },
  { name: 'reports', path: '/reports', access: 'auth', page: Reports },
  { name: 'report', path: '/report/:id?', access: 'auth', page: Report },
];
