import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// Check for a new version every hour while the app stays open on a tablet.
const UPDATE_CHECK_INTERVAL = 60 * 60 * 1000;

declare global {
  interface Window {
    /** Set once the service worker controls the page; the browser tests and the benchmark wait on it. */
    __swRegistered?: boolean;
  }
}

/** Announces a new version with a reload button; the user decides when (never forced). */
export default function UpdatePrompt() {
  const { t } = useTranslation();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      window.__swRegistered = true;
      if (registration)
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_INTERVAL);
    },
  });

  if (!needRefresh) return null;
  return (
    <Portal>
      <Notification
        title={t('update.title')}
        withCloseButton
        onClose={() => setNeedRefresh(false)}
        data-testid="update-prompt"
        style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 1000, maxWidth: 420 }}
      >
        <Text size="sm" mb="sm">
          {t('update.text')}
        </Text>
        <Group gap="sm">
          <Button size="md" onClick={() => void updateServiceWorker(true)}>
            {t('update.reload')}
          </Button>
          <Button size="md" variant="default" onClick={() => setNeedRefresh(false)}>
            {t('update.later')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
