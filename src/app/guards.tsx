import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { useSession } from '../features/auth';
import { loginPathFor, safeRedirect } from './redirect';

/** Protected routes: an anonymous visit goes to /login?redirect=<the full wanted path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useSession((state) => state.authenticated);
  const location = useLocation();
  if (!authenticated) {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return children;
}

/** /login: a signed-in user goes to the (safe) redirect query, else to /projects. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const authenticated = useSession((state) => state.authenticated);
  const [params] = useSearchParams();
  if (authenticated) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
