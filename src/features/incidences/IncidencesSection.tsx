import { Button } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { FilterTags } from '../../ui/FilterModal';
import type { Values } from '../../ui/form';
import { IconFilter, IconPlus } from '../../ui/icons';
import { DataTable } from '../../ui/list/DataTable';
import { Pager } from '../../ui/Pager';
import { RowActions } from '../../ui/RowActions';
import { SectionPanel } from '../../ui/record/SectionPanel';
import { StatusTag, useStatusFamilies } from '../../ui/StatusTag';
import { SyncMark } from '../../ui/SyncMark';
import { DocumentsButton } from '../project-reports';
import { AttentionToggle } from './AttentionToggle';
import { ClaimBundleButton } from './ClaimBundle';
import { IncidenceFilterModal } from './IncidenceFilters';
import { IncidenceModal } from './IncidenceModal';
import {
  emptyIncidenceFilters,
  INCIDENCE_PAGE_SIZE,
  type IncidenceFilters,
  type IncidenceRow,
  incidencePage,
} from './queries';
import { useIncidenceTags } from './useIncidenceTags';

/** The project's incidences: filters, a paged list (a tap opens one), add, edit, delete, documents. */
export default function IncidencesSection({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation(['incidences', 'ui']);
  const db = useLocalDb();
  const [filters, setFilters] = useState<IncidenceFilters>(emptyIncidenceFilters);
  const [page, setPage] = useState(1);
  const [filterOpen, setFilterOpen] = useState(false);
  const [editing, setEditing] = useState<Values | null>(null);
  const confirm = useConfirmDelete();
  const families = useStatusFamilies('incidence-status');
  const tags = useIncidenceTags(filters);
  const list = useLiveQuery(
    () => (db ? incidencePage(db, projectId, filters, page) : undefined),
    [db, projectId, JSON.stringify(filters), page, i18n.language],
  );
  const filter = (next: IncidenceFilters) => {
    setFilters(next);
    setPage(1);
  };

  return (
    <SectionPanel
      title={t('title')}
      testId="incidences"
      actions={
        <>
          <Button
            variant="default"
            size="md"
            leftSection={<IconFilter size={18} />}
            onClick={() => setFilterOpen(true)}
          >
            {t('ui:filters.open')}
          </Button>
          <ClaimBundleButton projectId={projectId} filters={filters} listed={list?.total ?? 0} />
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
            {t('add')}
          </Button>
        </>
      }
    >
      <FilterTags
        tags={tags}
        onRemove={(key) => filter({ ...filters, [key]: key === 'description' ? '' : null })}
      />
      <DataTable<IncidenceRow>
        rows={list?.rows}
        rowKey={({ row }) => row.id}
        rowTestId="incidence-row"
        label={t('title')}
        empty={t('empty')}
        opens={({ row }) =>
          () =>
            setEditing(row)
          }
        title={{
          header: t('fields.description'),
          cell: ({ row }) => row.description || t('incidence'),
        }}
        marks={({ row }) => <SyncMark row={row} />}
        columns={[
          { key: 'type', header: t('fields.type'), cell: ({ names }) => names.type },
          {
            key: 'detection_desc',
            header: t('fields.detection_desc'),
            cell: ({ row }) => row.detection_desc ?? '',
            from: 'lg',
          },
          { key: 'detect', header: t('fields.detect'), cell: ({ names }) => names.detect, from: 'md' },
          { key: 'causes', header: t('fields.causes'), cell: ({ row }) => row.causes ?? '', from: 'xl' },
          { key: 'manager', header: t('fields.manager'), cell: ({ names }) => names.manager, from: 'lg' },
        ]}
        status={{
          header: t('fields.status'),
          cell: ({ row, names }) => (
            <StatusTag label={names.status} family={families.get(row.status ?? '')} />
          ),
        }}
        actions={({ row }) => (
          <RowActions
            edit={() => setEditing(row)}
            remove={{
              resource: 'incidence',
              id: row.id,
              title: row.description || t('incidence'),
              ask: confirm.ask,
            }}
          >
            <AttentionToggle id={row.id} on={row.requires_attention === true} />
            <DocumentsButton parent={{ resource: 'incidence', id: row.id }} title={row.description ?? ''} />
          </RowActions>
        )}
      />
      <Pager
        name="pager-incidences"
        page={page}
        pageSize={INCIDENCE_PAGE_SIZE}
        total={list?.total ?? 0}
        onChange={setPage}
      />
      <IncidenceFilterModal
        opened={filterOpen}
        onClose={() => setFilterOpen(false)}
        filters={filters}
        onChange={filter}
      />
      <IncidenceModal projectId={projectId} record={editing} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </SectionPanel>
  );
}
