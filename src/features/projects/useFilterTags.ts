import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import type { FilterTag } from '../../ui/FilterTags';
import { formatDate } from '../../ui/format';
import { useRefNames } from '../../ui/useRefNames';
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
  const keys = activeFilterKeys(filters);
  const names = useRefNames(refs, filters);
  return keys.map((key) => {
    const value = filters[key] ?? '';
    const shown = refs[key] ? (names?.[key] ?? '') : key === 'search' ? value : formatDate(value);
    return { key, label: `${t(`filters.${key}`)}: ${shown}` };
  });
}
