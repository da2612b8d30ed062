import { SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { DateField } from '../../ui/dates';
import { FilterModal } from '../../ui/FilterModal';
import { LookupSelect } from '../../ui/LookupSelect';
import { SEARCH_DEBOUNCE_MS, SearchSelect } from '../../ui/SearchSelect';
import { FILTER_KEYS, type FilterKey, type ProjectFilters } from './filters';
import { warmSearch } from './searchIndex';

interface Props {
  opened: boolean;
  onClose: () => void;
  filters: ProjectFilters;
  onChange: (key: FilterKey, value: string | null) => void;
  onReset: () => void;
}

/** The projects filter modal: each change applies at once (search text after 300 ms). */
export function ProjectsFilterModal({ opened, onClose, filters, onChange, onReset }: Props) {
  const { t } = useTranslation('projects');
  const [search, setSearch] = useState(filters.search);
  const db = useLocalDb();
  // The search entries are read while the user types (inside the debounce), so the list answers at once.
  useEffect(() => {
    if (opened) warmSearch(db);
  }, [opened, db]);
  // One unchanging handler per filter: a pick re-renders only the field that changed (the widgets are memo).
  const latest = useRef(onChange);
  latest.current = onChange;
  const handlers = useMemo(
    () =>
      Object.fromEntries(
        FILTER_KEYS.map((key) => [key, (value: string | null) => latest.current(key, value)]),
      ) as Record<FilterKey, (value: string | null) => void>,
    [],
  );
  const applySearch = useDebouncedCallback(
    (value: string) => onChange('search', value.trim() || null),
    SEARCH_DEBOUNCE_MS,
  );
  const reset = () => {
    setSearch('');
    onReset();
  };
  const date = (key: FilterKey) => (
    <DateField label={t(`filters.${key}`)} name={key} value={filters[key] || null} onChange={handlers[key]} />
  );
  return (
    <FilterModal opened={opened} onClose={onClose} onReset={reset} title={t('filters.title')}>
      <TextInput
        label={t('filters.search')}
        name="search"
        size="md"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          warmSearch(db);
          applySearch(event.currentTarget.value);
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SearchSelect
          resource="port"
          label={t('filters.port')}
          name="port"
          value={filters.port}
          onChange={handlers.port}
        />
        <SearchSelect
          resource="vessel"
          label={t('filters.vessel')}
          name="vessel"
          value={filters.vessel}
          onChange={handlers.vessel}
        />
        {date('initial_date_after')}
        {date('initial_date_before')}
        {date('end_date_after')}
        {date('end_date_before')}
        <LookupSelect
          resource="project-status"
          label={t('filters.status')}
          name="status"
          value={filters.status}
          onChange={handlers.status}
        />
        <LookupSelect
          resource="commodity"
          label={t('filters.commodity')}
          name="commodity"
          value={filters.commodity}
          onChange={handlers.commodity}
        />
      </SimpleGrid>
    </FilterModal>
  );
}
