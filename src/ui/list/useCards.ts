import { type RefObject, useLayoutEffect, useState } from 'react';
import { NARROW, useMedia } from '../useMedia';

/**
 * Whether the list shows as cards: on a phone, and wherever its table would be wider than its box (long
 * names, another language's longer words, a row's buttons), which would push the status and the actions off
 * the screen. The width the table needed is kept, so it comes back once the box is that wide.
 */
export function useCards(box: RefObject<HTMLDivElement | null>): boolean {
  const phone = useMedia(NARROW);
  const [needed, setNeeded] = useState(0);
  const [width, setWidth] = useState(0);
  const cards = phone || width < needed;
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box]);
  // After each render as a table: does it fit its box?
  useLayoutEffect(() => {
    const element = box.current;
    if (cards || !element) return;
    if (element.scrollWidth > element.clientWidth + 1) setNeeded(element.scrollWidth);
  });
  return cards;
}
