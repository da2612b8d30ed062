// The body of a record's form whose Save and Close sit in the page's header: submitting (Enter) calls
// `onSubmit`, the draft kept from an earlier visit is said, and refusals of fields not on screen show
// in a banner above the fields.
import { Alert, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { DraftNotice } from './DraftNotice';
import { otherErrors, type RecordForm } from './form';

interface Props {
  form: RecordForm;
  /** The fields shown: a refusal of any other goes to the banner. */
  fields: readonly string[];
  onSubmit: () => void;
  id?: string;
  testId?: string;
  children: ReactNode;
}

export function RecordFormFrame({ form, fields, onSubmit, id, testId, children }: Props) {
  const banner = otherErrors(form.errors, fields);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form id={id} onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="md">
        <DraftNotice form={form} />
        {banner.length > 0 && (
          <Alert color="red" data-testid="form-errors">
            {banner.join(' ')}
          </Alert>
        )}
        {children}
      </Stack>
    </form>
  );
}
