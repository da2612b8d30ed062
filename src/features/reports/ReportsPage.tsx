import { Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useLivePage } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { FilterTags } from '../../ui/FilterModal';
import { formatDate } from '../../ui/format';
import { ListPageHeader } from '../../ui/ListPageHeader';
import { Pager } from '../../ui/Pager';
import { RowActions } from '../../ui/RowActions';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { DocumentsButton } from '../project-reports/Documents';
import { SyncMark } from '../sync/SyncMark';
import { ContainerFilterModal } from './ContainerFilterModal';
import {
  CONTAINER_PAGE_SIZE,
  type ContainerFilters,
  emptyFilters,
  type FilterKey,
  filtersFromParams,
  paramsFromFilters,
} from './filters';
import { containerPage } from './queries';
import { useContainerTags } from './useContainerTags';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** /reports: the container reports on this device, filtered and paged. */
export default function ReportsPage() {
  const { t, i18n } = useTranslation(['containers', 'ui']);
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersFromParams(params);
  const [filterOpen, setFilterOpen] = useState(false);
  const confirm = useConfirmDelete();
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
      {list?.total === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {list && list.total > 0 && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped verticalSpacing="xs" data-testid="container-reports">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.container_number')}</Table.Th>
                <Table.Th>{t('fields.manager')}</Table.Th>
                <Table.Th>{t('fields.date')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map(({ row, manager, status }) => (
                <Table.Tr key={row.id} data-testid="container-report-row">
                  <Table.Td>
                    {text(row.container_number)} <SyncMark resource="container-report" id={row.id} />
                  </Table.Td>
                  <Table.Td>{manager}</Table.Td>
                  <Table.Td>{formatDate(text(row.date))}</Table.Td>
                  <Table.Td>{status}</Table.Td>
                  <Table.Td>
                    <RowActions
                      edit={`/report/${row.id}`}
                      remove={{
                        resource: 'container-report',
                        id: row.id,
                        title: text(row.container_number),
                        ask: confirm.ask,
                      }}
                    >
                      <DocumentsButton
                        parent={{ resource: 'container-report', id: row.id }}
                        title={text(row.container_number)}
                      />
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
