import { Alert, Button, FileButton, Group, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
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
const descriptionOf = (chosen: Chosen) => chosen.description.trim() || chosen.file.name;

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
  // Files kept so far in this send (the progress of a long one); the list is fixed while it runs.
  const [kept, setKept] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setChosen([]);
    setError(null);
    onClose();
  };
  async function upload() {
    // A second press (or Enter) while sending is the same send, never a second copy of the files.
    if (busy) return;
    setBusy(true);
    setError(null);
    const sending = chosen;
    setKept({ done: 0, total: sending.length });
    try {
      // One call per file: each carries its own description.
      // A file kept is taken off the list, so a failure leaves only the ones still to keep, as typed.
      for (const [index, item] of sending.entries()) {
        await addFiles(parent, [item.file], { description: descriptionOf(item), isImage: false });
        setChosen((current) => current.filter((c) => c.key !== item.key));
        setKept({ done: index + 1, total: sending.length });
      }
      setChosen([]);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
      setKept(null);
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
              // The description starts as the file's name, shown and editable.
              ...files.map((file) => ({ key: nextKey++, file, description: file.name })),
            ])
          }
        >
          {(props) => (
            <Button variant="default" size="md" {...props} disabled={busy} data-testid="upload-choose">
              {t('upload.choose')}
            </Button>
          )}
        </FileButton>
        {chosen.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('upload.none')}
          </Text>
        )}
        {chosen.map((item) => (
          <Group
            key={item.key}
            align="flex-end"
            wrap="nowrap"
            data-testid="upload-row"
            data-name={item.file.name}
          >
            <TextInput
              style={{ flex: 1 }}
              size="md"
              label={item.file.name}
              placeholder={item.file.name}
              description={t('upload.default_hint')}
              value={item.description}
              disabled={busy}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setChosen((current) =>
                  current.map((c) => (c.key === item.key ? { ...c, description: value } : c)),
                );
              }}
              data-testid="upload-description"
            />
            <Button
              variant="subtle"
              color="red"
              size="md"
              disabled={busy}
              aria-label={t('upload.remove_named', { name: item.file.name })}
              onClick={() => setChosen((current) => current.filter((c) => c.key !== item.key))}
              data-testid="upload-remove"
            >
              {t('upload.remove')}
            </Button>
          </Group>
        ))}
        {kept && (
          <Stack gap={4} data-testid="upload-progress">
            <Text size="sm">{t('upload.progress', { done: kept.done, total: kept.total })}</Text>
            <Progress
              value={kept.total ? (100 * kept.done) / kept.total : 0}
              aria-label={t('upload.progress', { done: kept.done, total: kept.total })}
            />
          </Stack>
        )}
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
