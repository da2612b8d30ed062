import { Alert, SimpleGrid, Stack } from '@mantine/core';
import type { FormEvent } from 'react';
import { DraftNotice } from '../../ui/DraftNotice';
import { otherErrors, type RecordForm } from '../../ui/form';
import { RecordField } from '../../ui/RecordField';
import { HAND_FIELDS } from './fields';

/** The hand's general data (Save and Close are in the page's header). */
export function HandForm({ form, onSubmit }: { form: RecordForm; onSubmit: () => void }) {
  const banner = otherErrors(form.errors, HAND_FIELDS);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="hand-form">
      <Stack gap="md">
        <DraftNotice form={form} />
        {banner.length > 0 && (
          <Alert color="red" data-testid="form-errors">
            {banner.join(' ')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {HAND_FIELDS.map((field) => (
            <RecordField key={field} resource="hand" name={field} form={form} ns="hand" />
          ))}
        </SimpleGrid>
      </Stack>
    </form>
  );
}
