import { ActionIcon, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { makeProjectReport } from '../../api/reports';
import { useLocalDb } from '../../store/hooks';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import type { Values } from '../../ui/form';
import { IconDownload, IconPlus, IconSignature } from '../../ui/icons';
import { Pager } from '../../ui/Pager';
import { RecordModal } from '../../ui/RecordModal';
import { RowActions } from '../../ui/RowActions';
import { useZone } from '../../ui/zone';
import { SyncMark } from '../sync/SyncMark';
import { carriesDocuments, DocumentsButton, DocumentsList } from './Documents';
import { REPORT_PAGE_SIZE, type ReportKind } from './kinds';
import { PrompterField } from './PrompterField';
import { reportPage } from './queries';
import { useGenerate } from './useGenerate';

// The signing screen (and its pad) loads when a statement is opened to sign.
const SignModal = lazy(() => import('../sof-signing/SignModal'));

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
  const download = (report?: string) =>
    generation.generate(report ?? 'all', (options) =>
      makeProjectReport(projectId, kind.tab, { ...options, ...(report ? { report } : {}) }),
    );
  const title = (index: number) => `${t(`tabs.${kind.tab}`)} ${(page - 1) * REPORT_PAGE_SIZE + index + 1}`;

  return (
    <div data-testid={`report-list-${kind.tab}`}>
      <Group justify="space-between" my="sm">
        <Tooltip label={generation.offlineHint} disabled={generation.online}>
          <Button
            variant="default"
            size="md"
            leftSection={<IconDownload size={18} />}
            disabled={!generation.online}
            loading={generation.busy === 'all'}
            onClick={() => void download()}
            data-testid={`generate-${kind.tab}`}
          >
            {generation.online ? t('generate') : t('needs_connection')}
          </Button>
        </Tooltip>
        <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({})}>
          {t('add')}
        </Button>
      </Group>
      {list?.total === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {list && list.total > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {kind.columns.map((column) => (
                  <Table.Th key={column}>{t(`fields.${column}`)}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map(({ row, cells }, index) => (
                <Table.Tr key={row.id} data-testid="report-row">
                  {kind.columns.map((column, at) => (
                    <Table.Td key={column}>
                      {cells[column]}
                      {at === 0 && <SyncMark resource={kind.resource} id={row.id} />}
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <RowActions
                      edit={() => setEditing(row)}
                      remove={{ resource: kind.resource, id: row.id, title: title(index), ask: confirm.ask }}
                    >
                      <Tooltip label={generation.online ? t('generate') : t('needs_connection')}>
                        <ActionIcon
                          variant="subtle"
                          size="xl"
                          aria-label={t('generate')}
                          disabled={!generation.online}
                          loading={generation.busy === row.id}
                          onClick={() => void download(row.id)}
                        >
                          <IconDownload size={20} />
                        </ActionIcon>
                      </Tooltip>
                      {kind.resource === 'sof-report' && (
                        <Tooltip label={t('signing.open')}>
                          <ActionIcon
                            variant="subtle"
                            size="xl"
                            aria-label={t('signing.open')}
                            onClick={() => setSigning(row.id)}
                            data-testid="sof-sign"
                          >
                            <IconSignature size={20} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                      {documents && (
                        <DocumentsButton parent={{ resource: documents, id: row.id }} title={title(index)} />
                      )}
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
      {signing && (
        <Suspense fallback={null}>
          <SignModal projectId={projectId} reportId={signing} onClose={() => setSigning(null)} />
        </Suspense>
      )}
    </div>
  );
}
