// What the sync panel and the "Needs attention" panel do, on the signed-in user's store: each action
// changes the local data in one transaction, then asks the engine to sync at once.
import { getActiveDb } from '../store/active';
import { discardEntry, discardPreview, retryEntry } from '../store/attention';
import type { LocalDb } from '../store/db';
import { setDeviceName, setKeptOffline } from '../store/meta';
import type { OutboxEntry } from '../store/schema';
import { syncNow } from './running';

export { syncNow } from './running';

function db(): LocalDb {
  const open = getActiveDb();
  if (!open) throw new Error('The local store is not open (nobody is signed in).');
  return open;
}

/**
 * Fix and retry a change that needs attention: `data` holds the corrected fields (laid over what the
 * change carried); without it the change is sent again as it is. Throws LocalValidationError.
 */
export async function retryChange(mutationId: string, data?: Record<string, unknown>): Promise<void> {
  await retryEntry(db(), mutationId, data);
  void syncNow();
}

/** The changes a discard would remove: the refused one and those that depend on it (for the confirmation). */
export function changesDiscardedWith(mutationId: string): Promise<OutboxEntry[]> {
  return discardPreview(db(), mutationId);
}

/**
 * Discard a change that needs attention on purpose, with the changes depending on it; the records go back
 * to the server's last version (or away, if the server never had them). Returns how many were removed.
 */
export async function discardChange(mutationId: string): Promise<number> {
  return discardEntry(db(), mutationId);
}

/** Keep a project on this device (or stop keeping it: its rows go, except those with unsent changes). */
export async function keepProjectOffline(projectId: string, keep: boolean): Promise<void> {
  await setKeptOffline(db(), projectId, keep);
  void syncNow();
}

/** The name the office sees for this device ("Tablet 3"); sent with the next push or pull. */
export async function nameThisDevice(name: string | null): Promise<void> {
  await setDeviceName(db(), name);
}
