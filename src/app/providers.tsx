import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { theme } from './theme';

// The notices' container loads after the first screen; notices shown before it mounts wait in its store.
const NoticeContainer = lazy(() => import('./NoticeContainer'));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NoticeContainer />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
