import { Button, Group, Modal, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Pending {
  title: string;
  action: () => Promise<unknown>;
}

/**
 * The spec's delete confirmation ('Delete {title}?', 'This action can NOT be undone'). `ask` opens it;
 * the action runs only on Delete, and the dialog stays open with the button busy until it is done.
 */
export function useConfirmDelete() {
  const { t } = useTranslation('ui');
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const ask = useCallback(
    (title: string, action: () => Promise<unknown>) => setPending({ title, action }),
    [],
  );
  const close = () => {
    if (!busy) setPending(null);
  };
  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.action();
      setPending(null);
    } finally {
      setBusy(false);
    }
  }
  const dialog = (
    <Modal
      opened={pending !== null}
      onClose={close}
      title={t('confirm_delete.title', { title: pending?.title ?? '' })}
      centered
      data-testid="confirm-delete"
    >
      <Text mb="lg">{t('confirm_delete.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={close} disabled={busy}>
          {t('confirm_delete.cancel')}
        </Button>
        <Button color="red" size="md" onClick={() => void confirm()} loading={busy}>
          {t('confirm_delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
  return { ask, dialog };
}
