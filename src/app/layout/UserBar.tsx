import { ActionIcon, Menu, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../../features/auth/session';
import { useLogout } from '../../features/auth/useLogout';
import { IconKey, IconLogout, IconSettings } from '../../ui/icons';
import { LanguageSwitch } from './LanguageSwitch';
import classes from './layout.module.css';

// The two dialogs load when first needed, not with the first signed-in screen.
const PasswordChangeModal = lazy(() =>
  import('../../features/auth/PasswordChangeModal').then((module) => ({
    default: module.PasswordChangeModal,
  })),
);
const LogoutConfirmModal = lazy(() =>
  import('../../features/auth/LogoutConfirmModal').then((module) => ({ default: module.LogoutConfirmModal })),
);

export function UserBar() {
  const { t } = useTranslation(['common', 'auth']);
  const name = useSession(displayName);
  const authenticated = useSession((state) => state.authenticated);
  const logout = useLogout();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Each dialog stays mounted once opened, so closing keeps its transition.
  const [passwordUsed, setPasswordUsed] = useState(false);
  if (passwordOpen && !passwordUsed) setPasswordUsed(true);
  const [logoutUsed, setLogoutUsed] = useState(false);
  if (logout.pending !== null && !logoutUsed) setLogoutUsed(true);

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
      <Suspense fallback={null}>
        {passwordUsed && <PasswordChangeModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />}
        {logoutUsed && (
          <LogoutConfirmModal
            pending={logout.pending}
            busy={logout.busy}
            onConfirm={() => void logout.confirm()}
            onCancel={logout.cancel}
          />
        )}
      </Suspense>
    </header>
  );
}
