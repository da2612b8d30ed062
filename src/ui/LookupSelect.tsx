import { Select } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { useList } from '../store/hooks';
import { labelOf } from './lookups';

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
  const data = (rows ?? []).map((row) => ({
    value: row.id,
    label: labelOf(props.resource, row, i18n.language),
  }));
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
      size="md"
      comboboxProps={{ withinPortal: true }}
    />
  );
});
