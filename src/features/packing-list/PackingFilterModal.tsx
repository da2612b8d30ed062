import { Checkbox, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locations } from '../../domain/enums';
import { DateTimeField } from '../../ui/dates';
import { FilterModal } from '../../ui/FilterModal';
import { LookupSelect } from '../../ui/LookupSelect';
import { SEARCH_DEBOUNCE_MS } from '../../ui/SearchSelect';
import { emptyFilters, type PackingFilters } from './filters';
import { HandSearch, PrompterSearch } from './HandSearch';

interface Props {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  filters: PackingFilters;
  onChange: (filters: PackingFilters) => void;
}

/** The spec's packing list filters; each applies as chosen (the reference after 300 ms). */
export function PackingFilterModal({ projectId, opened, onClose, filters, onChange }: Props) {
  const { t } = useTranslation('packing');
  const [reference, setReference] = useState(filters.reference);
  // The reference last applied from here: a different one came from outside (its tag removed).
  const applied = useRef(filters.reference);
  useEffect(() => {
    if (filters.reference === applied.current) return;
    applied.current = filters.reference;
    setReference(filters.reference);
  }, [filters.reference]);
  const set = <K extends keyof PackingFilters>(key: K, value: PackingFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const applyReference = useDebouncedCallback((value: string) => {
    applied.current = value;
    set('reference', value);
  }, SEARCH_DEBOUNCE_MS);
  const reset = () => {
    // A reference typed just before still waiting to apply would bring the filter back after the reset.
    applyReference.cancel();
    applied.current = '';
    setReference('');
    onChange(emptyFilters);
  };
  return (
    <FilterModal opened={opened} onClose={onClose} onReset={reset} title={t('filters.title')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('fields.reference')}
          name="reference"
          size="md"
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            applyReference(event.currentTarget.value);
          }}
        />
        <LookupSelect
          resource="commodity"
          label={t('fields.commodity')}
          name="commodity"
          value={filters.commodity}
          onChange={(value) => set('commodity', value)}
        />
        <PrompterSearch
          value={filters.validation_prompter_identifier}
          onChange={(value) => set('validation_prompter_identifier', value)}
        />
        <HandSearch
          projectId={projectId}
          value={filters.validation_hand}
          onChange={(value) => set('validation_hand', value)}
        />
        <Select
          label={t('fields.location')}
          name="location"
          size="md"
          clearable
          data={locations.map((value) => ({ value, label: t(`choices.${value}`) }))}
          value={filters.location}
          onChange={(value) => set('location', value)}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label={t('fields.validation_hold')}
          name="validation_hold"
          size="md"
          allowDecimal={false}
          allowNegative={false}
          value={filters.validation_hold ?? ''}
          onChange={(value) => set('validation_hold', value === '' ? null : Number(value))}
        />
        <DateTimeField
          label={t('filters.validated_after')}
          name="validation_datetime_after"
          value={filters.validation_datetime_after}
          onChange={(value) => set('validation_datetime_after', value)}
        />
        <DateTimeField
          label={t('filters.validated_before')}
          name="validation_datetime_before"
          value={filters.validation_datetime_before}
          onChange={(value) => set('validation_datetime_before', value)}
        />
        <Checkbox
          label={t('fields.validated')}
          name="validated"
          size="md"
          mt="xs"
          checked={filters.validated}
          onChange={(event) => set('validated', event.currentTarget.checked)}
        />
      </SimpleGrid>
    </FilterModal>
  );
}
