import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUpdateStore } from './update-store';

/** The reload prompt: the user decides when; "Later" keeps working on the current version. */
export default function UpdateNotice() {
  const { t } = useTranslation();
  const applyUpdate = useUpdateStore((state) => state.applyUpdate);
  const dismiss = () => useUpdateStore.setState({ needRefresh: false });
  return (
    <Portal>
      <Notification
        title={t('update.title')}
        withCloseButton
        onClose={dismiss}
        data-testid="update-prompt"
        style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 420 }}
      >
        <Text size="sm" mb="sm">
          {t('update.text')}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void applyUpdate?.()}>{t('update.reload')}</Button>
          <Button variant="default" onClick={dismiss}>
            {t('update.later')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
