import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Navigation always scrolls to the top (the spec), back and forward included. */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on every change of address.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
