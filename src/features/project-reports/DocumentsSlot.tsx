// SLOT for the shared documents section (src/features/documents, being built): until it lands, a record's
// documents are listed from the device and the server's pulled rows (useFiles) and added through the file
// queue, which works offline. Replace the modal's body with the documents section once it exists.
import { ActionIcon, Badge, Button, FileButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, type FileParent, useFiles } from '../../sync/files';
import { IconFile, IconPlus } from '../../ui/icons';

export function DocumentsList({ parent }: { parent: FileParent }) {
  const { t } = useTranslation('reports');
  const files = useFiles(parent);
  const [busy, setBusy] = useState(false);
  async function add(chosen: File[]) {
    if (chosen.length === 0) return;
    setBusy(true);
    try {
      await addFiles(parent, chosen, { isImage: false });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Stack gap="xs" data-testid="documents-slot">
      {files?.length === 0 && <Text c="dimmed">{t('documents.empty')}</Text>}
      {files?.map((file) => (
        <Group key={file.id} justify="space-between" data-testid="document-row">
          <Text size="sm">{file.description || file.name}</Text>
          {file.state !== 'synced' && (
            <Badge size="sm" variant="light" color={file.state === 'needs_attention' ? 'red' : 'yellow'}>
              {t(`documents.state.${file.state}`)}
            </Badge>
          )}
        </Group>
      ))}
      <Group>
        <FileButton multiple onChange={(chosen) => void add(chosen)}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="md"
              loading={busy}
              leftSection={<IconPlus size={18} />}
            >
              {t('documents.add')}
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

/** The row action 'documents': the record's documents in a modal. */
export function DocumentsButton({ parent, title }: { parent: FileParent; title: string }) {
  const { t } = useTranslation('reports');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip label={t('documents.title')}>
        <ActionIcon
          variant="subtle"
          size="xl"
          aria-label={t('documents.title')}
          onClick={() => setOpened(true)}
        >
          <IconFile size={20} />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${t('documents.title')}: ${title}`}
        size="lg"
      >
        {opened && <DocumentsList parent={parent} />}
      </Modal>
    </>
  );
}
