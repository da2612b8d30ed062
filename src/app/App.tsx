import { useEffect } from 'react';
import { refreshUser } from '../features/auth/session';
import { Providers } from './providers';
import { AppRouter } from './router';

export function App() {
  useEffect(() => {
    void refreshUser();
    const onOnline = () => void refreshUser();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  return (
    <Providers>
      <AppRouter />
    </Providers>
  );
}
