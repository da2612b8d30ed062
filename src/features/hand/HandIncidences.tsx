import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import type { Values } from '../../ui/form';
import { formatDateTime } from '../../ui/format';
import { IconPlus } from '../../ui/icons';
import { RecordModal } from '../../ui/RecordModal';
import { RowActions } from '../../ui/RowActions';
import { SyncBadge } from '../../ui/SyncBadge';
import { HAND_INCIDENCE_FIELDS } from './fields';
import { handIncidences } from './queries';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The hand's incidences (stops, problems with people, cargo, machines, the vessel): add, edit, delete. */
export function HandIncidences({ projectId, handId }: { projectId: string; handId: string }) {
  const { t } = useTranslation(['hand', 'ui']);
  const db = useLocalDb();
  const rows = useLiveQuery(() => (db ? handIncidences(db, projectId, handId) : []), [db, projectId, handId]);
  const confirm = useConfirmDelete();
  const [editing, setEditing] = useState<{ record: Values | null } | null>(null);

  return (
    <Paper withBorder p="md" data-testid="hand-incidences">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('incidences.title')}
        </Title>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ record: null })}>
          {t('incidences.add')}
        </Button>
      </Group>
      {rows?.length === 0 && <Text c="dimmed">{t('incidences.empty')}</Text>}
      <Stack gap="xs">
        {rows?.map((row) => (
          <Paper key={row.id} withBorder p="sm" data-testid="hand-incidence">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Group gap="xs">
                  {(Array.isArray(row.issue) ? (row.issue as string[]) : []).map((issue) => (
                    <Badge key={issue} variant="light" size="sm">
                      {t(`choices.${issue}`)}
                    </Badge>
                  ))}
                  <Text fw={600}>{text(row.issue_description)}</Text>
                  {row.non_commodity_hoist === true && (
                    <Badge color="gray" size="sm">
                      {t('fields.non_commodity_hoist')}
                    </Badge>
                  )}
                  <SyncBadge row={row} />
                </Group>
                <Text size="sm" c="dimmed">
                  {[
                    formatDateTime(text(row.init_date)) &&
                      `${formatDateTime(text(row.init_date))} – ${formatDateTime(text(row.end_date))}`,
                    typeof row.hold === 'number' && `${t('fields.hold')}: ${row.hold}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {text(row.observations_and_stops) && (
                  <Text size="sm">{text(row.observations_and_stops)}</Text>
                )}
              </Stack>
              <RowActions
                edit={() => setEditing({ record: row })}
                remove={{
                  resource: 'hand-incidence',
                  id: row.id,
                  title: text(row.issue_description) || t('incidences.incidence'),
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
        resource="hand-incidence"
        ns="hand"
        title={editing?.record ? t('incidences.edit') : t('incidences.new')}
        record={editing?.record ?? {}}
        fixed={{ hand: handId }}
        fields={HAND_INCIDENCE_FIELDS}
        testId="hand-incidence-modal"
      />
      {confirm.dialog}
    </Paper>
  );
}
