import { Accordion, Button, Group, Paper, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { FilterTags } from '../../ui/FilterModal';
import type { Values } from '../../ui/form';
import { IconFilter, IconPlus } from '../../ui/icons';
import { Pager } from '../../ui/Pager';
import { RowActions } from '../../ui/RowActions';
import { DocumentsButton } from '../project-reports/Documents';
import { SyncMark } from '../sync/SyncMark';
import { AttentionToggle } from './AttentionToggle';
import { IncidenceFilterModal } from './IncidenceFilters';
import { IncidenceModal } from './IncidenceModal';
import { emptyIncidenceFilters, INCIDENCE_PAGE_SIZE, type IncidenceFilters, incidencePage } from './queries';
import { useIncidenceTags } from './useIncidenceTags';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The project's 'list of incidence' accordion: filters, a paged table, add, edit, delete, documents. */
export default function IncidencesSection({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation(['incidences', 'ui']);
  const db = useLocalDb();
  const [filters, setFilters] = useState<IncidenceFilters>(emptyIncidenceFilters);
  const [page, setPage] = useState(1);
  const [filterOpen, setFilterOpen] = useState(false);
  const [editing, setEditing] = useState<Values | null>(null);
  const confirm = useConfirmDelete();
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
    <Paper withBorder data-testid="section-incidences">
      <Accordion chevronPosition="left">
        <Accordion.Item value="incidences">
          <Accordion.Control>{t('title')}</Accordion.Control>
          <Accordion.Panel>
            <Group justify="flex-end" mb="sm">
              <Button
                variant="default"
                size="md"
                leftSection={<IconFilter size={18} />}
                onClick={() => setFilterOpen(true)}
              >
                {t('ui:filters.open')}
              </Button>
              <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
                {t('add')}
              </Button>
            </Group>
            <FilterTags
              tags={tags}
              onRemove={(key) => filter({ ...filters, [key]: key === 'description' ? '' : null })}
            />
            {list?.total === 0 && <Text c="dimmed">{t('empty')}</Text>}
            {list && list.total > 0 && (
              <Table.ScrollContainer minWidth={900}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th />
                      {['type', 'description', 'detection_desc', 'detect', 'causes', 'manager', 'status'].map(
                        (column) => (
                          <Table.Th key={column}>{t(`fields.${column}`)}</Table.Th>
                        ),
                      )}
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.rows.map(({ row, names }) => (
                      <Table.Tr key={row.id} data-testid="incidence-row">
                        <Table.Td>
                          <AttentionToggle id={row.id} on={row.requires_attention === true} />
                        </Table.Td>
                        <Table.Td>{names.type}</Table.Td>
                        <Table.Td>
                          {text(row.description)} <SyncMark resource="incidence" id={row.id} />
                        </Table.Td>
                        <Table.Td>{text(row.detection_desc)}</Table.Td>
                        <Table.Td>{names.detect}</Table.Td>
                        <Table.Td>{text(row.causes)}</Table.Td>
                        <Table.Td>{names.manager}</Table.Td>
                        <Table.Td>{names.status}</Table.Td>
                        <Table.Td>
                          <RowActions
                            edit={() => setEditing(row)}
                            remove={{
                              resource: 'incidence',
                              id: row.id,
                              title: text(row.description) || t('incidence'),
                              ask: confirm.ask,
                            }}
                          >
                            <DocumentsButton
                              parent={{ resource: 'incidence', id: row.id }}
                              title={text(row.description)}
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
              name="pager-incidences"
              page={page}
              pageSize={INCIDENCE_PAGE_SIZE}
              total={list?.total ?? 0}
              onChange={setPage}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <IncidenceFilterModal
        opened={filterOpen}
        onClose={() => setFilterOpen(false)}
        filters={filters}
        onChange={filter}
      />
      <IncidenceModal projectId={projectId} record={editing} onClose={() => setEditing(null)} />
      {confirm.dialog}
    </Paper>
  );
}
