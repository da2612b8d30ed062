import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { usePendingState } from '../store/hooks';
import { type PendingState, rowState } from '../store/queries';
import type { SyncMark as RowMark } from '../store/schema';

/**
 * A record not on the server yet: nothing when synced (or not known yet), a yellow "Pending" while its
 * changes wait, a red "Needs attention" when the server refused one. Its texts are the sync namespace's,
 * which the signed-in frame loads with every screen (its sync bar reads them too).
 */
function Mark({ state }: { state: PendingState | undefined }) {
  const { t } = useTranslation('syncbar');
  if (!state || state === 'synced') return null;
  return (
    <Badge
      color={state === 'needs_attention' ? 'red' : 'yellow'}
      variant="light"
      size="sm"
      data-testid="sync-mark"
      data-state={state}
    >
      {t(state === 'needs_attention' ? 'mark.needs_attention' : 'mark.pending')}
    </Badge>
  );
}

/**
 * Where a listed record stands against the server: from the mark its row carries (kept on the row in the
 * same transactions as its outbox entries), so a list reads no more than its own live query, however many
 * rows it shows.
 */
export function SyncMark({ row }: { row: { _sync?: RowMark } }) {
  return <Mark state={rowState(row)} />;
}

/**
 * Where one record a screen shows stands against the server: it reads the record's outbox entries (the
 * source of truth), so it clears as soon as the server's answer is stored.
 */
export function RecordSyncMark({ resource, id }: { resource: ResourceName; id: string | null | undefined }) {
  return <Mark state={usePendingState(resource, id)} />;
}
