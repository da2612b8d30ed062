import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterModal } from '../../ui/FilterModal';
import { LookupSelect } from '../../ui/LookupSelect';
import { SearchSelect } from '../../ui/SearchSelect';
import { emptyIncidenceFilters, type IncidenceFilters } from './queries';

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
      <LookupSelect
        resource="incidence-type"
        label={t('fields.type')}
        value={filters.type}
        onChange={(value) => set('type', value)}
      />
      <LookupSelect
        resource="incidence-status"
        label={t('fields.status')}
        value={filters.status}
        onChange={(value) => set('status', value)}
      />
      <SearchSelect
        resource="users"
        label={t('fields.detect')}
        value={filters.detected}
        onChange={(value) => set('detected', value)}
      />
      <SearchSelect
        resource="users"
        label={t('fields.manager')}
        value={filters.manager}
        onChange={(value) => set('manager', value)}
      />
      <SearchSelect
        resource="users"
        label={t('fields.users_interested')}
        value={filters.users_interested}
        onChange={(value) => set('users_interested', value)}
      />
    </FilterModal>
  );
}
