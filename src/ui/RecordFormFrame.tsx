// The body of a record's form whose Save and Close sit in the page's header: submitting (Enter) calls
// `onSubmit`, the draft kept from an earlier visit is said, and refusals of fields not on screen show
// in a banner above the fields.
import { Alert, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import type { FieldName } from '../domain/rows';
import { DraftNotice } from './DraftNotice';
import { otherErrors } from './fieldErrors';
import type { RecordForm } from './form';

interface Props<N extends ResourceName> {
  form: RecordForm;
  /** Whose fields: a banner's refusal is named by the field's label. */
  resource: N;
  /** The fields shown: a refusal of any other goes to the banner. */
  fields: readonly FieldName<N>[];
  onSubmit: () => void;
  id?: string;
  testId?: string;
  children: ReactNode;
}

export function RecordFormFrame<N extends ResourceName>({
  form,
  resource,
  fields,
  onSubmit,
  id,
  testId,
  children,
}: Props<N>) {
  const { t } = useTranslation();
  const banner = otherErrors(t, resource, form.errors, fields);
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
