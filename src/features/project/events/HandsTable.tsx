import { Button, Collapse, Group, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { LocalRow } from '../../../store/schema';
import { formatDateTime } from '../../../ui/format';
import { IconPlus } from '../../../ui/icons';
import { type AskDelete, RowActions } from '../../../ui/RowActions';
import { SyncBadge } from '../../../ui/SyncBadge';
import { useZone } from '../../../ui/zone';

interface HandsTableProps {
  projectId: string;
  hands: LocalRow[];
  onAdd: () => void;
  ask: AskDelete;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** A working shift's hands: collapsible table with view and delete, and the add-hand button. */
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
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('hands.description')}</Table.Th>
              <Table.Th>{t('hands.gang_no')}</Table.Th>
              <Table.Th>{t('hands.foreman')}</Table.Th>
              <Table.Th>{t('hands.start')}</Table.Th>
              <Table.Th>{t('hands.end')}</Table.Th>
              <Table.Th aria-label={t('ui:actions.view')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {hands.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" size="sm">
                    {t('hands.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {hands.map((hand) => (
              <Table.Tr key={hand.id} data-testid="hand-row">
                <Table.Td>
                  <Group gap={6}>
                    {text(hand.description)}
                    <SyncBadge row={hand} />
                  </Group>
                </Table.Td>
                <Table.Td>{num(hand.gang_no)}</Table.Td>
                <Table.Td>{text(hand.foreman)}</Table.Td>
                <Table.Td>{formatDateTime(text(hand.init_date), zone)}</Table.Td>
                <Table.Td>{formatDateTime(text(hand.end_date), zone)}</Table.Td>
                <Table.Td>
                  <RowActions
                    view={`/project/${projectId}/hand/${hand.id}`}
                    remove={{
                      resource: 'hand',
                      id: hand.id,
                      title: text(hand.description) || t('hands.hand'),
                      ask,
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Collapse>
    </div>
  );
}
