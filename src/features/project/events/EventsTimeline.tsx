import { Accordion, Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../../store/hooks';
import { useConfirmDelete } from '../../../ui/ConfirmDelete';
import type { Values } from '../../../ui/form';
import { formatDate, formatSpan, formatTime } from '../../../ui/format';
import { IconPlus } from '../../../ui/icons';
import { RowActions } from '../../../ui/RowActions';
import { SyncMark } from '../../../ui/SyncMark';
import { useZone } from '../../../ui/zone';
import { HandModal } from '../../hand';
import { EventModal } from './EventModal';
import { HandsTable } from './HandsTable';
import { projectTimeline, type TimelineEvent } from './queries';

function EventDetails({ item }: { item: TimelineEvent }) {
  const { t } = useTranslation('project');
  const zone = useZone();
  const { row } = item;
  // A one-moment event (arrived, all fast) has its time once.
  const moment = !row.end_date || row.end_date === row.init_date;
  const cells: [string, string][] = [
    [t('events.start_date'), formatDate(row.init_date, zone)],
    [t('events.start_time'), formatTime(row.init_date, zone)],
    ...(moment
      ? []
      : ([
          [t('events.end_date'), formatDate(row.end_date ?? '', zone)],
          [t('events.end_time'), formatTime(row.end_date ?? '', zone)],
        ] as [string, string][])),
    [t('fields.number_gangs'), row.number_gangs === null ? '' : String(row.number_gangs)],
  ];
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 2, sm: 5 }}>
        {cells.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text>{value || '—'}</Text>
          </div>
        ))}
      </SimpleGrid>
      {row.notes && (
        <div>
          <Text size="xs" c="dimmed">
            {t('fields.notes')}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{row.notes}</Text>
        </div>
      )}
    </Stack>
  );
}

/** The project events timeline: an accordion of events; Working shift events carry their hands. */
export function EventsTimeline({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation(['project', 'ui']);
  const zone = useZone();
  const db = useLocalDb();
  const timeline = useLiveQuery(
    () => (db ? projectTimeline(db, projectId, i18n.language) : []),
    [db, projectId, i18n.language],
  );
  const confirm = useConfirmDelete();
  const [eventModal, setEventModal] = useState<{ event: Values | null } | null>(null);
  const [handModal, setHandModal] = useState<{ eventId: string } | null>(null);

  return (
    <Paper withBorder p="md" data-testid="events-timeline">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('events.title')}
        </Title>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEventModal({ event: null })}>
          {t('events.add')}
        </Button>
      </Group>
      {timeline && timeline.length === 0 && <Text c="dimmed">{t('events.empty')}</Text>}
      <Accordion multiple variant="separated">
        {(timeline ?? []).map((item) => (
          <Accordion.Item
            key={item.row.id}
            value={item.row.id}
            data-testid="event-item"
            data-kind={item.kind}
          >
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={600}>{item.description || t('events.untyped')}</Text>
                <Text size="sm" c="dimmed">
                  {formatSpan(item.row.init_date, item.row.end_date ?? '', zone)}
                </Text>
                {item.kind === 'working' && (
                  <Badge variant="light">{t('hands.count', { count: item.hands.length })}</Badge>
                )}
                <SyncMark row={item.row} />
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <EventDetails item={item} />
              <Box mt="sm">
                <RowActions
                  edit={() => setEventModal({ event: item.row })}
                  remove={{
                    resource: 'project-event',
                    id: item.row.id,
                    title: item.description || t('events.event'),
                    ask: confirm.ask,
                  }}
                />
              </Box>
              {item.kind === 'working' && (
                <HandsTable
                  projectId={projectId}
                  hands={item.hands}
                  onAdd={() => setHandModal({ eventId: item.row.id })}
                  ask={confirm.ask}
                />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <EventModal
        projectId={projectId}
        event={eventModal?.event ?? null}
        opened={eventModal !== null}
        onClose={() => setEventModal(null)}
      />
      <HandModal
        eventId={handModal?.eventId ?? ''}
        hand={null}
        opened={handModal !== null}
        onClose={() => setHandModal(null)}
      />
      {confirm.dialog}
    </Paper>
  );
}
