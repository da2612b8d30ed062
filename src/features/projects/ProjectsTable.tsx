import { Badge, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { formatDate } from '../../ui/format';
import { RowActions } from '../../ui/RowActions';
import { SyncBadge } from '../../ui/SyncBadge';
import { KeepOffline } from './KeepOffline';
import type { ProjectListRow } from './queries';

interface ProjectsTableProps {
  rows: ProjectListRow[];
  isAdmin: boolean;
  kept: Set<string>;
  inProgress: Set<string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function ProjectsTable({ rows, isAdmin, kept, inProgress }: ProjectsTableProps) {
  const { t } = useTranslation(['projects', 'ui']);
  const confirm = useConfirmDelete();
  const columns = [
    'code',
    'name',
    'init_date',
    'end_date',
    'vessel',
    'port',
    'activity',
    'customer',
    'status',
  ];
  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="sm" data-testid="projects-table">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{t(`columns.${column}`)}</Table.Th>
              ))}
              <Table.Th>{t('keep_offline')}</Table.Th>
              <Table.Th aria-label={t('ui:actions.edit')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  <Text c="dimmed" ta="center" data-testid="projects-empty">
                    {t('empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map(({ row, vessel, port, activity, customer, status }) => {
              const title = text(row.name) || text(row.code);
              return (
                <Table.Tr key={row.id} data-testid="project-row" data-code={text(row.code)}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {text(row.code)}
                      <SyncBadge row={row} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{text(row.name)}</Table.Td>
                  <Table.Td>{formatDate(text(row.init_date))}</Table.Td>
                  <Table.Td>{formatDate(text(row.end_date))}</Table.Td>
                  <Table.Td>{vessel}</Table.Td>
                  <Table.Td>{port}</Table.Td>
                  <Table.Td>{activity}</Table.Td>
                  <Table.Td>{customer}</Table.Td>
                  <Table.Td>{status && <Badge variant="light">{status}</Badge>}</Table.Td>
                  <Table.Td>
                    <KeepOffline
                      projectId={row.id}
                      kept={kept.has(row.id)}
                      inProgress={typeof row.status === 'string' && inProgress.has(row.status)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <RowActions
                      documents={`/project/${row.id}#documents`}
                      edit={`/project/${row.id}`}
                      remove={
                        isAdmin ? { resource: 'project', id: row.id, title, ask: confirm.ask } : undefined
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {confirm.dialog}
    </>
  );
}
