import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import type { FilterTag } from '../../ui/FilterTags';
import { formatDateTime } from '../../ui/format';
import { useRefNames } from '../../ui/useRefNames';
import { activeFilters, type PackingFilters } from './filters';

const refs: Partial<Record<keyof PackingFilters, ResourceName>> = {
  commodity: 'commodity',
  validation_prompter_identifier: 'users',
  validation_hand: 'hand',
};

/** The active filters as removable tags that say what they keep ('Hand: Gang B'), names for ids. */
export function usePackingTags(filters: PackingFilters): FilterTag[] {
  const { t } = useTranslation('packing');
  const keys = activeFilters(filters);
  const names = useRefNames(refs, filters);
  return keys.map((key) => {
    const label = t(`filters.tag.${key}`);
    const value = filters[key];
    if (typeof value === 'boolean') return { key, label };
    const shown = refs[key]
      ? (names?.[key] ?? '')
      : key === 'location'
        ? t(`choices.${String(value)}`)
        : key === 'validation_datetime_after' || key === 'validation_datetime_before'
          ? formatDateTime(String(value))
          : String(value);
    return { key, label: `${label}: ${shown}` };
  });
}
