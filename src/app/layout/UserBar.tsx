import { ActionIcon, Menu, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoutConfirmModal } from '../../features/auth/LogoutConfirmModal';
import { PasswordChangeModal } from '../../features/auth/PasswordChangeModal';
import { displayName, useSession } from '../../features/auth/session';
import { useLogout } from '../../features/auth/useLogout';
import { IconKey, IconLogout, IconSettings } from '../../ui/icons';
import { LanguageSwitch } from './LanguageSwitch';
import classes from './layout.module.css';

export function UserBar() {
  const { t } = useTranslation(['common', 'auth']);
  const name = useSession(displayName);
  const authenticated = useSession((state) => state.authenticated);
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);

  return (
    <header className={classes.userBar} data-testid="user-bar">
      <LanguageSwitch />
      {authenticated && (
        <Text fw={600} data-testid="welcome">
          {t('user_bar.welcome', { name })}
        </Text>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="dark"
            aria-label={t('user_bar.settings')}
            data-testid="settings"
          >
            <IconSettings />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={18} />} onClick={() => setPasswordOpen(true)} mih={44}>
            {t('auth:password_change.action')}
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={18} />} onClick={() => void logout.request()} mih={44}>
            {t('auth:logout.action')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <PasswordChangeModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <LogoutConfirmModal
        pending={logout.pending}
        busy={logout.busy}
        onConfirm={() => void logout.confirm()}
        onCancel={logout.cancel}
      />
    </header>
  );
}
