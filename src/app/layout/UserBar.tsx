import { Text } from '@mantine/core';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayName, useSession } from '../../features/auth';
import { IconMenu } from '../../ui/icons';
import { Link } from '../../ui/Link';
import { lazyPart } from '../../ui/LoadBoundary';
import { useMedia, WIDE } from '../../ui/useMedia';
import { LanguageSwitch } from './LanguageSwitch';
import classes from './layout.module.css';
import { SettingsButton } from './SettingsButton';
import type { SettingsMenuProps } from './SettingsMenu';
import { useLogout } from './useLogout';

// The two dialogs load when first needed, not with the first signed-in screen.
const PasswordChangeModal = lazyPart(async () => ({
  default: (await import('../../features/auth/PasswordChangeModal')).PasswordChangeModal,
}));
const LogoutConfirmModal = lazyPart(async () => ({
  default: (await import('../../features/auth/LogoutConfirmModal')).LogoutConfirmModal,
}));

interface UserBarProps {
  /** The navigation drawer (below the wide breakpoint) is open. */
  menuOpen: boolean;
  onMenu: () => void;
}

/**
 * The top bar: below the wide breakpoint the Menu button and the small logo (the navigation is a drawer),
 * then the language switch, the greeting (where there is room) and the settings menu.
 */
export function UserBar({ menuOpen, onMenu }: UserBarProps) {
  const { t, i18n } = useTranslation('common');
  const wide = useMedia(WIDE);
  const menuButton = useRef<HTMLButtonElement>(null);
  // The drawer closed: the focus comes back to the button that opened it.
  const wasOpen = useRef(menuOpen);
  useEffect(() => {
    if (wasOpen.current && !menuOpen) menuButton.current?.focus();
    wasOpen.current = menuOpen;
  }, [menuOpen]);
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
  // Not loaded (offline before the service worker was installed): the next press tries again. Its texts
  // (and the dialogs') are the 'auth' namespace, which the first screen does not load: they come with it,
  // so the menu never waits for them once shown.
  const loadMenu = () =>
    Promise.all([import('./SettingsMenu'), i18n.loadNamespaces('auth')]).then(([module]) => module);
  const fetchMenu = () => void loadMenu().catch(() => undefined);
  const openMenu = () => {
    const focus = document.activeElement === standIn.current;
    setMenuOpened(true);
    void loadMenu().then(
      (module) => setLoaded((current) => current ?? { Menu: module.default, focus }),
      () => undefined,
    );
  };

  return (
    <header className={classes.userBar} data-testid="user-bar">
      {!wide && (
        <div className={classes.barStart}>
          <button
            ref={menuButton}
            type="button"
            className={classes.menuButton}
            onClick={onMenu}
            aria-expanded={menuOpen}
            aria-controls="main-navigation"
            data-testid="menu-open"
          >
            <IconMenu />
            <span>{t('nav.menu')}</span>
          </button>
          <Link to="/projects" className={classes.barLogo} aria-label={t('app_name')}>
            <img src="/logo-small.svg" alt="" width={36} height={36} />
          </Link>
        </div>
      )}
      <LanguageSwitch />
      {authenticated && (
        <Text fw={600} data-testid="welcome" className={classes.welcome}>
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
      {passwordUsed && <PasswordChangeModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />}
      {logoutUsed && (
        <LogoutConfirmModal
          pending={logout.pending}
          busy={logout.busy}
          onConfirm={() => void logout.confirm()}
          onCancel={logout.cancel}
        />
      )}
    </header>
  );
}
