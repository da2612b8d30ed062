import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLivePage, useLocalDb } from '../../store/hooks';
import { getCursor } from '../../store/meta';
import { GLOBAL_SCOPE } from '../../store/scopes';
import { useSyncStatus } from '../../sync/status';
import type { ProjectFilters } from './filters';
import { listProjects } from './queries';

/** One page of the list, live; the previous page stays on screen while the next one is read. */
export function useProjectList(filters: ProjectFilters, page: number, pageSize: number) {
  // Filters are compared by value (key), not by the object made on every render.
  const key = JSON.stringify(filters);
  // Names of statuses, activities and ports are read in the interface's language: a switch reads them again.
  const { i18n } = useTranslation();
  return useLivePage((db) => listProjects(db, filters, page, pageSize), page, [key, pageSize, i18n.language])
    ?.value;
}

/** True only while the local store is filled for the first time (the global scope's first download). */
export function useFirstFill(): boolean {
  const db = useLocalDb();
  const firstSync = useSyncStatus((state) => state.firstSync);
  const phase = useSyncStatus((state) => state.phase);
  const complete = useLiveQuery(
    async () => (db ? ((await getCursor(db, GLOBAL_SCOPE))?.complete ?? false) : false),
    [db],
  );
  if (firstSync?.scope === GLOBAL_SCOPE) return true;
  return complete === false && phase === 'syncing';
}
