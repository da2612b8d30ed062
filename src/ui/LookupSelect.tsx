import { type MantineSize, Select } from '@mantine/core';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { mayCreate } from '../store/active';
import { useList } from '../store/hooks';
import { lazyPart } from './LoadBoundary';
import { labelOf, usable } from './lookups';

const QuickAddModal = lazyPart(() => import('./QuickAdd'));

/** The value of the "Add '<typed>'" option (never an id). */
const ADD = '\u0000add';

/**
 * A short lookup (statuses, activities, event types, commodities) listed whole and searched as typed.
 * In a record's form (`offerAdd`), when what is typed matches no entry and the user may add to the list, it offers "Add '<typed>'", as the
 * long lookups' SearchSelect does: a small form, and the new entry (saved on the device, synced like any
 * record) becomes the value.
 */
export const LookupSelect = memo(function LookupSelect(props: {
  resource: ResourceName;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  name?: string;
  placeholder?: string;
  /** Offer "Add '<typed>'" (a record's form; never a filter, which only reads). */
  offerAdd?: boolean;
  disabled?: boolean;
  description?: string;
  /** The size of the form's other inputs (a record's form: md); unset: the theme's touch size. */
  size?: MantineSize;
}) {
  const rows = useList(props.resource);
  const { t, i18n } = useTranslation('ui');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<string | null>(null);
  // A retired entry is offered no more, but still shown where it is the value.
  const data = (rows ?? [])
    .filter((row) => usable(row) || row.id === props.value)
    .map((row) => ({ value: row.id, label: labelOf(props.resource, row, i18n.language) }));
  const words = search.trim();
  // As the select filters its options: the typed words anywhere in an entry's name, any case.
  const found = data.some((option) => option.label.toLowerCase().includes(words.toLowerCase()));
  if (props.offerAdd && rows && words && !found && mayCreate(props.resource))
    data.push({ value: ADD, label: t('add_typed', { text: words }) });
  return (
    <>
      <Select
        label={props.label}
        name={props.name}
        data={data}
        value={props.value}
        onChange={(next) => {
          if (next === ADD) setAdding(words);
          else props.onChange(next);
        }}
        searchValue={search}
        onSearchChange={setSearch}
        clearable
        searchable
        error={props.error}
        placeholder={props.placeholder}
        disabled={props.disabled}
        description={props.description}
        size={props.size}
        comboboxProps={{ withinPortal: true }}
      />
      {adding !== null && (
        <QuickAddModal
          resource={props.resource}
          typed={adding}
          onClose={() => setAdding(null)}
          onSaved={(id) => {
            setAdding(null);
            props.onChange(id);
          }}
        />
      )}
    </>
  );
});
