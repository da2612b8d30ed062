// The shell's entry to the offline engine (loaded lazily with the first signed-in screen).
import type { Role } from '../domain/resource';
import { setRoleSource } from '../store/active';
import { connectSync as follow } from './lifecycle';

export { localPendingChanges } from './lifecycle';

/** Follows the signed-in user (null: nobody): their store opens and syncs; the role guards writes. */
export function connectSync(
  userId: string | null,
  token: () => string | null,
  role: () => Role | null,
): void {
  setRoleSource(role);
  follow(userId, token);
}
