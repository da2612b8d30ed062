import { ActionIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { update } from '../../store/active';
import { notifyApiError } from '../../ui/notices';
import { WarningIcon } from '../packing-list';

/**
 * The row's attention icon: red when the incidence requires attention, faint when not; a press turns
 * requires_attention over in the local store (so offline too) and queues the change for the server.
 */
export function AttentionToggle({ id, on }: { id: string; on: boolean }) {
  const { t } = useTranslation('incidences');
  const label = t(on ? 'attention.on' : 'attention.off');
  const toggle = () => {
    update('incidence', id, { requires_attention: !on }).catch(
      (error: unknown) => void notifyApiError(error),
    );
  };
  return (
    <ActionIcon
      variant={on ? 'light' : 'subtle'}
      color={on ? 'red' : 'gray'}
      size="xl"
      aria-label={t('requires_attention')}
      title={label}
      aria-pressed={on}
      data-testid="attention-toggle"
      onClick={toggle}
    >
      <WarningIcon />
    </ActionIcon>
  );
}
