import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { rowState } from '../store/queries';
import type { SyncMark } from '../store/schema';

/** Where a listed record stands: nothing when synced, 'pending' or 'needs attention' otherwise. */
export function SyncBadge({ row }: { row: { _sync?: SyncMark } }) {
  const { t } = useTranslation('ui');
  const state = rowState(row);
  if (state === 'synced') return null;
  const attention = state === 'needs_attention';
  return (
    <Badge
      color={attention ? 'red' : 'yellow'}
      variant="light"
      size="sm"
      data-testid="sync-badge"
      data-state={state}
    >
      {attention ? t('sync.needs_attention') : t('sync.pending')}
    </Badge>
  );
}
