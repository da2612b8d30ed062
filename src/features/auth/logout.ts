import { revokeToken } from '../../api/auth';
import { isOnline } from '../../api/client';
import { clearSession } from './session';

/** How many local changes still wait to be sent; the sync layer provides it (none until it exists). */
export type PendingChangesCheck = () => Promise<number>;

let pendingChangesCheck: PendingChangesCheck = async () => 0;

/** The offline engine calls this once at start so logout can warn about unsent changes. */
export function setPendingChangesCheck(check: PendingChangesCheck): void {
  pendingChangesCheck = check;
}

export async function pendingChangesCount(): Promise<number> {
  try {
    return await pendingChangesCheck();
  } catch {
    return 0;
  }
}

/**
 * Ends the session: revokes the token on the server when online (a failure there does not keep the user
 * signed in), then forgets it on this device. Never touches local data or the outbox.
 */
export async function logout(): Promise<void> {
  if (isOnline()) {
    try {
      await revokeToken();
    } catch {
      // Already revoked, expired or unreachable: the local session ends anyway.
    }
  }
  await clearSession();
}
