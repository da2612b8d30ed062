import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { usePendingState } from '../store/hooks';
import { type PendingState, rowState } from '../store/queries';
import type { SyncMark as RowMark } from '../store/schema';
import { UnsyncedBadge } from './SyncBadge';

interface MarkProps {
  resource: ResourceName;
  id: string | null | undefined;
  state: PendingState | undefined;
}

/** Nothing when synced (or not known yet), "Pending" while its changes wait, "Needs attention" when refused. */
function Mark({ resource, id, state }: MarkProps) {
  const { t } = useTranslation('sync');
  if (!state || state === 'synced') return null;
  return (
    <UnsyncedBadge state={state} data-testid="sync-mark" data-resource={resource} data-id={id ?? undefined}>
      {t(state === 'needs_attention' ? 'mark.needs_attention' : 'mark.pending')}
    </UnsyncedBadge>
  );
}

/**
 * Where a listed record stands against the server: from the mark its row carries (kept on the row in the
 * same transactions as its outbox entries), so a list reads no more than its own live query, however many
 * rows it shows.
 */
export function SyncMark({
  resource,
  row,
}: {
  resource: ResourceName;
  row: { id: string; _sync?: RowMark };
}) {
  return <Mark resource={resource} id={row.id} state={rowState(row)} />;
}

/**
 * Where one record a screen shows stands against the server: it reads the record's outbox entries (the
 * source of truth), so it clears as soon as the server's answer is stored.
 */
export function RecordSyncMark({ resource, id }: { resource: ResourceName; id: string | null | undefined }) {
  return <Mark resource={resource} id={id} state={usePendingState(resource, id)} />;
}
