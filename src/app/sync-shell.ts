// The shell's entry to the offline engine (loaded lazily with the first signed-in screen).
import type { Role } from '../domain/resource';
import { endRefusedSession } from '../features/auth';
import { setRoleSource } from '../store/active';
import { connectSync as follow } from '../sync/lifecycle';
import { afterSettled } from '../ui/preload';

export { localPendingChanges } from '../sync/lifecycle';

/**
 * Follows the signed-in user (null: nobody): their store opens and syncs; the role guards writes. A token
 * the server refuses ends the session as a 401 from /users/me/ does: the unsent work stays in this user's
 * store (sent only under their own token, when they sign in again) and the sign-in screen says so. The
 * file uploader and the import queue start once the page has settled: not the first screen's code.
 */
export function connectSync(
  userId: string | null,
  token: () => string | null,
  role: () => Role | null,
): void {
  setRoleSource(role);
  follow(
    userId,
    token,
    () => {
      const refused = token();
      if (refused) void endRefusedSession(refused);
    },
    afterSettled,
  );
}
