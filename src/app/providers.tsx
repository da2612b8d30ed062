import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../ui/LoadBoundary';
import { localizedTheme } from './theme';

// The notices' container (and its transitions) loads with the first notice, not with the first screen;
// a notice shown before it mounts waits in the notifications store.
const NoticeContainer = lazyPart(() => import('./NoticeContainer'));

function DeferredNotices() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return <NoticeContainer />;
}

export function Providers({ children }: { children: ReactNode }) {
  // 'common' loads with the start-up (before the first render), so this never waits.
  const { t } = useTranslation('common');
  const theme = useMemo(() => localizedTheme({ clear: t('clear'), close: t('close') }), [t]);
  return (
    // Every CSS variable of the theme in the style it renders with the first screen, not only those that
    // differ from Mantine's defaults: the start-up stylesheet leaves the defaults out (./styles/first.css).
    <MantineProvider theme={theme} defaultColorScheme="light" deduplicateCssVariables={false}>
      <DeferredNotices />
      {children}
    </MantineProvider>
  );
}
