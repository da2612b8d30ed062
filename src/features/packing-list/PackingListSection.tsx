import { Anchor, Button, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { packingLabelColorHex } from '../../domain/enums';
import { useLivePage } from '../../store/hooks';
import type { LocalRow } from '../../store/schema';
import { FilterTags } from '../../ui/FilterModal';
import { formatDateTime } from '../../ui/format';
import { IconFilter, IconPlus } from '../../ui/icons';
import { Pager } from '../../ui/Pager';
import { SyncBadge } from '../../ui/SyncBadge';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { useZone } from '../../ui/zone';
import { ImportModal } from '../import/ImportModal';
import { QueuedImports } from '../import/QueuedImports';
import { packingFromParams, paramsWithPacking } from './address';
import { activeFilters, emptyFilters, type PackingFilters } from './filters';
import { ColorChips } from './LabelColors';
import { PackingFilterModal } from './PackingFilterModal';
import { PackingModal } from './PackingModal';
import { packingPage } from './queries';
import { usePackingTags } from './tags';
import { WarningIcon } from './WarningIcon';

export const PACKING_PAGE_SIZE = 10;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const COLUMNS = [
  'reference',
  'commodity',
  'label_color',
  'quantity',
  'processed_quantity',
  'net_weight',
  'gross_weight',
  'location',
  'validated',
  'validation_datetime',
];

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
  const [editing, setEditing] = useState<{ record: LocalRow | null } | null>(null);
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
  return (
    <Paper withBorder p="md" data-testid="section-packing_list">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('title')}
        </Title>
        <Group gap="xs">
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
        </Group>
      </Group>
      <QueuedImports projectId={projectId} />
      <FilterTags
        tags={tags}
        onRemove={(key) => change({ ...filters, [key]: emptyFilters[key as keyof PackingFilters] })}
      />
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid="packing-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={44} aria-label={t('fields.requires_attention')} />
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{t(`fields.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown?.rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length + 1}>
                  <Text c="dimmed" size="sm">
                    {filtered ? t('filters.empty') : t('empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {shown?.rows.map((row) => (
              <Table.Tr
                key={row.id}
                data-testid="packing-row"
                data-reference={text(row.reference)}
                style={{ cursor: 'pointer' }}
                onClick={() => setEditing({ record: row })}
              >
                <Table.Td>
                  {row.requires_attention === true && (
                    <Tooltip label={t('fields.requires_attention')}>
                      <Text
                        c="orange"
                        component="span"
                        data-testid="attention-icon"
                        aria-label={t('fields.requires_attention')}
                      >
                        <WarningIcon />
                      </Text>
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {/* The row opens on a tap; the reference is its keyboard and screen-reader handle. */}
                    <Anchor component="button" type="button" size="sm" fw={600}>
                      {text(row.reference)}
                    </Anchor>
                    <SyncBadge row={row} />
                  </Group>
                </Table.Td>
                <Table.Td>{shown.commodities.get(text(row.commodity)) ?? ''}</Table.Td>
                <Table.Td>
                  <ColorChips
                    colors={Array.isArray(row.label_color) ? (row.label_color as string[]) : []}
                    hex={packingLabelColorHex}
                  />
                </Table.Td>
                <Table.Td>{text(row.quantity)}</Table.Td>
                <Table.Td>{text(row.processed_quantity)}</Table.Td>
                <Table.Td>{text(row.net_weight)}</Table.Td>
                <Table.Td>{text(row.gross_weight)}</Table.Td>
                <Table.Td>{row.location ? t(`choices.${text(row.location)}`) : ''}</Table.Td>
                <Table.Td>{row.validated === true ? t('yes') : t('no')}</Table.Td>
                <Table.Td>{formatDateTime(text(row.validation_datetime), zone)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
    </Paper>
  );
}
