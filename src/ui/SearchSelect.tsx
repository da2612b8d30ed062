import { type MantineSize, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { mayCreate } from '../store/active';
import { useLocalDb } from '../store/hooks';
import { lazyPart } from './LoadBoundary';
import { labelOf, type Option, searchLookup } from './lookups';

const QuickAddModal = lazyPart(() => import('./QuickAdd'));

/** The spec's search inputs wait 300 ms after the last key. */
export const SEARCH_DEBOUNCE_MS = 300;
/** The value of the "Add '<typed>'" option (never an id). */
const ADD = '\u0000add';

interface SearchSelectProps {
  resource: ResourceName;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  placeholder?: string;
  name?: string;
  disabled?: boolean;
  description?: string;
  /** The size of the form's other inputs (a record's form: md); unset: the theme's touch size. */
  size?: MantineSize;
}

/**
 * A select over a long lookup (ports, vessels, accounts, users): searched in the local store as typed.
 * When nothing is found and the user may add to the list, it offers "Add '<typed>'": a small form, and
 * the new entry (saved on the device, synced like any record) becomes the value.
 */
export const SearchSelect = memo(function SearchSelect({
  resource,
  label,
  value,
  onChange,
  error,
  placeholder,
  name,
  disabled,
  description,
  size,
}: SearchSelectProps) {
  const db = useLocalDb();
  const { t, i18n } = useTranslation('ui');
  const language = i18n.language;
  const [search, setSearch] = useState('');
  // Options are searched once the list is opened: a form with many of these stays light to open.
  const [opened, setOpened] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const [query] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selected = useLiveQuery(
    async () =>
      db && value ? { value, label: labelOf(resource, await db.rows(resource).get(value), language) } : null,
    [db, resource, value, language],
  );
  // While the box shows the chosen name, list from the start rather than searching for that name.
  const typed = selected && query === selected.label ? '' : query;
  const found = useLiveQuery(
    async () => (db && opened ? searchLookup(db, resource, typed, 20, language) : []),
    [db, resource, typed, opened, language],
  );
  const data: Option[] = [...(found ?? [])];
  if (selected && !data.some((option) => option.value === selected.value)) data.unshift(selected);
  const words = search.trim();
  const offerAdd =
    found !== undefined &&
    found.length === 0 &&
    words !== '' &&
    words === typed.trim() &&
    mayCreate(resource);
  if (offerAdd) data.push({ value: ADD, label: t('add_typed', { text: words }) });
  return (
    <>
      <Select
        label={label}
        name={name}
        data={data}
        value={value}
        onChange={(next) => {
          if (next === ADD) setAdding(words);
          else onChange(next);
        }}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        // The local store already searched; Mantine must not filter again.
        filter={({ options }) => options}
        nothingFoundMessage="—"
        error={error}
        placeholder={placeholder}
        disabled={disabled}
        description={description}
        size={size}
        comboboxProps={{ withinPortal: true }}
      />
      {adding !== null && (
        <QuickAddModal
          resource={resource}
          typed={adding}
          onClose={() => setAdding(null)}
          onSaved={(id) => {
            setAdding(null);
            onChange(id);
          }}
        />
      )}
    </>
  );
});
