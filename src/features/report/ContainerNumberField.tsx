import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkContainerNumber } from '../../domain/iso6346';
import { fieldError } from '../../ui/fieldErrors';
import type { RecordForm } from '../../ui/form';

/** container_number with the ISO 6346 check shown as a warning: a bad number is still saved. */
export function ContainerNumberField({ form }: { form: RecordForm }) {
  const { t } = useTranslation('containers');
  const value = typeof form.values.container_number === 'string' ? form.values.container_number : '';
  const check = value.trim() ? checkContainerNumber(value) : null;
  const warning =
    check && !check.valid
      ? check.problem === 'check_digit'
        ? t('iso6346.check_digit', { expected: check.expected_check_digit ?? '' })
        : t(`iso6346.${check.problem ?? 'format'}`)
      : null;
  const label = t('fields.container_number');
  return (
    <div>
      <TextInput
        size="md"
        label={label}
        name="container_number"
        value={value}
        onChange={(event) => form.set('container_number', event.currentTarget.value.toUpperCase())}
        error={fieldError(t, 'container-report', label, form.errors.container_number)}
        required
      />
      {warning && (
        <Text size="sm" c="orange.8" mt={4} data-testid="iso6346-warning">
          {warning}
        </Text>
      )}
    </div>
  );
}
