import { useEffect, useRef } from 'react';
import { lastPage } from './paging';

/**
 * A page restored from the address past the end (the list shrank meanwhile): `showPage` is called with
 * the last page. `total` undefined means the list is still being read.
 */
export function useLastPageWhenPast(
  total: number | undefined,
  page: number,
  pageSize: number,
  showPage: (page: number) => void,
): void {
  const show = useRef(showPage);
  show.current = showPage;
  useEffect(() => {
    if (total === undefined) return;
    const last = lastPage(total, pageSize);
    if (page > last) show.current(last);
  }, [total, page, pageSize]);
}
