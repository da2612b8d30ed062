import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { logout, pendingChangesCount } from '../../features/auth';

/** Log out from the settings menu: warns first when changes still wait to be sent, never deletes them. */
export function useLogout() {
  const navigate = useNavigate();
  const [pending, setPending] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  async function finish() {
    setBusy(true);
    try {
      await logout();
    } finally {
      setBusy(false);
      setPending(null);
      navigate('/login', { replace: true });
    }
  }

  async function request() {
    const count = await pendingChangesCount();
    if (count > 0) setPending(count);
    else await finish();
  }

  return {
    request,
    confirm: finish,
    cancel: () => setPending(null),
    pending,
    busy,
  };
}
