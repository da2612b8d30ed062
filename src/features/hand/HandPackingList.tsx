import { Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLivePage } from '../../store/hooks';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/list/DataTable';
import { useNumbers } from '../../ui/numbers';
import { Pager } from '../../ui/Pager';
import { SyncMark } from '../../ui/SyncMark';
import { useZone } from '../../ui/zone';
import { validatedByHand } from './queries';

const PAGE_SIZE = 10;

type Validated = Awaited<ReturnType<typeof validatedByHand>>['rows'][number];

/** The packing items this hand validated, newest first. */
export function HandPackingList({ handId }: { handId: string }) {
  const { t } = useTranslation('hand');
  const zone = useZone();
  const numbers = useNumbers();
  const [page, setPage] = useState(1);
  const live = useLivePage((db) => validatedByHand(db, handId, page, PAGE_SIZE), page, [handId]);
  const shown = live?.value;
  return (
    <Paper withBorder p="md" data-testid="hand-packing-list">
      <Title order={2} size="h4" mb="sm">
        {t('packing.title')}
      </Title>
      <DataTable<Validated>
        rows={shown?.rows}
        rowKey={({ row }) => row.id}
        rowTestId="validated-row"
        rowData={({ row }) => ({ 'data-reference': row.reference })}
        label={t('packing.title')}
        empty={t('packing.empty')}
        title={{ header: t('packing.reference'), cell: ({ row }) => row.reference }}
        marks={({ row }) => <SyncMark row={row} />}
        columns={[
          { key: 'commodity', header: t('packing.commodity'), cell: ({ names }) => names.commodity },
          {
            key: 'quantity',
            header: t('packing.quantity'),
            cell: ({ row }) => numbers.units(row.quantity),
            numeric: true,
          },
          {
            key: 'processed_quantity',
            header: t('packing.processed_quantity'),
            cell: ({ row }) => numbers.units(row.processed_quantity),
            numeric: true,
            from: 'md',
          },
          {
            key: 'net_weight',
            header: t('packing.net_weight'),
            cell: ({ row }) => numbers.kg(row.net_weight ?? ''),
            numeric: true,
          },
          {
            key: 'validation_hold',
            header: t('packing.validation_hold'),
            cell: ({ row }) => numbers.units(row.validation_hold),
            numeric: true,
          },
          {
            key: 'validation_datetime',
            header: t('packing.validation_datetime'),
            cell: ({ row }) => formatDateTime(row.validation_datetime ?? '', zone),
            from: 'md',
          },
          {
            key: 'validation_prompter_identifier',
            header: t('packing.validation_prompter_identifier'),
            cell: ({ names }) => names.validation_prompter_identifier,
            from: 'lg',
          },
        ]}
      />
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
