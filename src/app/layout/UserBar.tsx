import { Text } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../../features/auth/session';
import { useLogout } from '../../features/auth/useLogout';
import { LanguageSwitch } from './LanguageSwitch';
import classes from './layout.module.css';
import { SettingsButton } from './SettingsButton';
import type { SettingsMenuProps } from './SettingsMenu';

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
  // The settings menu's code is fetched when its icon is pointed at or focused, and the menu takes the
  // icon's place when it is pressed: never between a finger's touch and its lift, which made the
  // element under the finger go away and the tap do nothing (the click goes to neither icon).
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<SettingsMenuProps>; focus: boolean } | null>(
    null,
  );
  const [menuOpened, setMenuOpened] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);
  // Not loaded (offline before the service worker was installed): the next press tries again.
  const fetchMenu = () => void import('./SettingsMenu').catch(() => undefined);
  const openMenu = () => {
    const focus = document.activeElement === standIn.current;
    setMenuOpened(true);
    void import('./SettingsMenu').then(
      (module) => setLoaded((current) => current ?? { Menu: module.default, focus }),
      () => undefined,
    );
  };

  return (
    <header className={classes.userBar} data-testid="user-bar">
      <LanguageSwitch />
      {authenticated && (
        <Text fw={600} data-testid="welcome">
          {t('user_bar.welcome', { name })}
        </Text>
      )}
      {loaded ? (
        <loaded.Menu
          opened={menuOpened}
          onOpenedChange={setMenuOpened}
          takeFocus={loaded.focus}
          onPasswordChange={() => setPasswordOpen(true)}
          onLogout={() => void logout.request()}
        />
      ) : (
        <SettingsButton ref={standIn} onPointerEnter={fetchMenu} onFocus={fetchMenu} onClick={openMenu} />
      )}
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
