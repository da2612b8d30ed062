import { ActionIcon, Alert, Group, SimpleGrid, Stack, Title, Tooltip } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { save } from '../../store/active';
import type { LocalRow } from '../../store/schema';
import { otherErrors, useRecordForm } from '../../ui/form';
import { IconClose, IconSave } from '../../ui/icons';
import { notifyUpdated } from '../../ui/notices';
import { RecordField } from '../../ui/RecordField';
import { SyncBadge } from '../../ui/SyncBadge';
import { HAND_FIELDS } from './fields';

/** The hand's general data: title bar (extra actions, save, close to the project) and its fields. */
export function HandForm({
  hand,
  projectId,
  actions,
}: {
  hand: LocalRow;
  projectId: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation(['hand', 'ui']);
  const form = useRecordForm(hand);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await form.submit((values) => save('hand', { ...values, id: hand.id, event: hand.event }));
    if (result) notifyUpdated();
  }
  const banner = otherErrors(form.errors, HAND_FIELDS);
  const name = typeof hand.description === 'string' ? hand.description : '';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="hand-form">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={1} data-testid="page-title">
              {t('title', { name })}
            </Title>
            <SyncBadge row={hand} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {actions}
            <Tooltip label={t('ui:form.save')}>
              <ActionIcon type="submit" size="xl" aria-label={t('ui:form.save')} loading={form.busy}>
                <IconSave />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('ui:form.close')}>
              <ActionIcon
                component={Link}
                to={`/project/${projectId}`}
                variant="default"
                size="xl"
                aria-label={t('ui:form.close')}
              >
                <IconClose />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
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
