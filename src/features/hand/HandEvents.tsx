import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import type { Values } from '../../ui/form';
import { formatDate } from '../../ui/format';
import { IconPlus } from '../../ui/icons';
import { RecordModal } from '../../ui/RecordModal';
import { RowActions } from '../../ui/RowActions';
import { SyncBadge } from '../../ui/SyncBadge';
import { HAND_EVENT_FIELDS } from './fields';
import { handEvents } from './queries';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** The hand events timeline: what happened hour by hour, each line with add, edit and delete. */
export function HandEvents({ projectId, handId }: { projectId: string; handId: string }) {
  const { t } = useTranslation(['hand', 'ui']);
  const db = useLocalDb();
  const rows = useLiveQuery(() => (db ? handEvents(db, projectId, handId) : []), [db, projectId, handId]);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<{ record: Values | null } | null>(null);
  const flags = ['billable', 'in_dispute', 'ot', 'ot2'] as const;

  return (
    <Paper withBorder p="md" data-testid="hand-events">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('events.title')}
        </Title>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ record: null })}>
          {t('events.add')}
        </Button>
      </Group>
      {rows?.length === 0 && <Text c="dimmed">{t('events.empty')}</Text>}
      <Stack gap="xs">
        {rows?.map(({ row, names }) => (
          <Paper key={row.id} withBorder p="sm" data-testid="hand-event">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>
                    {formatDate(text(row.date))} {text(row.hour_from)}–{text(row.hour_to)}
                  </Text>
                  <Text>{text(row.description) || names.related_event}</Text>
                  {flags
                    .filter((flag) => row[flag] === true)
                    .map((flag) => (
                      <Badge key={flag} variant="light" size="sm">
                        {t(`fields.${flag}`)}
                      </Badge>
                    ))}
                  <SyncBadge row={row} />
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    names.related_event && `${t('fields.related_event')}: ${names.related_event}`,
                    names.activity && `${t('fields.activity')}: ${names.activity}`,
                    num(row.hatch_number) && `${t('fields.hatch_number')}: ${num(row.hatch_number)}`,
                    num(row.crane_number) && `${t('fields.crane_number')}: ${num(row.crane_number)}`,
                    text(row.cellar) && `${t('fields.cellar')}: ${text(row.cellar)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {text(row.vessel_notes) && (
                  <Text size="sm">{`${t('fields.vessel_notes')}: ${text(row.vessel_notes)}`}</Text>
                )}
                {text(row.stevedore_notes) && (
                  <Text size="sm">{`${t('fields.stevedore_notes')}: ${text(row.stevedore_notes)}`}</Text>
                )}
              </Stack>
              <RowActions
                edit={() => setEditing({ record: row })}
                remove={{
                  resource: 'hand-event',
                  id: row.id,
                  title: text(row.description) || t('events.event'),
                  ask: confirm.ask,
                }}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
      <RecordModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        resource="hand-event"
        ns="hand"
        title={editing?.record ? t('events.edit') : t('events.new')}
        record={editing?.record ?? {}}
        fixed={{ hand: handId }}
        fields={HAND_EVENT_FIELDS}
        testId="hand-event-modal"
      />
      {confirm.dialog}
    </Paper>
  );
}
