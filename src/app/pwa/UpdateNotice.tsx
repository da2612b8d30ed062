// Its own styles: the notices' (NoticeContainer.tsx) may not have loaded yet.
import '@mantine/core/styles/Notification.layer.css';
import { Button, Group, Notification, Portal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../sync/status';
import { reloadIntoNewVersion } from './reload';
import { useUpdateStore } from './update-store';

/**
 * The reload prompt: the user decides when; "Later" keeps working on the current version. When the
 * server said this app is outdated, sync waits for the reload, and the notice says the changes not sent
 * yet are kept; "Later" leaves the sync bar saying it.
 */
export default function UpdateNotice({ outdated = false }: { outdated?: boolean }) {
  const { t } = useTranslation();
  const pending = useSyncStatus((status) => status.pending);
  const dismiss = () =>
    useUpdateStore.setState(outdated ? { outdatedDismissed: true } : { needRefresh: false });
  return (
    <Portal>
      <Notification
        title={t(outdated ? 'update.outdated_title' : 'update.title')}
        withCloseButton
        onClose={dismiss}
        color={outdated ? 'orange' : undefined}
        data-testid="update-prompt"
        data-outdated={outdated}
        style={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          zIndex: 1000,
          maxWidth: 'min(420px, calc(100vw - 32px))',
        }}
      >
        <Text size="sm" mb="sm">
          {outdated
            ? pending > 0
              ? t('update.outdated_text', { count: pending })
              : t('update.outdated_kept')
            : t('update.text')}
        </Text>
        <Group gap="sm">
          <Button onClick={() => void reloadIntoNewVersion()}>{t('update.reload')}</Button>
          <Button variant="default" onClick={dismiss}>
            {t('update.later')}
          </Button>
        </Group>
      </Notification>
    </Portal>
  );
}
