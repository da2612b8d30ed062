import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  pending: number | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function LogoutConfirmModal({ pending, busy, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('auth');
  return (
    <Modal opened={pending !== null} onClose={onCancel} title={t('logout.pending_title')} centered>
      <Text mb="lg">{t('logout.pending_text', { count: pending ?? 0 })}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('logout.cancel')}
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm} data-testid="logout-confirm">
          {t('logout.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
