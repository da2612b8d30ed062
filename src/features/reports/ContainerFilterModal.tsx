import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/dates';
import { FilterModal } from '../../ui/FilterModal';
import { LookupSelect } from '../../ui/LookupSelect';
import { SearchSelect } from '../../ui/SearchSelect';
import type { ContainerFilters, FilterKey } from './filters';

interface Props {
  opened: boolean;
  onClose: () => void;
  filters: ContainerFilters;
  onChange: (key: FilterKey, value: string | null) => void;
  onReset: () => void;
}

/** container_number, date range, manager (by username), status; reset and close. */
export function ContainerFilterModal({ opened, onClose, filters, onChange, onReset }: Props) {
  const { t } = useTranslation('containers');
  return (
    <FilterModal opened={opened} onClose={onClose} onReset={onReset}>
      <TextInput
        size="md"
        label={t('fields.container_number')}
        value={filters.container_number ?? ''}
        onChange={(event) => onChange('container_number', event.currentTarget.value || null)}
      />
      <DateField
        label={t('filters.date_after')}
        value={filters.date_after}
        onChange={(value) => onChange('date_after', value)}
      />
      <DateField
        label={t('filters.date_before')}
        value={filters.date_before}
        onChange={(value) => onChange('date_before', value)}
      />
      <SearchSelect
        resource="users"
        label={t('fields.manager')}
        value={filters.manager}
        onChange={(value) => onChange('manager', value)}
      />
      <LookupSelect
        resource="report-status"
        label={t('fields.status')}
        value={filters.status}
        onChange={(value) => onChange('status', value)}
      />
    </FilterModal>
  );
}
