import { useCallback, useContext } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';

/**
 * Navigation to an absolute path ('/project/…') that does not follow the address. Under a BrowserRouter,
 * react-router's useNavigate (and useHref, useLinkClickHandler) read the location, so each component using
 * them is drawn again on every change of the address: every row and link of a list on each new page or
 * filter, before its rows have even been read. This reads only the router's history, which never changes.
 */
export function useGo() {
  const { navigator, basename } = useContext(UNSAFE_NavigationContext);
  return useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const path = basename === '/' ? to : `${basename.replace(/\/$/, '')}${to}`;
      if (options.replace) navigator.replace(path);
      else navigator.push(path);
    },
    [navigator, basename],
  );
}

/** A path the app can go to without the current address: '/…' (not '//host', not relative). */
export const isAbsolutePath = (to: unknown): to is string =>
  typeof to === 'string' && to.startsWith('/') && !to.startsWith('//');
