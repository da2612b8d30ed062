import { Group, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceButtons } from './ChoiceButtons';

/**
 * The filter row of a list of the administration: what comes first (the list chosen), the search box,
 * and which entries are shown (active or not, retired or not, all), wrapping when narrow.
 */
export function ListFilters<T extends string>(props: {
  before?: ReactNode;
  search: string;
  onSearch: (search: string) => void;
  shown: T;
  onShown: (shown: T) => void;
  choices: { value: T; label: string }[];
}) {
  const { t } = useTranslation('admin');
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {props.before}
      <TextInput
        label={t('search')}
        name="search"
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        style={{ flex: '1 1 12rem' }}
      />
      <ChoiceButtons label={t('shown')} value={props.shown} onChange={props.onShown} data={props.choices} />
    </Group>
  );
}
