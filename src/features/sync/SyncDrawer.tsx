import { Button, Divider, Drawer, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUnits } from '../../domain/numbers';
import { hasBackgroundSync } from '../../sync/background';
import { getFileUploader } from '../../sync/companions';
import { getSyncEngine } from '../../sync/lifecycle';
import { attentionCount, filesOnTheirWay, useSyncStatus } from '../../sync/status';
import { formatDateTime } from '../../ui/format';
import { AttentionList } from './AttentionList';
import { DeviceName } from './DeviceName';
import { formatMegabytes, formatRelative, formatStorage } from './format';

interface Props {
  opened: boolean;
  onClose: () => void;
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** The sync panel: status in detail, storage, device name, "sync now", first-sync progress, attention. */
export default function SyncDrawer({ opened, onClose }: Props) {
  const { t, i18n } = useTranslation(['sync', 'syncbar', 'common']);
  const status = useSyncStatus();
  const [busy, setBusy] = useState(false);
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  const language = i18n.language;
  const units = (count: number) => formatUnits(count, language);

  const syncNow = async () => {
    setBusy(true);
    try {
      await Promise.all([
        getSyncEngine()?.syncNow(),
        getFileUploader().then((uploader) => uploader?.retryNow()),
      ]);
    } finally {
      setBusy(false);
    }
  };

  const { firstSync, storage } = status;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Title order={2}>{t('panel.title')}</Title>}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="sync-panel"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Row label={t('panel.status')} value={t(`panel.phase.${status.phase}`)} testId="sync-phase" />
          <Row
            label={t('panel.connection')}
            value={t(status.online ? 'syncbar:bar.online' : 'syncbar:bar.offline')}
          />
          <Row
            label={t('panel.live')}
            value={t(status.live ? 'panel.live_on' : 'panel.live_off')}
            testId="sync-live"
          />
          <Row label={t('panel.pending')} value={units(status.pending)} testId="sync-panel-pending" />
          <Row
            label={t('panel.files')}
            value={`${units(filesOnTheirWay(status).count)} (${formatMegabytes(filesOnTheirWay(status).bytes, language)})`}
          />
          <Row label={t('panel.attention')} value={units(attentionCount(status))} />
          <Row label={t('panel.last_push')} value={when(status.last_push_at)} />
          <Row label={t('panel.last_pull')} value={when(status.last_pull_at)} />
          {status.lastError && <Row label={t('panel.last_error')} value={status.lastError} />}
          {status.backoffUntil && (
            <Text size="sm" c="dimmed">
              {t('panel.retry_at', { when: formatRelative(status.backoffUntil, language) })}
            </Text>
          )}
        </Stack>
        <Button
          onClick={() => void syncNow()}
          loading={busy}
          disabled={!status.online}
          data-testid="sync-now"
        >
          {t('panel.sync_now')}
        </Button>
        {firstSync && (
          <Stack gap={4} data-testid="first-sync">
            <Text size="sm">{t('panel.first_sync', { scope: firstSync.scope })}</Text>
            <Progress
              value={firstSync.total ? (100 * firstSync.rows) / firstSync.total : 100}
              animated={!firstSync.total}
            />
            <Text size="sm" c="dimmed">
              {firstSync.total
                ? t('panel.first_sync_rows', { rows: units(firstSync.rows), total: units(firstSync.total) })
                : t('panel.first_sync_rows_unknown', { rows: units(firstSync.rows) })}
            </Text>
          </Stack>
        )}
        <Divider />
        <Stack gap={4}>
          <Text fw={600}>{t('panel.storage')}</Text>
          <Text size="sm" data-testid="sync-storage">
            {storage.usage !== null && storage.quota !== null
              ? t('panel.storage_used', {
                  used: formatStorage(storage.usage, language),
                  quota: formatStorage(storage.quota, language),
                })
              : t('panel.storage_unknown')}
          </Text>
          {storage.persisted !== null && (
            <Text size="sm" c="dimmed">
              {t(storage.persisted ? 'panel.persisted' : 'panel.not_persisted')}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t(hasBackgroundSync() ? 'panel.background_sync' : 'panel.no_background_sync')}
          </Text>
        </Stack>
        <DeviceName />
        <Divider />
        <AttentionList />
      </Stack>
    </Drawer>
  );
}
