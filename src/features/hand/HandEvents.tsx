import { Badge, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { formatDate } from '../../ui/format';
import { SyncMark } from '../../ui/SyncMark';
import { HAND_EVENT_FIELDS } from './fields';
import { HandRecordList } from './HandRecordList';
import { handEvents } from './queries';

const flags = ['billable', 'in_dispute', 'ot', 'ot2'] as const;
/** '08:00–11:30'; one moment once ('11:30'). */
const hours = (from: string, to: string) => (from && to && from !== to ? `${from}–${to}` : from || to);

/** The hand events timeline: what happened hour by hour, each line with add, edit and delete. */
export function HandEvents({ projectId, handId }: { projectId: string; handId: string }) {
  const { t, i18n } = useTranslation(['hand', 'ui']);
  const db = useLocalDb();
  const rows = useLiveQuery(
    () => (db ? handEvents(db, projectId, handId) : []),
    [db, projectId, handId, i18n.language],
  );

  return (
    <HandRecordList
      handId={handId}
      resource="hand-event"
      keys="events"
      fields={HAND_EVENT_FIELDS}
      items={rows}
      rowOf={(item) => item.row}
      titleOf={({ row }) => row.description || t('events.event')}
      testId="hand-events"
      itemTestId="hand-event"
      body={({ row, names }) => (
        <>
          <Group gap="xs">
            <Text fw={600}>
              {[formatDate(row.date ?? ''), hours(row.hour_from ?? '', row.hour_to ?? '')]
                .filter(Boolean)
                .join(' ')}
            </Text>
            <Text>{row.description || names.related_event}</Text>
            {flags
              .filter((flag) => row[flag] === true)
              .map((flag) => (
                <Badge key={flag} variant="light" size="sm">
                  {t(`fields.${flag}`)}
                </Badge>
              ))}
            <SyncMark row={row} />
          </Group>
          <Text size="sm" c="dimmed">
            {[
              names.related_event && `${t('fields.related_event')}: ${names.related_event}`,
              names.activity && `${t('fields.activity')}: ${names.activity}`,
              row.hatch_number !== null && `${t('fields.hatch_number')}: ${row.hatch_number}`,
              row.crane_number !== null && `${t('fields.crane_number')}: ${row.crane_number}`,
              row.cellar && `${t('fields.cellar')}: ${row.cellar}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {row.vessel_notes && <Text size="sm">{`${t('fields.vessel_notes')}: ${row.vessel_notes}`}</Text>}
          {row.stevedore_notes && (
            <Text size="sm">{`${t('fields.stevedore_notes')}: ${row.stevedore_notes}`}</Text>
          )}
        </>
      )}
    />
  );
}
