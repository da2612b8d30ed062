import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import { Menu } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconKey, IconLogout } from '../../ui/icons';
import { SettingsButton } from './SettingsButton';

export interface SettingsMenuProps {
  opened: boolean;
  onOpenedChange: (opened: boolean) => void;
  /** The stand-in icon had the focus when this replaced it: this menu's icon takes it over. */
  takeFocus: boolean;
  onPasswordChange: () => void;
  onLogout: () => void;
}

/**
 * The settings menu (password change, log out). With Mantine's menu, popover and floating positioning, it
 * loads when the icon is pointed at, focused or pressed (./UserBar.tsx), not with the first screen.
 */
export default function SettingsMenu({
  opened,
  onOpenedChange,
  takeFocus,
  onPasswordChange,
  onLogout,
}: SettingsMenuProps) {
  const { t } = useTranslation('auth');
  const target = useRef<HTMLButtonElement>(null);
  // Read once, at mount: later renders never move the focus.
  const focusAtMount = useRef(takeFocus);
  useEffect(() => {
    if (focusAtMount.current) target.current?.focus();
  }, []);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onOpenedChange}>
      <Menu.Target>
        <SettingsButton ref={target} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconKey size={18} />} onClick={onPasswordChange} mih={44}>
          {t('password_change.action')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={18} />} onClick={onLogout} mih={44}>
          {t('logout.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
