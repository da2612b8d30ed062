import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterModal } from '../../ui/FilterModal';
import { LookupSelect } from '../../ui/LookupSelect';
import { SearchSelect } from '../../ui/SearchSelect';
import { emptyIncidenceFilters, type IncidenceFilters } from './queries';

// The filters picked from a lookup (its resource), then the users' ones (the label's field name).
const LOOKUPS = [
  ['type', 'incidence-type'],
  ['status', 'incidence-status'],
] as const;
const USERS = [
  ['detected', 'detect'],
  ['manager', 'manager'],
  ['users_interested', 'users_interested'],
] as const;

interface Props {
  opened: boolean;
  onClose: () => void;
  filters: IncidenceFilters;
  onChange: (filters: IncidenceFilters) => void;
}

/** The incidence list's filters: description, type, status, detected by, manager, users interested. */
export function IncidenceFilterModal({ opened, onClose, filters, onChange }: Props) {
  const { t } = useTranslation('incidences');
  const set = (key: keyof IncidenceFilters, value: string | null) =>
    onChange({ ...filters, [key]: key === 'description' ? (value ?? '') : value });
  return (
    <FilterModal opened={opened} onClose={onClose} onReset={() => onChange(emptyIncidenceFilters)}>
      <TextInput
        size="md"
        label={t('fields.description')}
        value={filters.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      {LOOKUPS.map(([key, resource]) => (
        <LookupSelect
          key={key}
          resource={resource}
          label={t(`fields.${key}`)}
          value={filters[key]}
          onChange={(value) => set(key, value)}
        />
      ))}
      {USERS.map(([key, label]) => (
        <SearchSelect
          key={key}
          resource="users"
          label={t(`fields.${label}`)}
          value={filters[key]}
          onChange={(value) => set(key, value)}
        />
      ))}
    </FilterModal>
  );
}
