import { Badge, Group, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { formatSpan } from '../../ui/format';
import { SyncMark } from '../../ui/SyncMark';
import { useZone } from '../../ui/zone';
import { HAND_INCIDENCE_FIELDS } from './fields';
import { HandRecordList } from './HandRecordList';
import { handIncidences } from './queries';

/** The hand's incidences (stops, problems with people, cargo, machines, the vessel): add, edit, delete. */
export function HandIncidences({ projectId, handId }: { projectId: string; handId: string }) {
  const { t } = useTranslation(['hand', 'ui']);
  const zone = useZone();
  const db = useLocalDb();
  const rows = useLiveQuery(() => (db ? handIncidences(db, projectId, handId) : []), [db, projectId, handId]);

  return (
    <HandRecordList
      handId={handId}
      resource="hand-incidence"
      keys="incidences"
      fields={HAND_INCIDENCE_FIELDS}
      items={rows}
      rowOf={(row) => row}
      titleOf={(row) => row.issue_description || t('incidences.incidence')}
      testId="hand-incidences"
      itemTestId="hand-incidence"
      body={(row) => (
        <>
          <Group gap="xs">
            {row.issue.map((issue) => (
              <Badge key={issue} variant="light" size="sm">
                {t(`choices.${issue}`)}
              </Badge>
            ))}
            <Text fw={600}>{row.issue_description}</Text>
            {row.non_commodity_hoist === true && (
              <Badge color="gray" size="sm">
                {t('fields.non_commodity_hoist')}
              </Badge>
            )}
            <SyncMark row={row} />
          </Group>
          <Text size="sm" c="dimmed">
            {[
              formatSpan(row.init_date ?? '', row.end_date ?? '', zone),
              row.hold !== null && `${t('fields.hold')}: ${row.hold}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {row.observations_and_stops && <Text size="sm">{row.observations_and_stops}</Text>}
        </>
      )}
    />
  );
}
