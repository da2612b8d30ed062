import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/download';
import { discardEntry, discardPreview } from '../../store/attention';
import { removeFile, retryFile } from '../../store/blobs';
import type { LocalDb } from '../../store/db';
import { useLocalDb, useNeedsAttention } from '../../store/hooks';
import type { AttentionItem } from '../../store/queries';
import type { BlobEntry } from '../../store/schema';
import { notifySuccess } from '../../ui/notices';
import { refusalKind } from '../documents';
import { AttentionCard } from './AttentionCard';
import { FixModal } from './FixModal';
import classes from './sync.module.css';

type Confirm = { title: string; text: string; action: () => Promise<unknown> };

function FileCard({ db, file, confirm }: { db: LocalDb; file: BlobEntry; confirm: (c: Confirm) => void }) {
  const { t } = useTranslation(['sync', 'documents']);
  return (
    <Card withBorder data-testid="attention-file">
      <Stack gap="xs">
        <Text fw={600}>{t('attention.file', { name: file.name })}</Text>
        <Text size="sm">{t(`documents:refused.${refusalKind(file.last_status)}`)}</Text>
        <Alert color="red" title={t('attention.server_says')}>
          <Text size="sm" className={classes.words}>
            {file.last_error ?? ''}
          </Text>
        </Alert>
        <Group gap="xs">
          <Button variant="light" onClick={() => void retryFile(db, file.id)}>
            {t('attention.file_retry')}
          </Button>
          {/* Whatever the server says, the user can keep the file (its record may be gone for good). */}
          <Button variant="default" onClick={() => saveBlob(file.blob, file.name)}>
            {t('documents:download')}
          </Button>
          <Button
            color="red"
            variant="subtle"
            onClick={() =>
              confirm({
                title: t('attention.file_remove_title'),
                text: t('attention.file_remove_text'),
                action: () => removeFile(db, file.id),
              })
            }
          >
            {t('attention.file_remove')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** "Needs attention": refused changes and files, with the user's data, the server's words and the way out. */
export function AttentionList() {
  const { t } = useTranslation(['sync', 'common']);
  const db = useLocalDb();
  const items = useNeedsAttention();
  const files = useLiveQuery(() => (db ? db.blobs.where('state').equals('failed').toArray() : []), [db]);
  const [fixing, setFixing] = useState<AttentionItem | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  if (!db) return null;

  const askDiscard = async (item: AttentionItem) => {
    const doomed = await discardPreview(db, item.entry.mutation_id);
    const others = doomed.length - 1;
    setConfirm({
      title: t('attention.discard_title'),
      text: others > 0 ? t('attention.discard_dependents', { count: others }) : t('attention.discard_text'),
      action: async () => {
        await discardEntry(db, item.entry.mutation_id);
        notifySuccess(t('attention.discarded'));
      },
    });
  };

  const empty = (items?.length ?? 0) + (files?.length ?? 0) === 0;
  return (
    <Stack gap="sm" data-testid="attention-list">
      <Title order={3}>{t('attention.title')}</Title>
      {empty ? <Text c="dimmed">{t('attention.empty')}</Text> : <Text size="sm">{t('attention.intro')}</Text>}
      {items?.map((item) => (
        <AttentionCard
          key={item.entry.mutation_id}
          db={db}
          item={item}
          onFix={() => setFixing(item)}
          onDiscard={() => void askDiscard(item)}
        />
      ))}
      {files?.map((file) => (
        <FileCard key={file.id} db={db} file={file} confirm={setConfirm} />
      ))}
      {fixing && <FixModal db={db} item={fixing} onClose={() => setFixing(null)} />}
      <Modal opened={confirm !== null} onClose={() => setConfirm(null)} title={confirm?.title} centered>
        <Text mb="lg">{confirm?.text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirm(null)}>
            {t('common:cancel')}
          </Button>
          <Button
            color="red"
            loading={busy}
            data-testid="confirm-discard"
            onClick={() => {
              if (!confirm) return;
              setBusy(true);
              void confirm.action().finally(() => {
                setBusy(false);
                setConfirm(null);
              });
            }}
          >
            {t('attention.discard_confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
