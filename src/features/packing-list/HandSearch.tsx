import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import { useList } from '../../store/hooks';
import type { LocalRow } from '../../store/schema';
import { folded, labelOf } from '../../ui/lookups';
import { SEARCH_DEBOUNCE_MS } from '../../ui/SearchSelect';

interface RowSearchProps {
  label: string;
  name: string;
  resource: ResourceName;
  /** Of `resource`, a prop (hands or users): LocalRow. */
  rows: LocalRow[] | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}

/** A select over a short list of records, searched by any part of the name shown, any case and accent. */
function RowSearch({ label, name, resource, rows, value, onChange, error }: RowSearchProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const options = (rows ?? [])
    .map((row) => ({ value: row.id, label: labelOf(resource, row) || row.id }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const wanted = folded(query.trim());
  const selected = options.find((option) => option.value === value);
  const typed = selected && folded(selected.label) === wanted ? '' : wanted;
  return (
    <Select
      label={label}
      name={name}
      size="md"
      searchable
      clearable
      data={options
        .filter((option) => option.value === value || folded(option.label).includes(typed))
        .slice(0, 50)}
      filter={({ options: shown }) => shown}
      searchValue={search}
      onSearchChange={setSearch}
      value={value}
      onChange={onChange}
      nothingFoundMessage="—"
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

interface SearchProps {
  value: string | null;
  onChange: (value: string | null) => void;
  /** The field's refusal, in words. */
  error?: string;
}

/** The validation_hand field: the project's hands, searched by their name as typed. */
export function HandSearch({ projectId, ...props }: SearchProps & { projectId: string }) {
  const { t } = useTranslation('packing');
  const hands = useList('hand', (table) => table.where('project').equals(projectId), [projectId]);
  return (
    <RowSearch
      label={t('fields.validation_hand')}
      name="validation_hand"
      resource="hand"
      rows={hands}
      {...props}
    />
  );
}

/**
 * The validation_prompter_identifier filter: the users, found by any part of the name shown (first name,
 * surname or username), not only by how the username starts.
 */
export function PrompterSearch(props: SearchProps) {
  const { t } = useTranslation('packing');
  const users = useList('users');
  return (
    <RowSearch
      label={t('fields.validation_prompter_identifier')}
      name="validation_prompter_identifier"
      resource="users"
      rows={users}
      {...props}
    />
  );
}
