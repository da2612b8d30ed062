import { Button, Collapse, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { RowOfResource } from '../../../store/schema';
import { formatSpan } from '../../../ui/format';
import { IconPlus } from '../../../ui/icons';
import { DataTable } from '../../../ui/list/DataTable';
import { type AskDelete, RowActions } from '../../../ui/RowActions';
import { SyncMark } from '../../../ui/SyncMark';
import { useZone } from '../../../ui/zone';

interface HandsTableProps {
  projectId: string;
  hands: RowOfResource<'hand'>[];
  onAdd: () => void;
  ask: AskDelete;
}

const gang = (hand: RowOfResource<'hand'>) => (hand.gang_no === null ? '' : String(hand.gang_no));

/** A working shift's hands: a collapsible list (a tap opens the hand) with view and delete, and add. */
export function HandsTable({ projectId, hands, onAdd, ask }: HandsTableProps) {
  const { t } = useTranslation(['project', 'ui']);
  const zone = useZone();
  const [opened, { toggle }] = useDisclosure(true);
  return (
    <div data-testid="hands">
      <Group justify="space-between" mt="sm">
        <Button variant="subtle" size="md" onClick={toggle} aria-expanded={opened}>
          {t('hands.title', { count: hands.length })}
        </Button>
        <Button size="md" variant="light" leftSection={<IconPlus size={18} />} onClick={onAdd}>
          {t('hands.add')}
        </Button>
      </Group>
      <Collapse expanded={opened}>
        <DataTable<RowOfResource<'hand'>>
          rows={hands}
          rowKey={(hand) => hand.id}
          rowTestId="hand-row"
          label={t('hands.title', { count: hands.length })}
          empty={t('hands.empty')}
          opens={(hand) => `/project/${projectId}/hand/${hand.id}`}
          title={{
            header: t('hands.description'),
            cell: (hand) => hand.description || t('hands.untitled', { gang: gang(hand) }),
          }}
          marks={(hand) => <SyncMark row={hand} />}
          columns={[
            { key: 'gang_no', header: t('hands.gang_no'), cell: gang, numeric: true },
            { key: 'foreman', header: t('hands.foreman'), cell: (hand) => hand.foreman ?? '', from: 'md' },
            {
              key: 'time',
              header: t('hands.time'),
              cell: (hand) => formatSpan(hand.init_date ?? '', hand.end_date ?? '', zone),
            },
          ]}
          actions={(hand) => (
            <RowActions
              view={`/project/${projectId}/hand/${hand.id}`}
              remove={{
                resource: 'hand',
                id: hand.id,
                title: hand.description || t('hands.hand'),
                ask,
              }}
            />
          )}
        />
      </Collapse>
    </div>
  );
}
