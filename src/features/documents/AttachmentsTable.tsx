import { ActionIcon, Badge, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentParentRef } from '../../api/attachments';
import { type FileItem, useFiles } from '../../sync/files';
import { useConfirmDelete } from '../../ui/ConfirmDelete';
import { IconDownload, IconPlus, IconTrash } from '../../ui/icons';
import { notifyDeleted, notifyInfo } from '../../ui/notices';
import { Pager } from '../../ui/Pager';
import { deleteItem, downloadItem, downloadZip, OfflineError } from './actions';
import { FileNote } from './FileNote';
import { mergeFiles, useServerFiles } from './serverFiles';
import { UploadDialog } from './UploadDialog';

export const DOCUMENTS_PAGE_SIZE = 10;

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
 * item, coil or SOF report): name and description, download and delete per row, download all as ZIP,
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
        <Button
          size="md"
          variant="default"
          leftSection={<IconDownload size={18} />}
          onClick={() => void zip()}
          loading={zipping}
          disabled={documents.length === 0}
          data-testid="documents-zip"
        >
          {t('download_all')}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={500}>
        <Table striped verticalSpacing="xs" data-testid="documents-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('description')}</Table.Th>
              <Table.Th w={120}>{t('actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {files !== undefined && documents.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={3}>
                  <Text c="dimmed" size="sm">
                    {t('empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {rows.map((item) => (
              <Table.Tr key={item.id} data-testid="document-row" data-name={item.name}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {item.name}
                    </Text>
                    <StateMark item={item} />
                  </Group>
                  <FileNote item={item} />
                </Table.Td>
                <Table.Td data-testid="document-description">{item.description ?? ''}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('download')}>
                      <ActionIcon
                        size="xl"
                        variant="subtle"
                        aria-label={t('download')}
                        onClick={() => void downloadItem(item).catch(offline)}
                      >
                        <IconDownload size={20} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('delete')}>
                      <ActionIcon
                        size="xl"
                        variant="subtle"
                        color="red"
                        aria-label={t('delete')}
                        onClick={() => askDelete(item)}
                      >
                        <IconTrash size={20} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
