// Where the user left a list (its page and filters, in the address's query): a record's Close and the
// navigation's entries bring them back there, not to the list's first page unfiltered.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const KEY = 'list_place:';

/** The list's address with the query it last had in this tab ('/projects?page=3&status=...'). */
export function listPlace(path: string): string {
  try {
    const search = sessionStorage.getItem(KEY + path);
    return search ? `${path}${search}` : path;
  } catch {
    return path;
  }
}

/** Kept by a list screen: its query, each time it changes. */
export function useRememberListPlace(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    try {
      if (search) sessionStorage.setItem(KEY + pathname, search);
      else sessionStorage.removeItem(KEY + pathname);
    } catch {
      // Storage unavailable: the list opens on its first page.
    }
  }, [pathname, search]);
}
