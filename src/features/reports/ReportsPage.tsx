import { Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLivePage } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { FilterTags } from '../../ui/FilterModal';
import { formatDate } from '../../ui/format';
import { ListPageHeader } from '../../ui/ListPageHeader';
import { DataTable } from '../../ui/list/DataTable';
import { useRememberListPlace } from '../../ui/listPlace';
import { Pager } from '../../ui/Pager';
import { RowActions } from '../../ui/RowActions';
import { StatusTag, useStatusFamilies } from '../../ui/StatusTag';
import { SyncMark } from '../../ui/SyncMark';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { DocumentsButton } from '../project-reports';
import { ContainerFilterModal } from './ContainerFilterModal';
import {
  CONTAINER_PAGE_SIZE,
  type ContainerFilters,
  emptyFilters,
  type FilterKey,
  filtersFromParams,
  paramsFromFilters,
} from './filters';
import { type ContainerRow, containerPage } from './queries';
import { useContainerTags } from './useContainerTags';

/** /reports: the container reports on this device, filtered and paged. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation(['containers', 'ui']);
  const [params, setParams] = useSearchParams();
  useRememberListPlace();
  const { filters, page } = filtersFromParams(params);
  const [filterOpen, setFilterOpen] = useState(false);
  const confirm = useConfirmDelete();
  const families = useStatusFamilies('report-status');
  const tags = useContainerTags(filters);
  const key = JSON.stringify(filters);
  const live = useLivePage((db) => containerPage(db, filters, page, CONTAINER_PAGE_SIZE), page, [
    key,
    i18n.language,
  ]);
  const list = live?.value;

  const go = (next: ContainerFilters, nextPage: number) => setParams(paramsFromFilters(next, nextPage));
  const setFilter = (name: FilterKey, value: string | null) => go({ ...filters, [name]: value }, 1);
  useLastPageWhenPast(list?.total, page, CONTAINER_PAGE_SIZE, (last) =>
    setParams(paramsFromFilters(filters, last), { replace: true }),
  );

  return (
    <Stack gap="md">
      <ListPageHeader
        title={t('list_title')}
        onFilters={() => setFilterOpen(true)}
        add={{ label: t('new_report'), to: '/report' }}
      />
      <FilterTags tags={tags} onRemove={(name) => setFilter(name as FilterKey, null)} />
      <DataTable<ContainerRow>
        rows={list?.rows}
        rowKey={({ row }) => row.id}
        testId="container-reports"
        rowTestId="container-report-row"
        label={t('list_title')}
        empty={t('empty')}
        opens={({ row }) => `/report/${row.id}`}
        title={{ header: t('fields.container_number'), cell: ({ row }) => row.container_number }}
        marks={({ row }) => <SyncMark row={row} />}
        columns={[
          { key: 'manager', header: t('fields.manager'), cell: ({ manager }) => manager },
          { key: 'date', header: t('fields.date'), cell: ({ row }) => formatDate(row.date ?? '') },
        ]}
        status={{
          header: t('fields.status'),
          cell: ({ row, status }) => <StatusTag label={status} family={families.get(row.status ?? '')} />,
        }}
        actions={({ row }) => (
          <RowActions
            edit={`/report/${row.id}`}
            remove={{
              resource: 'container-report',
              id: row.id,
              title: row.container_number,
              ask: confirm.ask,
            }}
          >
            <DocumentsButton
              parent={{ resource: 'container-report', id: row.id }}
              title={row.container_number}
            />
          </RowActions>
        )}
      />
      <Pager
        page={live?.page ?? page}
        pageSize={CONTAINER_PAGE_SIZE}
        total={list?.total ?? 0}
        onChange={(next) => go(filters, next)}
      />
      <ContainerFilterModal
        opened={filterOpen}
        onClose={() => setFilterOpen(false)}
        filters={filters}
        onChange={setFilter}
        onReset={() => go(emptyFilters, 1)}
      />
      {confirm.dialog}
    </Stack>
  );
}
