import { Select } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { useList } from '../store/hooks';
import { labelOf, usable } from './lookups';

/** A short lookup (statuses, activities, event types) listed whole. */
export const LookupSelect = memo(function LookupSelect(props: {
  resource: ResourceName;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
  name?: string;
  placeholder?: string;
}) {
  const rows = useList(props.resource);
  const { i18n } = useTranslation();
  // A retired entry is offered no more, but still shown where it is the value.
  const data = (rows ?? [])
    .filter((row) => usable(row) || row.id === props.value)
    .map((row) => ({ value: row.id, label: labelOf(props.resource, row, i18n.language) }));
  return (
    <Select
      label={props.label}
      name={props.name}
      data={data}
      value={props.value}
      onChange={props.onChange}
      clearable
      searchable
      error={props.error}
      placeholder={props.placeholder}
      comboboxProps={{ withinPortal: true }}
    />
  );
});
