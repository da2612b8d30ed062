import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rowState } from '../store/queries';
import type { SyncMark } from '../store/schema';

interface UnsyncedBadgeProps {
  state: SyncMark;
  children: ReactNode;
  'data-testid': string;
  'data-resource'?: string;
  'data-id'?: string;
}

/** A record not synced: yellow while its changes wait, red when the server refused one. */
export function UnsyncedBadge({ state, children, ...data }: UnsyncedBadgeProps) {
  return (
    <Badge
      color={state === 'needs_attention' ? 'red' : 'yellow'}
      variant="light"
      size="sm"
      data-state={state}
      {...data}
    >
      {children}
    </Badge>
  );
}

/** Where a listed record stands: nothing when synced, 'pending' or 'needs attention' otherwise. */
export function SyncBadge({ row }: { row: { _sync?: SyncMark } }) {
  const { t } = useTranslation('ui');
  const state = rowState(row);
  if (state === 'synced') return null;
  return (
    <UnsyncedBadge state={state} data-testid="sync-badge">
      {t(state === 'needs_attention' ? 'sync.needs_attention' : 'sync.pending')}
    </UnsyncedBadge>
  );
}
