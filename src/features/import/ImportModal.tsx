import { Alert, Button, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../../api/http';
import type { ImportOutcome } from '../../api/import';
import { downloadImportTemplate } from '../../api/import';
import { uuidv7 } from '../../domain/ids';
import type { ImportRefusal } from '../../domain/import-wire';
import { queueImport, sendImport } from '../../sync/files/imports';
import { syncNow } from '../../sync/running';
import { notifyApiError, notifySuccess } from '../../ui/notices';
import { ImportErrors } from './ImportErrors';
import { hasIgnored, ImportIgnored } from './ImportIgnored';

type Shown =
  | { kind: 'errors'; refusal: ImportRefusal }
  | { kind: 'queued' }
  | { kind: 'imported'; outcome: ImportOutcome }
  | null;

/**
 * Import a packing list (.xlsx or .csv). Online the file goes to the server at once and its refusal is
 * shown by row and column; offline (or the server away) it waits on the device and is sent with the
 * next sync, and the items arrive with the pull after it.
 */
export function ImportModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('packing');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  // One key per chosen file: pressing Import again after a lost answer is the same import.
  const [key, setKey] = useState(() => uuidv7());

  // Opened again, the dialog starts clean: last time's 'kept offline' note or refusal belongs to that file.
  const close = () => {
    setShown(null);
    onClose();
  };
  async function importFile() {
    // A second press while the file is on its way is the same import: nothing is sent twice.
    if (!file || busy) return;
    setBusy(true);
    setShown(null);
    try {
      const result = isOnline()
        ? await sendImport(projectId, file, file.name, key)
        : { kind: 'later' as const };
      if (result.kind === 'imported') {
        const { created, updated, unchanged } = result.outcome;
        notifySuccess(t('import.done', { created, updated, unchanged }));
        void syncNow().catch(() => {});
        setFile(null);
        // Columns left unread stay on screen until the clerk closes the dialog: a notice would vanish.
        if (hasIgnored(result.outcome)) setShown({ kind: 'imported', outcome: result.outcome });
        else onClose();
      } else if (result.kind === 'refused') setShown({ kind: 'errors', refusal: result.refusal });
      else {
        await queueImport(projectId, file);
        setShown({ kind: 'queued' });
        setFile(null);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal opened={opened} onClose={close} title={t('import.title')} size="xl" data-testid="import-modal">
      <Stack gap="sm">
        <Text size="sm">{t('import.help')}</Text>
        <FileInput
          size="md"
          label={t('import.file')}
          // What the server reads: .xlsx, and text (.csv; .tsv, .txt and the tab-separated ".xls" of ERPs).
          accept=".xlsx,.csv,.tsv,.txt,.xls,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          value={file}
          onChange={(next) => {
            setFile(next);
            setKey(uuidv7());
            setShown(null);
          }}
          clearable
          disabled={busy}
          data-testid="import-file"
        />
        {busy && (
          <Stack gap={4} data-testid="import-progress">
            <Text size="sm">{t('import.sending', { name: file?.name ?? '' })}</Text>
            <Progress
              value={100}
              animated
              striped
              aria-label={t('import.sending', { name: file?.name ?? '' })}
            />
          </Stack>
        )}
        {shown?.kind === 'errors' && <ImportErrors refusal={shown.refusal} />}
        {shown?.kind === 'imported' && (
          <Stack gap={4}>
            <Alert color="green" data-testid="import-done">
              {t('import.done', {
                created: shown.outcome.created,
                updated: shown.outcome.updated,
                unchanged: shown.outcome.unchanged,
              })}
            </Alert>
            <ImportIgnored outcome={shown.outcome} />
          </Stack>
        )}
        {shown?.kind === 'queued' && (
          <Alert color="yellow" data-testid="import-queued">
            {t('import.queued')}
          </Alert>
        )}
        <Group justify="space-between" mt="md">
          <Button
            variant="subtle"
            size="md"
            onClick={() => void downloadImportTemplate().catch(notifyApiError)}
          >
            {t('import.template')}
          </Button>
          <Group gap="xs">
            <Button variant="default" size="md" onClick={close}>
              {t('close')}
            </Button>
            <Button
              size="md"
              onClick={() => void importFile()}
              loading={busy}
              disabled={!file}
              data-testid="import-submit"
            >
              {t('import.submit')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
