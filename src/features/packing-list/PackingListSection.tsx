import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { packingLabelColorHex } from '../../domain/enums';
import { useLivePage } from '../../store/hooks';
import type { RowOfResource } from '../../store/schema';
import { FilterTags } from '../../ui/FilterModal';
import { formatDateTime } from '../../ui/format';
import { IconFilter, IconPlus } from '../../ui/icons';
import { DataTable } from '../../ui/list/DataTable';
import { useNumbers } from '../../ui/numbers';
import { Pager } from '../../ui/Pager';
import { SectionPanel } from '../../ui/record/SectionPanel';
import { StatusTag } from '../../ui/StatusTag';
import { SyncMark } from '../../ui/SyncMark';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { useZone } from '../../ui/zone';
import { ImportModal, QueuedImports } from '../import';
import { packingFromParams, paramsWithPacking } from './address';
import { activeFilters, emptyFilters, type PackingFilters } from './filters';
import { ColorChips } from './LabelColors';
import { PackingFilterModal } from './PackingFilterModal';
import { PackingModal } from './PackingModal';
import { packingPage } from './queries';
import { usePackingTags } from './tags';
import { WarningIcon } from './WarningIcon';

const PACKING_PAGE_SIZE = 10;

/** The project's packing list: filters, paging, the attention icon, the detail modal and import. */
export default function PackingListSection({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation('packing');
  const zone = useZone();
  // Filters and page are kept in the address, so a reload or a return shows the same rows. Read from it
  // once: the fields answer from state at once (the router's updates come later, and a checkbox or the
  // hold's digits waiting on them would flicker back).
  const [params, setParams] = useSearchParams();
  const [{ filters, page }, setView] = useState(() => packingFromParams(params));
  const show = (next: PackingFilters, nextPage: number) => {
    setView({ filters: next, page: nextPage });
    setParams((current) => paramsWithPacking(current, next, nextPage), { replace: true });
  };
  const [filtering, setFiltering] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<{ record: RowOfResource<'packing-list'> | null } | null>(null);
  const live = useLivePage((db) => packingPage(db, projectId, filters, page, PACKING_PAGE_SIZE), page, [
    projectId,
    filters,
    i18n.language,
  ]);
  const shown = live?.value;
  const change = (next: PackingFilters) => show(next, 1);
  const setPage = (next: number) => show(filters, next);
  // A page emptied since (items deleted or synced away, an old address) gives way to the last one.
  useLastPageWhenPast(live ? shown?.total : undefined, live?.page ?? page, PACKING_PAGE_SIZE, setPage);
  const tags = usePackingTags(filters);
  const filtered = activeFilters(filters).length > 0;
  const numbers = useNumbers();
  return (
    <SectionPanel
      title={t('title')}
      testId="packing_list"
      actions={
        <>
          <Button
            size="md"
            variant="default"
            leftSection={<IconFilter size={18} />}
            onClick={() => setFiltering(true)}
            data-testid="packing-filter"
          >
            {t('filters.open')}
          </Button>
          <Button size="md" variant="default" onClick={() => setImporting(true)} data-testid="packing-import">
            {t('import.open')}
          </Button>
          <Button
            size="md"
            leftSection={<IconPlus size={18} />}
            onClick={() => setEditing({ record: null })}
            data-testid="packing-add"
          >
            {t('add')}
          </Button>
        </>
      }
    >
      <QueuedImports projectId={projectId} />
      <FilterTags
        tags={tags}
        onRemove={(key) => change({ ...filters, [key]: emptyFilters[key as keyof PackingFilters] })}
      />
      <DataTable<RowOfResource<'packing-list'>>
        rows={shown?.rows}
        rowKey={(row) => row.id}
        testId="packing-table"
        rowTestId="packing-row"
        rowData={(row) => ({ 'data-reference': row.reference })}
        label={t('title')}
        empty={filtered ? t('filters.empty') : t('empty')}
        opens={(row) => () => setEditing({ record: row })}
        title={{ header: t('fields.reference'), cell: (row) => row.reference }}
        marks={(row) => (
          <>
            {row.requires_attention === true && (
              <Text
                c="orange.9"
                component="span"
                role="img"
                data-testid="attention-icon"
                aria-label={t('fields.requires_attention')}
              >
                <WarningIcon />
              </Text>
            )}
            <SyncMark row={row} />
            {/* Aluminium packs are told apart by their label colours: always beside the reference. */}
            {Array.isArray(row.label_color) && row.label_color.length > 0 && (
              <ColorChips colors={row.label_color as string[]} hex={packingLabelColorHex} />
            )}
          </>
        )}
        columns={[
          {
            key: 'commodity',
            header: t('fields.commodity'),
            cell: (row) => shown?.commodities.get(row.commodity) ?? '',
          },
          {
            key: 'quantity',
            header: t('fields.quantity'),
            cell: (row) => numbers.units(row.quantity),
            numeric: true,
          },
          {
            key: 'processed_quantity',
            header: t('fields.processed_quantity'),
            cell: (row) => numbers.units(row.processed_quantity),
            numeric: true,
            from: 'md',
          },
          {
            key: 'net_weight',
            header: t('fields.net_weight'),
            cell: (row) => numbers.kg(row.net_weight ?? ''),
            numeric: true,
          },
          {
            key: 'gross_weight',
            header: t('fields.gross_weight'),
            cell: (row) => numbers.kg(row.gross_weight ?? ''),
            numeric: true,
            from: 'xl',
          },
          {
            key: 'location',
            header: t('fields.location'),
            cell: (row) => (row.location ? t(`choices.${row.location}`) : ''),
            from: 'lg',
          },
          {
            key: 'validation_datetime',
            header: t('fields.validation_datetime'),
            cell: (row) => formatDateTime(row.validation_datetime ?? '', zone),
            from: 'xl',
          },
        ]}
        status={{
          header: t('fields.validated'),
          cell: (row) =>
            row.validated === true ? (
              <StatusTag label={t('validated_tag')} family="done" />
            ) : (
              <StatusTag label={t('not_validated_tag')} family="waiting" />
            ),
        }}
      />
      <Pager
        name="packing-pager"
        page={live?.page ?? page}
        pageSize={PACKING_PAGE_SIZE}
        total={shown?.total ?? 0}
        onChange={setPage}
      />
      <PackingFilterModal
        projectId={projectId}
        opened={filtering}
        onClose={() => setFiltering(false)}
        filters={filters}
        onChange={change}
      />
      <PackingModal
        projectId={projectId}
        record={editing?.record ?? null}
        opened={editing !== null}
        onClose={() => setEditing(null)}
      />
      <ImportModal projectId={projectId} opened={importing} onClose={() => setImporting(false)} />
    </SectionPanel>
  );
}
