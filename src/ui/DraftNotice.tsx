import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordForm } from './form';

/** Said when a form opens with changes kept from an earlier visit: they are back, not yet saved. */
export function DraftNotice({ form }: { form: RecordForm }) {
  const { t } = useTranslation('ui');
  if (!form.restored || !form.dirty) return null;
  return (
    <Alert color="yellow" mb="sm" data-testid="draft-restored">
      <Group justify="space-between" gap="sm">
        <Text fw={600}>{t('draft.restored')}</Text>
        <Button variant="default" size="md" onClick={form.discard} data-testid="draft-discard">
          {t('draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
