// The signed-in user's local store, for screens: `save`, `update` and `remove` write to it, and the
// hooks read from it. The sync lifecycle opens it at sign-in and closes it at sign-out.

import { catalogue } from '../domain/catalogue';
import type { ResourceName } from '../domain/registry';
import type { LocalDb } from './db';
import type { WriteContext, WriteResult } from './writes';

// Writes validate with the domain's zod schemas: their code loads once the first screen has settled (or
// with the first write), not with the first screen.
type Writes = typeof import('./writes');
let writes: Writes | undefined;

/** Loads the writes' code; a caller about to write inside its own Dexie transaction awaits it first. */
export async function loadWrites(): Promise<void> {
  writes ??= await import('./writes');
}

/** Runs `write` with the writes' code: at once (no await, so inside a transaction) once it is loaded. */
function withWrites<T>(write: (code: Writes) => Promise<T>): Promise<T> {
  if (writes) return write(writes);
  return loadWrites().then(() => withWrites(write));
}

let active: WriteContext | null = null;
let roleSource: WriteContext['role'];
const listeners = new Set<() => void>();

/** Where the signed-in user's role comes from (the session), for the write permission check. */
export function setRoleSource(source: WriteContext['role']): void {
  roleSource = source;
}

/** Sets (or clears) the store screens use; the sync lifecycle calls it. */
export function setActiveStore(context: WriteContext | null): void {
  active = context;
  for (const listener of listeners) listener();
}

export function getActiveStore(): WriteContext | null {
  return active;
}

export function getActiveDb(): LocalDb | null {
  return active?.db ?? null;
}

/** For useSyncExternalStore: re-render when the user's store opens or closes. */
export function subscribeActiveStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function requireStore(): WriteContext {
  if (!active) throw new Error('The local store is not open (nobody is signed in).');
  return active.role || !roleSource ? active : { ...active, role: roleSource };
}

/**
 * Creates a record (a new UUIDv7 id unless `record.id` is given), or saves the fields that differ when the
 * id exists. Throws LocalValidationError with field errors before saving anything.
 */
export function save(resource: ResourceName, record: Record<string, unknown>): Promise<WriteResult> {
  const store = requireStore();
  return withWrites((code) => code.saveRecord(store, resource, record));
}

/** Changes only the given fields of a record. */
export function update(
  resource: ResourceName,
  id: string,
  changes: Record<string, unknown>,
): Promise<WriteResult> {
  const store = requireStore();
  return withWrites((code) => code.updateRecord(store, resource, id, changes));
}

/** Deletes a record here and queues its delete for the server. */
export function remove(resource: ResourceName, id: string): Promise<WriteResult> {
  const store = requireStore();
  return withWrites((code) => code.removeRecord(store, resource, id));
}

/** Whether the signed-in user may add records of `resource` (staff add vessels, ports, customers...). */
export function mayCreate(resource: ResourceName): boolean {
  const needed = catalogue.resources[resource].creatableBy;
  const role = (active?.role ?? roleSource)?.() ?? null;
  return needed === 'staff' || (needed === 'admin' && role === 'admin');
}
