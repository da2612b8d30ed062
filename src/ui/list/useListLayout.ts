import { type RefObject, useLayoutEffect, useState } from 'react';
import { NARROW, useMedia } from '../useMedia';
import type { RowLayout } from './rowLayout';

/**
 * How a list shows in its box: a table whose row actions say their words where the table still fits with
 * them (a landscape tablet, a desk), a table of icon actions where only that fits, and cards on a phone and
 * wherever even that table would be wider than its box (long names, another language's longer words),
 * which would push the status and the actions off the screen. The widths each table needed are kept, so
 * the wider layout comes back once the box is that wide.
 */
export function useListLayout(box: RefObject<HTMLDivElement | null>): RowLayout {
  const phone = useMedia(NARROW);
  const [needed, setNeeded] = useState({ worded: 0, table: 0 });
  const [width, setWidth] = useState(0);
  const layout: RowLayout =
    phone || width < needed.table ? 'card' : width < needed.worded ? 'table' : 'worded';
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
