import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { answer } from './guard';

/** "Leave without saving?": stay (the default) or discard the changes and go. Loaded when first asked. */
export default function LeaveDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={opened}
      onClose={() => answer(false)}
      title={t('leave.title')}
      centered
      zIndex={400}
      data-testid="leave-dialog"
    >
      <Text mb="lg">{t('leave.text')}</Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          size="md"
          onClick={() => answer(false)}
          data-autofocus
          data-testid="leave-stay"
        >
          {t('leave.stay')}
        </Button>
        <Button color="red" size="md" onClick={() => answer(true)} data-testid="leave-discard">
          {t('leave.discard')}
        </Button>
      </Group>
    </Modal>
  );
}
