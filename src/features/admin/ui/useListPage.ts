// A local list of the administration (users, a reference list): searched in any case and accent, in
// pages, the page going back to the first when the search changes.
import { useMemo, useState } from 'react';
import { folded } from '../../../ui/lookups';

export const ADMIN_PAGE_SIZE = 20;

export type ListPage<T> = ReturnType<typeof useListPage<T>>;

export function useListPage<T>(
  rows: readonly T[] | undefined,
  words: (row: T) => string,
  keep?: (row: T) => boolean,
) {
  const [search, setSearchState] = useState('');
  const [page, setPage] = useState(1);
  const found = useMemo(() => {
    const wanted = folded(search.trim());
    return (rows ?? []).filter(
      (row) => (!keep || keep(row)) && (!wanted || folded(words(row)).includes(wanted)),
    );
  }, [rows, search, words, keep]);
  const last = Math.max(1, Math.ceil(found.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, last);
  return {
    search,
    setSearch: (next: string) => {
      setSearchState(next);
      setPage(1);
    },
    page: current,
    setPage,
    total: found.length,
    shown: found.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE),
  };
}
