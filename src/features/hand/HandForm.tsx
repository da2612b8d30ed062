import { SimpleGrid } from '@mantine/core';
import type { RecordForm } from '../../ui/form';
import { RecordField } from '../../ui/RecordField';
import { RecordFormFrame } from '../../ui/RecordFormFrame';
import { HAND_FIELDS } from './fields';

/** The hand's general data (Save and Close are in the page's header). */
export function HandForm({ form, onSubmit }: { form: RecordForm; onSubmit: () => void }) {
  return (
    <RecordFormFrame form={form} resource="hand" fields={HAND_FIELDS} onSubmit={onSubmit} testId="hand-form">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {HAND_FIELDS.map((field) => (
          <RecordField key={field} resource="hand" name={field} form={form} ns="hand" />
        ))}
      </SimpleGrid>
    </RecordFormFrame>
  );
}
