import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import { useLocalDb } from '../../store/hooks';
import type { FilterTag } from '../../ui/FilterTags';
import { formatDate } from '../../ui/format';
import { labelOf } from '../../ui/lookups';
import { activeFilterKeys, type FilterKey, type ProjectFilters } from './filters';

const refs: Partial<Record<FilterKey, ResourceName>> = {
  port: 'port',
  vessel: 'vessel',
  status: 'project-status',
  commodity: 'commodity',
};

/** The active filters as removable tags, with names instead of ids. */
export function useFilterTags(filters: ProjectFilters): FilterTag[] {
  const { t } = useTranslation('projects');
  const db = useLocalDb();
  const keys = activeFilterKeys(filters);
  const names = useLiveQuery(async () => {
    const found: Record<string, string> = {};
    if (!db) return found;
    for (const key of keys) {
      const resource = refs[key];
      const id = filters[key];
      if (resource && id) found[key] = labelOf(resource, await db.rows(resource).get(id));
    }
    return found;
  }, [db, JSON.stringify(filters)]);
  return keys.map((key) => {
    const value = filters[key] ?? '';
    const shown = refs[key] ? (names?.[key] ?? '') : key === 'search' ? value : formatDate(value);
    return { key, label: `${t(`filters.${key}`)}: ${shown}` };
  });
}
