import { Badge, Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { type FileItem, useFiles } from '../../sync/files';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { IconDownload, IconPlus, IconTrash } from '../../ui/icons';
import { DataTable } from '../../ui/list/DataTable';
import { notifyDeleted, notifyInfo } from '../../ui/notices';
import { Pager } from '../../ui/Pager';
import { RowAction } from '../../ui/RowActions';
import { deleteItem, downloadItem, downloadZip, OfflineError } from './actions';
import { DownloadAll } from './DownloadAll';
import classes from './documents.module.css';
import { FileNote } from './FileNote';
import { mergeFiles, useServerFiles } from './serverFiles';
import { UploadDialog } from './UploadDialog';

const DOCUMENTS_PAGE_SIZE = 10;

function StateMark({ item }: { item: FileItem }) {
  const { t } = useTranslation('documents');
  if (item.state === 'synced') return null;
  const color = item.state === 'needs_attention' ? 'red' : 'yellow';
  return (
    <Badge
      color={color}
      variant="light"
      size="sm"
      data-testid="file-state"
      data-state={item.state}
      title={item.error ?? undefined}
    >
      {t(`state.${item.state}`)}
    </Badge>
  );
}

/**
 * The documents of any record that carries attachments (project, incidence, container report, packing
 * item, coil or SOF report): name and description, download and delete per row, download all as ZIP
 * or as a claim bundle,
 * upload several, paging. Read from the device: files waiting to upload show at once.
 */
export function AttachmentsTable({ parent }: { parent: AttachmentParentRef }) {
  const { t } = useTranslation('documents');
  const files = useFiles(parent);
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [zipping, setZipping] = useState(false);
  // Deleted on the server: hidden until the pull brings the tombstone.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const confirm = useConfirmDelete();
  const server = useServerFiles(parent, gone.size);
  const documents = mergeFiles(files ?? [], server).filter((item) => !item.is_image && !gone.has(item.id));
  const last = Math.max(1, Math.ceil(documents.length / DOCUMENTS_PAGE_SIZE));
  const shownPage = Math.min(page, last);
  const rows = documents.slice((shownPage - 1) * DOCUMENTS_PAGE_SIZE, shownPage * DOCUMENTS_PAGE_SIZE);

  const offline = (error: unknown) => {
    if (error instanceof OfflineError) notifyInfo(t('needs_connection'));
  };
  async function zip() {
    setZipping(true);
    try {
      await downloadZip(parent);
    } catch (error) {
      offline(error);
    } finally {
      setZipping(false);
    }
  }
  const askDelete = (item: FileItem) =>
    confirm.ask(item.name, async () => {
      try {
        await deleteItem(item);
        setGone((current) => new Set([...current, item.id]));
        notifyDeleted();
      } catch (error) {
        offline(error);
      }
    });

  return (
    <>
      <Group justify="space-between" mb="sm">
        <Button
          size="md"
          leftSection={<IconPlus size={18} />}
          onClick={() => setUploading(true)}
          data-testid="documents-upload"
        >
          {t('upload.open')}
        </Button>
        <DownloadAll
          parent={parent}
          zip={() => void zip()}
          zipping={zipping}
          noDocuments={documents.length === 0}
        />
      </Group>
      <DataTable<FileItem>
        rows={files === undefined ? undefined : rows}
        rowKey={(item) => item.id}
        testId="documents-table"
        rowTestId="document-row"
        rowData={(item) => ({ 'data-name': item.name })}
        label={t('title')}
        empty={t('empty')}
        title={{
          header: t('name'),
          cell: (item) => <span className={classes.name}>{item.name}</span>,
          sub: (item) => <FileNote item={item} />,
        }}
        marks={(item) => <StateMark item={item} />}
        columns={[
          {
            key: 'description',
            header: t('description'),
            cell: (item) => <span data-testid="document-description">{item.description ?? ''}</span>,
          },
        ]}
        actions={(item) => (
          <Group gap={4} wrap="nowrap">
            <RowAction
              label={t('download')}
              icon={<IconDownload size={20} />}
              onClick={() => void downloadItem(item).catch(offline)}
            />
            <RowAction
              label={t('delete')}
              color="red"
              icon={<IconTrash size={20} />}
              onClick={() => askDelete(item)}
            />
          </Group>
        )}
      />
      <Pager
        name="documents-pager"
        page={shownPage}
        pageSize={DOCUMENTS_PAGE_SIZE}
        total={documents.length}
        onChange={setPage}
      />
      <UploadDialog parent={parent} opened={uploading} onClose={() => setUploading(false)} />
      {confirm.dialog}
    </>
  );
}
