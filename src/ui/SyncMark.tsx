import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../domain/registry';
import { usePendingState } from '../store/hooks';
import { UnsyncedBadge } from './SyncBadge';

interface Props {
  resource: ResourceName;
  id: string | null | undefined;
}

/**
 * Where a record stands against the server, for any screen that lists or shows one: nothing when it is
 * synced, "Pending" while its changes wait, "Needs attention" when the server refused one. It reads the
 * outbox (the source of truth), so it clears as soon as the server's answer is stored.
 */
export function SyncMark({ resource, id }: Props) {
  const { t } = useTranslation('sync');
  const state = usePendingState(resource, id);
  if (!state || state === 'synced') return null;
  return (
    <UnsyncedBadge state={state} data-testid="sync-mark" data-resource={resource} data-id={id ?? undefined}>
      {t(state === 'needs_attention' ? 'mark.needs_attention' : 'mark.pending')}
    </UnsyncedBadge>
  );
}
