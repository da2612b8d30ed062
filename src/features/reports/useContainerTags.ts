import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import type { FilterTag } from '../../ui/FilterModal';
import { formatDate } from '../../ui/format';
import { labelOf } from '../../ui/lookups';
import { type ContainerFilters, FILTER_KEYS } from './filters';

/** The active filters as removable tags, with names instead of ids. */
export function useContainerTags(filters: ContainerFilters): FilterTag[] {
  const { t, i18n } = useTranslation('containers');
  const db = useLocalDb();
  const names = useLiveQuery(async () => {
    if (!db) return { manager: '', status: '' };
    const manager = filters.manager ? await db.rows('users').get(filters.manager) : undefined;
    const status = filters.status ? await db.rows('report-status').get(filters.status) : undefined;
    return { manager: labelOf('users', manager), status: labelOf('report-status', status) };
  }, [db, filters.manager, filters.status, i18n.language]);
  return FILTER_KEYS.filter((key) => Boolean(filters[key])).map((key) => {
    const value = filters[key] ?? '';
    const shown =
      key === 'manager' || key === 'status'
        ? (names?.[key] ?? '')
        : key === 'container_number'
          ? value
          : formatDate(value);
    const label = key.startsWith('date_') ? t(`filters.${key}`) : t(`fields.${key}`);
    return { key, label: `${label}: ${shown}` };
  });
}
