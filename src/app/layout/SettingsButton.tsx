import { ActionIcon } from '@mantine/core';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSettings } from '../../ui/icons';

/** The settings icon: the menu's target (./SettingsMenu.tsx), and alone until the menu's code has loaded. */
export const SettingsButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function SettingsButton(props, ref) {
    const { t } = useTranslation('common');
    return (
      <ActionIcon
        ref={ref}
        variant="subtle"
        color="dark"
        aria-label={t('user_bar.settings')}
        data-testid="settings"
        {...props}
      >
        <IconSettings />
      </ActionIcon>
    );
  },
);
