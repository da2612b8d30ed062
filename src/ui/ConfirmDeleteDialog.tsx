import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** The dialog of useConfirmDelete (./ConfirmDelete.tsx), loaded with the first deletion asked. */
export default function ConfirmDeleteDialog({ title, busy, onClose, onConfirm }: Props) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={title !== null}
      onClose={onClose}
      title={t('confirm_delete.title', { title: title ?? '' })}
      centered
      data-testid="confirm-delete"
    >
      <Text mb="lg">{t('confirm_delete.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" size="md" onClick={onClose} disabled={busy}>
          {t('confirm_delete.cancel')}
        </Button>
        <Button color="red" size="md" onClick={onConfirm} loading={busy}>
          {t('confirm_delete.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
