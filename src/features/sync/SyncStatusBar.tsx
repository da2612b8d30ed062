import { Badge, Group, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setStampUser } from '../../sync/files/stamp';
import { attentionCount, filesOnTheirWay, useSyncStatus } from '../../sync/status';
import { lazyPart } from '../../ui/LoadBoundary';
import { displayName, useSession } from '../auth';
import { formatMegabytes, formatRelative } from './format';
import classes from './sync.module.css';

const SyncDrawer = lazyPart(() => import('./SyncDrawer'));

/** Re-renders every `ms` so relative times ("2 minutes ago") stay true. */
function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/**
 * Always visible in the signed-in frame: online or not, changes and files waiting, what needs attention,
 * and the last sync. Opens the sync panel.
 */
export function SyncStatusBar() {
  const { t, i18n } = useTranslation('syncbar');
  const status = useSyncStatus();
  const name = useSession(displayName);
  const [open, setOpen] = useState(false);
  const now = useTick(30_000);
  // Photos are stamped with who took them (the photo code itself loads with the first photo).
  useEffect(() => setStampUser(() => name || null), [name]);
  useEffect(() => {
    // Browser tests and the bench only; the condition is constant, so the product build drops the module.
    if (import.meta.env.VITE_E2E_HOOKS === '1')
      void import('./e2eHooks').then((hooks) => hooks.installE2eHooks());
  }, []);

  const lastSync = [status.last_push_at, status.last_pull_at]
    .filter((value): value is string => Boolean(value))
    .sort()
    .at(-1);
  const nothingWaits = status.pending + status.files_pending + status.needs_attention === 0;
  const attention = attentionCount(status);
  const files = filesOnTheirWay(status);

  return (
    <>
      <UnstyledButton
        className={classes.bar}
        onClick={() => setOpen(true)}
        data-testid="sync-status"
        data-online={status.online}
        data-pending={status.pending}
        data-files={status.files_pending}
        data-attention={attention}
      >
        {/* The name is the purpose plus what the bar shows (an aria-label would hide the visible words). */}
        <span className="sr-only">{t('bar.open')}</span>
        <Group gap="xs" wrap="wrap">
          <Badge color={status.online ? 'green' : 'gray'} variant="dot" data-testid="sync-online">
            {t(status.online ? 'bar.online' : 'bar.offline')}
          </Badge>
          {status.pending > 0 && (
            <Badge color="yellow" variant="light" data-testid="sync-pending">
              {t('bar.pending', { count: status.pending })}
            </Badge>
          )}
          {files.count > 0 && (
            <Badge color="yellow" variant="light" data-testid="sync-files">
              {t('bar.files', {
                count: files.count,
                size: formatMegabytes(files.bytes, i18n.language),
              })}
            </Badge>
          )}
          {attention > 0 && (
            <Badge color="red" variant="filled" data-testid="sync-attention">
              {t('bar.attention', { count: attention })}
            </Badge>
          )}
          {status.phase === 'needs-sign-in' && (
            <Badge color="red" variant="light">
              {t('bar.sign_in')}
            </Badge>
          )}
          {status.phase === 'app-outdated' && (
            <Badge color="orange" variant="light" data-testid="sync-outdated">
              {t('bar.reload')}
            </Badge>
          )}
          <Text size="sm" c="dimmed" data-testid="sync-last">
            {status.phase === 'syncing'
              ? t('bar.syncing')
              : nothingWaits && lastSync
                ? t('bar.synced')
                : lastSync
                  ? t('bar.last_sync', { when: formatRelative(lastSync, i18n.language, now) })
                  : t('bar.never')}
          </Text>
        </Group>
      </UnstyledButton>
      {open && <SyncDrawer opened={open} onClose={() => setOpen(false)} />}
    </>
  );
}
