import { Alert, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../api/download';
import { discardEntry, discardPreview, retryEntry } from '../../store/attention';
import { removeFile, retryFile } from '../../store/blobs';
import type { LocalDb } from '../../store/db';
import { useLocalDb, useNeedsAttention } from '../../store/hooks';
import type { AttentionItem } from '../../store/queries';
import type { BlobEntry } from '../../store/schema';
import { notifySuccess } from '../../ui/notices';
import { refusalKind } from '../documents/FileNote';
import { FixModal } from './FixModal';
import { humanize, showValue } from './fixValues';
import classes from './sync.module.css';

type Confirm = { title: string; text: string; action: () => Promise<unknown> };

function ServerWords({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('sync');
  const { entry } = item;
  const lines =
    entry.outcome === 'conflict'
      ? [
          entry.detail === 'deleted'
            ? t('attention.conflict.deleted')
            : t('attention.conflict.other', { detail: entry.detail ?? '' }),
        ]
      : Object.entries(entry.errors ?? {}).flatMap(([field, messages]) =>
          messages.map((message) =>
            field === 'non_field_errors' ? message : `${humanize(field)}: ${message}`,
          ),
        );
  return (
    <Alert color="red" title={t('attention.server_says')} data-testid="server-words">
      <Text size="sm" className={classes.words}>
        {lines.join('\n')}
      </Text>
    </Alert>
  );
}

function UserData({ item }: { item: AttentionItem }) {
  const { t } = useTranslation('sync');
  const data = item.entry.data ?? (item.local ? { ...item.local } : {});
  const rows = Object.entries(data).filter(([name]) => name !== '_sync');
  if (rows.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('attention.your_data')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="user-data">
        <Table.Tbody>
          {rows.map(([name, value]) => (
            <Table.Tr key={name}>
              <Table.Td c="dimmed">{humanize(name)}</Table.Td>
              <Table.Td className={classes.words}>{showValue(value) || t('attention.empty_value')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

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
        <Card key={item.entry.mutation_id} withBorder data-testid="attention-item">
          <Stack gap="xs">
            <Text fw={600}>
              {t(`attention.op.${item.entry.op}`, { resource: humanize(item.entry.resource) })}
            </Text>
            <ServerWords item={item} />
            <UserData item={item} />
            <Group gap="xs">
              {item.entry.op !== 'delete' && (
                <Button onClick={() => setFixing(item)} data-testid="attention-fix">
                  {t('attention.fix')}
                </Button>
              )}
              <Button variant="light" onClick={() => void retryEntry(db, item.entry.mutation_id)}>
                {t('attention.retry')}
              </Button>
              <Button
                color="red"
                variant="subtle"
                onClick={() => void askDiscard(item)}
                data-testid="attention-discard"
              >
                {t('attention.discard')}
              </Button>
            </Group>
          </Stack>
        </Card>
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
