import { Group, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLivePage } from '../../store/hooks';
import { formatDateTime } from '../../ui/format';
import { Pager } from '../../ui/Pager';
import { SyncBadge } from '../../ui/SyncBadge';
import { useZone } from '../../ui/zone';
import { validatedByHand } from './queries';

const PAGE_SIZE = 10;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? String(value) : '');

/** The packing items this hand validated, newest first. */
export function HandPackingList({ handId }: { handId: string }) {
  const { t } = useTranslation('hand');
  const zone = useZone();
  const [page, setPage] = useState(1);
  const live = useLivePage((db) => validatedByHand(db, handId, page, PAGE_SIZE), page, [handId]);
  const shown = live?.value;
  const columns = [
    'reference',
    'commodity',
    'quantity',
    'processed_quantity',
    'net_weight',
    'validation_hold',
    'validation_datetime',
    'validation_prompter_identifier',
  ];
  return (
    <Paper withBorder p="md" data-testid="hand-packing-list">
      <Title order={2} size="h4" mb="sm">
        {t('packing.title')}
      </Title>
      <Table.ScrollContainer minWidth={700}>
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{t(`packing.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm">
                    {t('packing.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown?.rows.map(({ row, names }) => (
              <Table.Tr key={row.id} data-testid="validated-row" data-reference={text(row.reference)}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {text(row.reference)}
                    <SyncBadge row={row} />
                  </Group>
                </Table.Td>
                <Table.Td>{names.commodity}</Table.Td>
                <Table.Td>{text(row.quantity)}</Table.Td>
                <Table.Td>{text(row.processed_quantity)}</Table.Td>
                <Table.Td>{text(row.net_weight)}</Table.Td>
                <Table.Td>{num(row.validation_hold)}</Table.Td>
                <Table.Td>{formatDateTime(text(row.validation_datetime), zone)}</Table.Td>
                <Table.Td>{names.validation_prompter_identifier}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Pager
        name="validated-pager"
        page={live?.page ?? page}
        pageSize={PAGE_SIZE}
        total={shown?.total ?? 0}
        onChange={setPage}
      />
    </Paper>
  );
}
