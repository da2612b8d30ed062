import { Button, Group } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeProjectReport } from '../../api/reports';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import type { Values } from '../../ui/form';
import { IconDownload, IconPlus, IconSignature } from '../../ui/icons';
import { lazyPart } from '../../ui/LoadBoundary';
import { DataTable } from '../../ui/list/DataTable';
import { Pager } from '../../ui/Pager';
import { RecordModal } from '../../ui/RecordModal';
import { RowAction, RowActions } from '../../ui/RowActions';
import { SyncMark } from '../../ui/SyncMark';
import { useZone } from '../../ui/zone';
import { carriesDocuments, DocumentsButton, DocumentsList } from './Documents';
import { GenerateButton } from './GenerateButton';
import { REPORT_PAGE_SIZE, type ReportKind } from './kinds';
import { PrompterField } from './PrompterField';
import { type ReportRow, reportPage } from './queries';
import { useGenerate } from './useGenerate';

// The signing screen (and its pad) loads when a statement is opened to sign.
const SignModal = lazyPart(() => import('../sof-signing/SignModal'));

/** One tab: the project's reports of a kind, paged by 10, with add, edit, delete, documents and the file. */
export function ReportList({ kind, projectId }: { kind: ReportKind; projectId: string }) {
  const { t, i18n } = useTranslation(['reports', 'ui']);
  const db = useLocalDb();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Values | null>(null);
  const confirm = useConfirmDelete();
  // Coil, SOF and prompter reports all carry attachments (the server's attachment parents).
  const documents = carriesDocuments(kind.resource) ? kind.resource : null;
  const generation = useGenerate();
  const zone = useZone();
  const [signing, setSigning] = useState<string | null>(null);
  const list = useLiveQuery(
    () =>
      db ? reportPage(db, kind.resource, projectId, kind.columns, page, REPORT_PAGE_SIZE, zone) : undefined,
    [db, kind, projectId, page, i18n.language, zone],
  );
  const download = (report: string) =>
    generation.generate(report, (options) => makeProjectReport(projectId, kind.tab, { ...options, report }));
  const title = (index: number) => `${t(`tabs.${kind.tab}`)} ${(page - 1) * REPORT_PAGE_SIZE + index + 1}`;

  return (
    <div data-testid={`report-list-${kind.tab}`}>
      <Group justify="space-between" my="sm">
        <GenerateButton
          generation={generation}
          name="all"
          run={(options) => makeProjectReport(projectId, kind.tab, options)}
          label={t('generate')}
          testId={`generate-${kind.tab}`}
        />
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Group>
      <DataTable<ReportRow & { index: number }>
        rows={list?.rows.map((item, index) => ({ ...item, index }))}
        rowKey={({ row }) => row.id}
        rowTestId="report-row"
        label={t(`tabs.${kind.tab}`)}
        empty={t('empty')}
        opens={({ row }) =>
          () =>
            setEditing(row)
          }
        title={{ header: t('report'), cell: ({ index }) => title(index) }}
        marks={({ row }) => <SyncMark row={row} />}
        columns={kind.columns.map((column, at) => ({
          key: column,
          header: t(`fields.${column}`),
          cell: ({ cells }: ReportRow) => cells[column],
          from: at < 2 ? undefined : at < 3 ? 'md' : 'lg',
        }))}
        actions={({ row, index }) => (
          <RowActions
            edit={() => setEditing(row)}
            remove={{ resource: kind.resource, id: row.id, title: title(index), ask: confirm.ask }}
          >
            <RowAction
              label={t('generate')}
              icon={<IconDownload size={20} />}
              disabled={!generation.online}
              busy={generation.busy === row.id}
              onClick={() => void download(row.id)}
            />
            {kind.resource === 'sof-report' && (
              <RowAction
                label={t('signing.open')}
                icon={<IconSignature size={20} />}
                onClick={() => setSigning(row.id)}
                testId="sof-sign"
              />
            )}
            {documents && (
              <DocumentsButton parent={{ resource: documents, id: row.id }} title={title(index)} />
            )}
          </RowActions>
        )}
      />
      <Pager
        name={`pager-${kind.tab}`}
        page={page}
        pageSize={REPORT_PAGE_SIZE}
        total={list?.total ?? 0}
        onChange={setPage}
      />
      <RecordModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        resource={kind.resource}
        ns="reports"
        title={t(editing?.id ? 'edit' : 'new', { report: t(`tabs.${kind.tab}`) })}
        record={editing ?? {}}
        fixed={{ project: projectId }}
        fields={kind.fields}
        check={(values) => {
          const refused = kind.check?.(values);
          return refused ? t(refused) : null;
        }}
        renderField={(name, form) =>
          name === 'hand' || name === 'hand_event' ? (
            <PrompterField key={name} name={name} form={form} projectId={projectId} />
          ) : undefined
        }
        footer={documents ? (id) => <DocumentsList parent={{ resource: documents, id }} /> : undefined}
        testId={`report-modal-${kind.tab}`}
      />
      {confirm.dialog}
      {signing && <SignModal projectId={projectId} reportId={signing} onClose={() => setSigning(null)} />}
    </div>
  );
}
