import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useList } from '../../store/hooks';
import { labelOf } from '../../ui/lookups';
import { SEARCH_DEBOUNCE_MS } from '../../ui/SearchSelect';

/** The validation_hand filter: the project's hands, searched by their name as typed. */
export function HandSearch({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('packing');
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const hands = useList('hand', (table) => table.where('project').equals(projectId), [projectId]);
  const options = (hands ?? []).map((row) => ({ value: row.id, label: labelOf('hand', row) || row.id }));
  const wanted = query.trim().toLowerCase();
  const selected = options.find((option) => option.value === value);
  const typed = selected && selected.label.toLowerCase() === wanted ? '' : wanted;
  return (
    <Select
      label={t('fields.validation_hand')}
      name="validation_hand"
      size="md"
      searchable
      clearable
      data={options
        .filter((option) => option.value === value || option.label.toLowerCase().includes(typed))
        .slice(0, 50)}
      filter={({ options: shown }) => shown}
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={onChange}
      nothingFoundMessage="—"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
