import { useSyncExternalStore } from 'react';

/** The layout's one breakpoint: from here up the navigation is a column beside the screen (a desk, a tablet in landscape). */
export const WIDE = '(min-width: 64em)';
/** Up to here a list shows as cards (a phone). */
export const NARROW = '(max-width: 39.99em)';

/**
 * Whether a media query matches, read at the first render (no flash of the other layout) and followed
 * as the window turns or is resized.
 */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
