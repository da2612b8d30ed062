import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import { useLocalDb } from '../../store/hooks';
import type { FilterTag } from '../../ui/FilterModal';
import { labelOf } from '../../ui/lookups';
import type { IncidenceFilters } from './queries';

const refs: Record<Exclude<keyof IncidenceFilters, 'description'>, ResourceName> = {
  type: 'incidence-type',
  status: 'incidence-status',
  detected: 'users',
  manager: 'users',
  users_interested: 'users',
};
const labels: Record<keyof IncidenceFilters, string> = {
  description: 'description',
  type: 'type',
  status: 'status',
  detected: 'detect',
  manager: 'manager',
  users_interested: 'users_interested',
};

/** The active incidence filters as removable tags, with names instead of ids. */
export function useIncidenceTags(filters: IncidenceFilters): FilterTag[] {
  const { t } = useTranslation('incidences');
  const db = useLocalDb();
  const names = useLiveQuery(async () => {
    const found: Record<string, string> = {};
    if (!db) return found;
    for (const [key, resource] of Object.entries(refs)) {
      const id = filters[key as keyof typeof refs];
      if (id) found[key] = labelOf(resource, await db.rows(resource).get(id));
    }
    return found;
  }, [db, JSON.stringify(filters)]);
  return (Object.keys(labels) as (keyof IncidenceFilters)[])
    .filter((key) => Boolean(filters[key]))
    .map((key) => ({
      key,
      label: `${t(`fields.${labels[key]}`)}: ${key === 'description' ? filters.description : (names?.[key] ?? '')}`,
    }));
}
