import { revokeToken } from '../../api/auth';
import { isOnline } from '../../api/http';
import { pendingChangesCount } from './pending';
import { clearSession, useSession } from './session';
import { noteWaiting } from './waiting';

export { pendingChangesCount, setPendingChangesCheck } from './pending';

/**
 * Ends the session: revokes the token on the server when online (a failure there does not keep the user
 * signed in), then forgets it on this device. Never touches local data or the outbox.
 */
export async function logout(): Promise<void> {
  // Work left behind is noted, so the sign-in screen says whose it is (./waiting.ts).
  const { username } = useSession.getState();
  if (username) noteWaiting(username, await pendingChangesCount(), 'logout');
  if (isOnline()) {
    try {
      await revokeToken();
    } catch {
      // Already revoked, expired or unreachable: the local session ends anyway.
    }
  }
  await clearSession();
}
