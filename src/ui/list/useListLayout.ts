import { type RefObject, useLayoutEffect, useState } from 'react';
import { NARROW, useMedia } from '../useMedia';

/**
 * How a list shows in its box: a table whose row actions say their words beside all the columns its width
 * allows ('worded': a wide desk); the same words beside fewer columns, the lower-priority ones giving way a
 * step earlier ('lean': a 1280-1366 px screen, where words are worth more than a port or an activity, one
 * tap away in the record); a table of icon actions ('table') where only that fits; and cards on a phone and
 * wherever even that table would be wider than its box (long names, another language's longer words),
 * which would push the status and the actions off the screen. The widths each layout needed are kept, so
 * the wider layout comes back once the box is that wide.
 */
export type ListLayout = 'worded' | 'lean' | 'table' | 'card';

export function useListLayout(box: RefObject<HTMLDivElement | null>): ListLayout {
  const phone = useMedia(NARROW);
  const [needed, setNeeded] = useState({ worded: 0, lean: 0, table: 0 });
  const [width, setWidth] = useState(0);
  const layout: ListLayout =
    phone || width < needed.table
      ? 'card'
      : width >= needed.worded
        ? 'worded'
        : width >= needed.lean
          ? 'lean'
          : 'table';
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  // After each render as a table: does it fit its box? If not, the next narrower layout (before paint).
  useLayoutEffect(() => {
    const element = box.current;
    if (layout === 'card' || !element) return;
    if (element.scrollWidth > element.clientWidth + 1)
      setNeeded((current) => ({ ...current, [layout]: element.scrollWidth }));
  });
  return layout;
}
