import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { refreshUser } from '../features/auth/session';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App() {
  const router = useMemo(() => createAppRouter(), []);
  useEffect(() => {
    void refreshUser();
    const onOnline = () => void refreshUser();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
