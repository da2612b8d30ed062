import { Alert, Button, FileButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addFiles, type FileParent } from '../../sync/files';

interface Chosen {
  key: number;
  file: File;
  description: string;
}

let nextKey = 1;

/** A description left empty is the file's name (the spec's rule). */
export const descriptionOf = (chosen: Chosen) => chosen.description.trim() || chosen.file.name;

interface Props {
  parent: FileParent;
  opened: boolean;
  onClose: () => void;
}

/**
 * Several documents at once, each with its own description. They are kept on the device and uploaded by
 * the sync, so this works offline; a failure keeps the files and what was typed.
 */
export function UploadDialog({ parent, opened, onClose }: Props) {
  const { t } = useTranslation('documents');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setChosen([]);
    setError(null);
    onClose();
  };
  async function upload() {
    setBusy(true);
    setError(null);
    try {
      // One call per file: each carries its own description.
      // A file kept is taken off the list, so a failure leaves only the ones still to keep, as typed.
      for (const item of chosen) {
        await addFiles(parent, [item.file], { description: descriptionOf(item), isImage: false });
        setChosen((current) => current.slice(1));
      }
      setChosen([]);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened={opened} onClose={close} title={t('upload.title')} size="lg" data-testid="upload-dialog">
      <Stack gap="sm">
        <FileButton
          multiple
          onChange={(files) =>
            setChosen((current) => [
              ...current,
              ...files.map((file) => ({ key: nextKey++, file, description: '' })),
            ])
          }
        >
          {(props) => (
            <Button variant="default" size="md" {...props} data-testid="upload-choose">
              {t('upload.choose')}
            </Button>
          )}
        </FileButton>
        {chosen.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('upload.none')}
          </Text>
        )}
        {chosen.map((item, index) => (
          <Group key={item.key} align="flex-end" wrap="nowrap" data-testid="upload-row">
            <TextInput
              style={{ flex: 1 }}
              size="md"
              label={item.file.name}
              placeholder={item.file.name}
              description={t('upload.default_hint')}
              value={item.description}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setChosen((current) =>
                  current.map((c, i) => (i === index ? { ...c, description: value } : c)),
                );
              }}
              data-testid="upload-description"
            />
            <Button
              variant="subtle"
              color="red"
              size="md"
              onClick={() => setChosen((current) => current.filter((_, i) => i !== index))}
            >
              {t('upload.remove')}
            </Button>
          </Group>
        ))}
        {error && (
          <Alert color="red" data-testid="upload-error">
            {t('upload.failed', { error })}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="md" onClick={close} disabled={busy}>
            {t('close')}
          </Button>
          <Button
            size="md"
            onClick={() => void upload()}
            loading={busy}
            disabled={chosen.length === 0}
            data-testid="upload-submit"
          >
            {t('upload.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
