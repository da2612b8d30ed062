import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import type { FilterTag } from '../../ui/FilterModal';
import { useRefNames } from '../../ui/useRefNames';
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
  const names = useRefNames(refs, filters);
  return (Object.keys(labels) as (keyof IncidenceFilters)[])
    .filter((key) => Boolean(filters[key]))
    .map((key) => ({
      key,
      label: `${t(`fields.${labels[key]}`)}: ${key === 'description' ? filters.description : (names?.[key] ?? '')}`,
    }));
}
