import { useEffect } from 'react';
import { refreshUser, setPendingChangesCheck, useSession } from '../features/auth';
import { Providers } from './providers';
import { AppRouter } from './router';

// The offline engine loads with the first signed-in screen, not with the public pages.
const loadSync = () => import('./sync-shell');
let syncLoaded = false;
// Logout warns about changes and files the local store has not sent yet.
setPendingChangesCheck(() =>
  syncLoaded ? loadSync().then((sync) => sync.localPendingChanges()) : Promise.resolve(0),
);

export function App() {
  useEffect(() => {
    void refreshUser();
    const onOnline = () => void refreshUser();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
  // Sign-in opens the user's local store and syncs it; sign-out stops (the data and outbox stay).
  const userId = useSession((state) => (state.authenticated ? (state.user?.id ?? null) : null));
  useEffect(() => {
    if (!userId && !syncLoaded) return;
    syncLoaded = true;
    void loadSync().then((sync) =>
      sync.connectSync(
        userId,
        () => useSession.getState().token,
        () => useSession.getState().user?.role ?? null,
      ),
    );
  }, [userId]);
  return (
    <Providers>
      <AppRouter />
    </Providers>
  );
}
