import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { formatDate } from '../../ui/format';
import { DataTable } from '../../ui/list/DataTable';
import { RowActions } from '../../ui/RowActions';
import { StatusTag, useStatusFamilies } from '../../ui/StatusTag';
import { SyncMark } from '../../ui/SyncMark';
import { KeepOffline } from './KeepOffline';
import type { ProjectListRow } from './queries';

interface ProjectsTableProps {
  rows: ProjectListRow[];
  isAdmin: boolean;
  kept: Set<string>;
  inProgress: Set<string>;
}

/** "25/11/2026 – 27/11/2026", one date alone, or nothing. */
function dates(row: ProjectListRow['row']): string {
  return [formatDate(row.init_date ?? ''), formatDate(row.end_date ?? '')].filter(Boolean).join(' – ');
}

/**
 * The projects: code and name (the link into the project), then the columns the width allows, the status,
 * keep offline and the actions always; cards on a phone. Drawn again only when its props change: a new page
 * or filter draws it once, when its rows are read, not also at the click.
 */
export const ProjectsTable = memo(function ProjectsTable({
  rows,
  isAdmin,
  kept,
  inProgress,
}: ProjectsTableProps) {
  const { t } = useTranslation(['projects', 'ui']);
  const confirm = useConfirmDelete();
  const families = useStatusFamilies('project-status');
  return (
    <>
      <DataTable<ProjectListRow>
        rows={rows}
        rowKey={({ row }) => row.id}
        testId="projects-table"
        rowTestId="project-row"
        rowData={({ row }) => ({ 'data-code': row.code ?? '' })}
        label={t('title')}
        empty={t('empty')}
        emptyTestId="projects-empty"
        opens={({ row }) => `/project/${row.id}`}
        title={{
          header: t('columns.project'),
          cell: ({ row }) => row.code || row.name,
          sub: ({ row }) => (row.code ? row.name : ''),
        }}
        marks={({ row }) => <SyncMark row={row} />}
        columns={[
          { key: 'dates', header: t('columns.dates'), cell: ({ row }) => dates(row) },
          { key: 'vessel', header: t('columns.vessel'), cell: ({ vessel }) => vessel, from: 'md' },
          { key: 'port', header: t('columns.port'), cell: ({ port }) => port, from: 'lg' },
          { key: 'activity', header: t('columns.activity'), cell: ({ activity }) => activity, from: 'lg' },
          { key: 'customer', header: t('columns.customer'), cell: ({ customer }) => customer, from: 'xl' },
          {
            key: 'offline',
            header: t('columns.offline'),
            cell: ({ row }) => (
              <KeepOffline
                projectId={row.id}
                kept={kept.has(row.id)}
                inProgress={typeof row.status === 'string' && inProgress.has(row.status)}
              />
            ),
          },
        ]}
        status={{
          header: t('columns.status'),
          cell: ({ row, status }) => <StatusTag label={status} family={families.get(row.status ?? '')} />,
        }}
        actions={({ row }) => (
          <RowActions
            documents={`/project/${row.id}#documents`}
            edit={`/project/${row.id}`}
            remove={
              isAdmin
                ? {
                    resource: 'project',
                    id: row.id,
                    title: row.name || row.code || '',
                    ask: confirm.ask,
                  }
                : undefined
            }
          />
        )}
      />
      {confirm.dialog}
    </>
  );
});
